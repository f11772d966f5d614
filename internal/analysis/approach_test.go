package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionsFromApproaches: an approach the assistant states against
// others ("the lightest-weight approach is to …", "…, which is the
// standard approach") and then carries out is a decision with that as
// its rationale; a proposal the steward accepts ("The fix is simple: …
// Want me to make this change?" — "yes") is one with the sentence that
// argues for it; an approach only mused about, or one the steward turns
// down, is none.
func TestDecisionsFromApproaches(t *testing.T) {
	c := newConvo()
	c.steward("The CLI takes a few hundred milliseconds to start. Add tracing, as light as possible.")
	c.assistant("The lightest-weight approach is to add Go's built-in runtime/trace support, enabled via an environment variable.")
	c.tool("Edit", obj{"file_path": "main.go", "old_string": "func main() {", "new_string": "func main() {\n\tstartTrace()"}, "ok", "")
	c.steward("Now retry the release when notarization times out.")
	c.assistant("I'll add retry logic using the nick-fields/retry action, which is the standard approach for GitHub Actions.")
	c.tool("Edit", obj{"file_path": ".github/workflows/release.yml", "old_string": "run: goreleaser", "new_string": "uses: nick-fields/retry@v3"}, "ok", "")
	c.steward("One more review comment: the default case duplicates the Claude case.")
	c.assistant("The feedback is valid. The fix is simple: remove the explicit Claude case and let default handle it. This keeps the behaviour and removes the duplication. Want me to make this change?")
	c.steward("yes")
	c.assistant("The best approach would be to cache the settings in memory. Want me to do that?")
	c.steward("no, leave it")
	c.assistant("The cleanest option is to split the parser into two files.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := map[string]baton.Decision{}
	for _, d := range s.Summary.Decisions {
		got[d.Decision] = d
	}
	want := map[string]string{
		"add Go's built-in runtime/trace support, enabled via an environment variable": "the lightest-weight approach",
		"add retry logic using the nick-fields/retry action":                           "the standard approach for GitHub Actions",
		"remove the explicit Claude case and let default handle it":                    "This keeps the behaviour and removes the duplication",
	}
	for text, why := range want {
		d, ok := got[text]
		if !ok {
			t.Errorf("decisions %+v lack %q", s.Summary.Decisions, text)
			continue
		}
		if d.Rationale != why {
			t.Errorf("%q: rationale %q, want %q", text, d.Rationale, why)
		}
	}
	for _, not := range []string{"cache the settings in memory", "split the parser into two files"} {
		if _, ok := got[not]; ok {
			t.Errorf("%q became a decision: %+v", not, s.Summary.Decisions)
		}
	}
}
