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
	return "in main"
}

// estimatedCost writes a session's estimated cost: dollars and cents, "<
// $0.01" for less, and what share of the tokens had no price.
func estimatedCost(t baton.SessionTokens) string {
	var s string
	switch {
	case t.Unpriced >= t.Total:
		return "cost unknown"
	case t.CostUSD < 0.01:
		s = "< $0.01"
	default:
		s = fmt.Sprintf("≈ $%.2f", t.CostUSD)
	}
	if t.Unpriced > 0 {
		s += fmt.Sprintf(" + %s unpriced tokens", compactCount(t.Unpriced))
	}
	return s
}

// messageCountTitle explains the strip's message counts.
func messageCountTitle(p SessionPage) string {
	return fmt.Sprintf("%s messages in the conversation shown; %s in all %d conversations of the session (forks and subagents included)",
		count(messageCount(p)), count(p.Session.MessageCount), len(p.Conversations))
}

// compactCount writes a large count short: 266.6k, 1.2M.
func compactCount(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return count(n)
}

// listTokens is a session list cell: the total, short; "—" for none.
func listTokens(t baton.SessionTokens) string {
	if t.Total == 0 {
		return "—"
	}
	return compactCount(t.Total)
}

// listCost is a session list cell: the estimated cost, "—" when unknown.
func listCost(t baton.SessionTokens) string {
	switch {
	case t.Total == 0 || t.Unpriced >= t.Total:
		return "—"
	case t.CostUSD < 0.01:
		return "< $0.01"
	}
	return fmt.Sprintf("$%.2f", t.CostUSD)
}
