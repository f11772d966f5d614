package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestStewardContrastInRequest: a request that sets the course the steward
// wants against the one it turns down states a decision — "I don't want X.
// I want Y." in two sentences, "don't X, just Y", a prohibition with what
// it protects ("we don't want to lose …", "otherwise …"). A "don't …, just
// tell me" that only bounds how the assistant answers, a manner of working
// ("don't overthink it"), a bare prohibition and a question are not.
func TestStewardContrastInRequest(t *testing.T) {
	c := newConvo()
	c.steward("Let's publish it today. I don't want to fix the hardcoded paths before publishing. I want to treat that as a failing test case.")
	checkDecisions(t, c, []baton.Decision{{Decision: "treat that as a failing test case", Alternatives: []string{"fix the hardcoded paths before publishing"}}})

	c = newConvo()
	c.steward("don't rebuild the whole index, just patch the stale entry in place")
	checkDecisions(t, c, []baton.Decision{{Decision: "patch the stale entry in place", Alternatives: []string{"rebuild the whole index"}}})

	c = newConvo()
	c.steward("Do not reinit the task tracker, we don't want to lose the history of tasks we have worked on")
	checkDecisions(t, c, []baton.Decision{{Decision: "don't reinit the task tracker", Rationale: "we don't want to lose the history of tasks we have worked on"}})

	for _, s := range []string{
		"DO NOT modify code, JUST identify where the issue lies, and why.",
		"don't overthink it, just make the test pass",
		"don't rebuild the whole index",
		"I don't want to fix the paths. Do you want to fix them?",
		"don't rebuild the index, just patch the entry?",
	} {
		c = newConvo()
		c.steward(s)
		checkDecisions(t, c, nil)
	}
}
