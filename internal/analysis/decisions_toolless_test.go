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

	// The steward goes on with it.
	c := newConvo()
	c.steward("the cache needs to survive restarts")
	c.assistant(says)
	c.steward("great, and add an expiry of one day")
	checkDecisions(t, c, want)

	// The session ends on it.
	c = newConvo()
	c.steward("the cache needs to survive restarts")
	c.assistant(says)
	checkDecisions(t, c, want)

	// Turned down.
	c = newConvo()
	c.steward("the cache needs to survive restarts")
	c.assistant(says)
	c.steward("no, keep Redis and turn on its snapshots")
	checkDecisions(t, c, nil)

	// Held back before it is carried out.
	c = newConvo()
	c.steward("the cache needs to survive restarts")
	c.assistant(says)
	c.steward("wait, first show me how big the cache gets")
	checkDecisions(t, c, nil)

	// The session records its tool calls, and none changes a file.
	c = newConvo()
	c.steward("the cache needs to survive restarts")
	c.tool("Read", obj{"file_path": "cache/store.go"}, "package cache", "")
	c.assistant(says)
	c.steward("great, and add an expiry of one day")
	checkDecisions(t, c, nil)

	// A text export that writes its tool calls out shows the same.
	c = newConvo()
	c.steward("the cache needs to survive restarts")
	c.assistant(says + "\n\n⏺ Read(cache/store.go)\n  ⎿  Read 30 lines")
	c.steward("great, and add an expiry of one day")
	checkDecisions(t, c, nil)
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
