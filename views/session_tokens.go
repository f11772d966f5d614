package views

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// shownConversationLabel names the conversation the message count counts.
func shownConversationLabel(p SessionPage) string {
	if p.Conversation != nil && p.Conversation.ParentConversationID != nil {
		return "in this conversation"
	}
	return "in the main conversation"
}

// estimatedCost writes a session's estimated cost: dollars and cents, "<
// $0.01" for less, and what share of the tokens had no price.
func estimatedCost(t baton.SessionTokens) string {
	var s string
	switch {
	case t.Unpriced >= t.Total:
		return "unknown (no price for the model)"
	case t.CostUSD < 0.01:
		s = "< $0.01"
	default:
		s = fmt.Sprintf("≈ $%.2f", t.CostUSD)
	}
	if t.Unpriced > 0 {
		s += fmt.Sprintf(" + %s tokens without a price", count(t.Unpriced))
	}
	return s
}

func tokenBreakdown(t baton.SessionTokens) string {
	return fmt.Sprintf("input %s, output %s, cache read %s, cache write %s", count(t.Input), count(t.Output), count(t.CacheRead), count(t.CacheWrite))
}
