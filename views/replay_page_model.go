package views

import (
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
)

// ReplayPage is one replay and the conversation that holds its run.
type ReplayPage struct {
	Page
	Replay       *baton.Replay
	Conversation *baton.Conversation
	// CanRun is set when a model server is configured and the replay has not run.
	CanRun bool
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
