package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionStatedInToollessExport: a chat export that keeps only the
// prose (no tool call anywhere, recorded or written out) cannot show a
// course carried out, so a course the assistant states is read as taken
// when the steward goes on with it or the session ends on it. Turned
// down, held back, or in a session that shows its tool calls and no
// change, it is still no decision.
func TestDecisionStatedInToollessExport(t *testing.T) {
	want := []baton.Decision{{Decision: "use SQLite for the cache instead of Redis",
		Rationale: "keeps the service a single binary", Alternatives: []string{"Redis"}}}
	says := "I'll use SQLite for the cache instead of Redis (which keeps the service a single binary)."
	for _, tc := range []struct {
		name  string
		read  bool   // the session records a read call before the course
		said  string // the assistant's message
		reply string // the steward's answer, "" when the session ends
		want  []baton.Decision
	}{
		{"the steward goes on with it", false, says, "great, and add an expiry of one day", want},
		{"the session ends on it", false, says, "", want},
		{"turned down", false, says, "no, keep Redis and turn on its snapshots", nil},
		{"held back before it is carried out", false, says, "wait, first show me how big the cache gets", nil},
		{"the session records its tool calls, and none changes a file", true, says, "great, and add an expiry of one day", nil},
		{"a text export that writes its tool calls out", false, says + "\n\n⏺ Read(cache/store.go)\n  ⎿  Read 30 lines",
			"great, and add an expiry of one day", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newConvo()
			c.steward("the cache needs to survive restarts")
			if tc.read {
				c.tool("Read", obj{"file_path": "cache/store.go"}, "package cache", "")
			}
			c.assistant(tc.said)
			if tc.reply != "" {
				c.steward(tc.reply)
			}
			checkDecisions(t, c, tc.want)
		})
	}
}

// TestToolInText: the marks of a tool call written out in a text export,
// of any tool; prose that only mentions tools is not one.
func TestToolInText(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"⏺ Bash(go test ./...)\n  ⎿  ok", true},
		{"Tool use: **read_file**", true},
		{"**[Read: cache/store.go]**", true},
		{"I read the file and ran the tests.", false},
		{"See **[the docs](https://example.com)**.", false},
	} {
		if got := toolInText(c.text); got != c.want {
			t.Errorf("toolInText(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
