package analysis

import "strings"

// A list the assistant opens with a lead line of its own ("Next steps:",
// "Here's why:", "Would you like me to:") holds steps still to take,
// reasons or offers: its items ("Review `git status` to verify only the
// intended files changed", "Consistency with future commands: we'll
// likely want `list finished`") report no work done, whatever words they
// use.

// LeftLeads open a line that introduces a list of what is left to do.
var LeftLeads = []string{"left for the next session", "left for next time", "left for tomorrow", "left to do", "still to do",
	"next steps", "next step", "next up", "what's left", "remaining", "to do next", "for the next session", "for next time",
	"open items", "follow-ups", "follow ups"}

// reasonLeads and offerLeads open a line that introduces a list of the
// reasons for a choice, or of what the steward or the assistant could do.
var (
	reasonLeads = []string{"here's why", "here is why", "why:", "reasons", "benefits", "advantages", "pros", "cons",
		"trade-offs", "tradeoffs", "rationale"}
	offerLeads = []string{"would you like me to", "do you want me to", "shall i", "i can also", "you could", "you can",
		"you may want to", "options", "suggestions", "recommendations", "consider", "i should have", "to verify", "to try it"}
)

// aheadLead reports a line that introduces such a list: a heading, or a
// line that ends with a colon, of at most eight words, holding one of
// LeftLeads, reasonLeads or offerLeads as words of their own.
func aheadLead(trimmed string) bool {
	heading := strings.HasPrefix(trimmed, "#")
	t := strings.Trim(trimmed, "#*_` ")
	if !heading && !strings.HasSuffix(t, ":") || t == "" {
		return false
	}
	t = strings.ToLower(strings.ReplaceAll(t, "’", "'"))
	if len(strings.Fields(t)) > 8 {
		return false
	}
	padded := " " + strings.TrimSuffix(t, ":") + " "
	for _, cues := range [][]string{LeftLeads, reasonLeads, offerLeads} {
		for _, c := range cues {
			if strings.Contains(padded, " "+strings.TrimSuffix(c, ":")+" ") {
				return true
			}
		}
	}
	return false
}

// listItemLine reports a line that is an item of a list: "- ", "* ",
// "+ ", "• " or "1. " / "1) " opens it (trimmed).
func listItemLine(trimmed string) bool {
	if len(trimmed) >= 2 && (trimmed[0] == '-' || trimmed[0] == '*' || trimmed[0] == '+') && trimmed[1] == ' ' {
		return true
	}
	if strings.HasPrefix(trimmed, "• ") {
		return true
	}
	n := 0
	for n < len(trimmed) && n < 3 && digit(trimmed[n]) {
		n++
	}
	return n > 0 && n+1 < len(trimmed) && (trimmed[n] == '.' || trimmed[n] == ')') && trimmed[n+1] == ' '
}
