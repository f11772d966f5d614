package continuity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// BridgeMarkdown is a bridge as the next session receives it: exactly the
// text the editor previews.
func BridgeMarkdown(b *baton.Bridge) string {
	var w strings.Builder
	tc, hi := b.Transferred, b.Instructions
	title := b.FromTitle
	if title == "" {
		title = "the previous session"
	}
	fmt.Fprintf(&w, "# Handoff from %s\n\n", oneLine(title))
	if b.Status != baton.BridgePublished {
		w.WriteString("_Draft: not reviewed by the steward yet._\n\n")
	}
	section := func(head, body string) {
		if strings.TrimSpace(body) != "" {
			fmt.Fprintf(&w, "## %s\n%s\n", head, strings.TrimRight(body, "\n")+"\n")
		}
	}
	section("Immediate priority", oneLine(hi.ImmediatePriority))
	section("Summary", strings.TrimSpace(tc.Summary))
	var s strings.Builder
	for i, t := range tc.ActiveTasks {
		fmt.Fprintf(&s, "%d. [%s] %s", i+1, strings.ReplaceAll(t.Status, "_", " "), oneLine(t.Task))
		if t.Context != "" {
			fmt.Fprintf(&s, " — %s", oneLine(t.Context))
		}
		s.WriteString("\n")
	}
	section("Active tasks", s.String())
	s.Reset()
	for _, q := range tc.OpenQuestions {
		fmt.Fprintf(&s, "- (%s) %s", q.Priority, oneLine(q.Question))
		if q.Context != "" {
			fmt.Fprintf(&s, " — %s", oneLine(q.Context))
		}
		s.WriteString("\n")
	}
	section("Open questions", s.String())
	s.Reset()
	for _, d := range tc.RecentDecisions {
		fmt.Fprintf(&s, "- %s", oneLine(d.Decision))
		if d.Rationale != "" {
			fmt.Fprintf(&s, " — because %s", oneLine(d.Rationale))
		}
		if alts := unsaidAlternatives(d.Decision, d.AlternativesConsidered); len(alts) > 0 {
			fmt.Fprintf(&s, " (instead of: %s)", oneLine(strings.Join(alts, "; ")))
		}
		s.WriteString("\n")
	}
	section("Recent decisions", s.String())
	section("Avoid repeating", bullets(hi.AvoidRepeating))
	section("Key context", bullets(hi.KeyContext))
	s.Reset()
	st := tc.StewardState
	fmt.Fprintf(&s, "- Mood: %s; energy: %s\n", orDash(strings.Join(st.CurrentMood, ", ")), orDash(st.EnergyLevel))
	if len(st.FocusAreas) > 0 {
		fmt.Fprintf(&s, "- Focus: %s\n", oneLine(strings.Join(st.FocusAreas, ", ")))
	}
	if len(st.RecentWins) > 0 {
		fmt.Fprintf(&s, "- Recent wins: %s\n", oneLine(strings.Join(st.RecentWins, "; ")))
	}
	if len(st.RecentChallenges) > 0 {
		fmt.Fprintf(&s, "- Recent challenges: %s\n", oneLine(strings.Join(st.RecentChallenges, "; ")))
	}
	section("Steward state", s.String())
	s.Reset()
	ts := tc.TechnicalState
	if ts.CurrentBranch != "" {
		fmt.Fprintf(&s, "- Branch: %s\n", oneLine(ts.CurrentBranch))
	}
	fmt.Fprintf(&s, "- Uncommitted changes: %s\n", yesNo(ts.UncommittedChanges))
	for _, e := range ts.ActiveErrors {
		fmt.Fprintf(&s, "- Active error: %s\n", oneLine(e))
	}
	keys := make([]string, 0, len(ts.EnvironmentState))
	for k := range ts.EnvironmentState {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&s, "- %s: %s\n", oneLine(k), oneLine(ts.EnvironmentState[k]))
	}
	section("Technical state", s.String())
	section("Communication style", oneLine(hi.CommunicationStyle))
	return strings.TrimRight(w.String(), "\n") + "\n"
}

func bullets(items []string) string {
	var b strings.Builder
	for _, it := range items {
		if it = oneLine(it); it != "" {
			fmt.Fprintf(&b, "- %s\n", it)
		}
	}
	return b.String()
}

// oneLine keeps an edited value from breaking the Markdown around it.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// unsaidAlternatives is the alternatives a decision's own words do not
// already name: "use a Lua script instead of MULTI/EXEC" needs no
// "(instead of: MULTI/EXEC)" after it.
func unsaidAlternatives(decision string, alternatives []string) []string {
	lower := strings.ToLower(decision)
	var out []string
	for _, a := range alternatives {
		if a = strings.TrimSpace(a); a != "" && !strings.Contains(lower, strings.ToLower(a)) {
			out = append(out, a)
		}
	}
	return out
}
