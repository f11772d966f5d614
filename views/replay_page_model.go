package views

import (
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// ReplayPage is one replay and the conversation that holds its run.
type ReplayPage struct {
	Page
	Replay       *baton.Replay
	Conversation *baton.Conversation
	// CanRun is set when a model server is configured and the replay has not run.
	CanRun bool
	// Steps are the messages the fork holds after its fork point.
	Steps []*baton.Message
}

// stepText is what a step of a run shows: its text, or the tools it called.
func stepText(m *baton.Message) string {
	if m.Content != "" {
		return m.Content
	}
	var names []string
	for _, tc := range m.ToolCalls {
		names = append(names, tc.Name+" "+string(tc.Input))
	}
	return strings.Join(names, "; ")
}

// clipRunes shortens s to n runes, marking the cut.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func floatOrDash(f *float64) string {
	if f == nil {
		return "—"
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}

func intOrDash(n *int) string {
	if n == nil {
		return "—"
	}
	return strconv.Itoa(*n)
}
