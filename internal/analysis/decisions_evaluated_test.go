package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionEvaluatedApproach: the assistant judges one approach the
// best of those in view ("X is the cleanest solution") and the session
// takes it: a decision, with a "since …" clause as its reason. A judgement
// of something pointed at ("this is the recommended approach"), one the
// steward turns down, and one nobody takes up are not.
func TestDecisionEvaluatedApproach(t *testing.T) {
	c := newConvo()
	c.steward("the notes file was committed by mistake, pick the best path forward")
	c.assistant("Since all 17 commits are unpushed, interactive rebase is the cleanest solution.")
	c.steward("will this keep the file on my disk?")
	checkDecisions(t, c, []baton.Decision{{Decision: "use interactive rebase", Rationale: "all 17 commits are unpushed"}})

	c = newConvo()
	c.steward("GitHub blocks the push because of the secrets")
	c.assistant("Looking at the GitHub documentation, the interactive rebase approach is indeed the recommended method for removing secrets from earlier commits.")
	c.tool("Bash", obj{"command": "git rebase -i 01ec942~1"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "use interactive rebase approach for removing secrets from earlier commits"}})

	// Pointed at: the approach is named elsewhere.
	c = newConvo()
	c.steward("how do I install it?")
	c.assistant("Download the install script. This is the recommended approach from the docs.")
	c.steward("done")
	checkDecisions(t, c, nil)

	// Turned down.
	c = newConvo()
	c.steward("the notes file was committed by mistake")
	c.assistant("Interactive rebase is the cleanest solution.")
	c.steward("no, just add a commit that removes it")
	checkDecisions(t, c, nil)

	// Nobody takes it up: the session ends there.
	c = newConvo()
	c.steward("what would you do about the notes file?")
	c.assistant("Interactive rebase is the cleanest solution.")
	checkDecisions(t, c, nil)
}
