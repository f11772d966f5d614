package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestScopedStepCarriedOut: a step the assistant bounds against the
// wider course ("only that hook, leaving the others untouched") and then
// carries out is a decision, with its reason and what it spares; the same
// sentence with nothing done after it, a routine step bounded the same
// way, and a bounded step with no reason and nothing spared are not.
func TestScopedStepCarriedOut(t *testing.T) {
	c := newConvo()
	c.assistant("I'll remove only that stale generated hook so pushes no longer run `prek`, leaving the other active hooks untouched.")
	c.tool("Bash", obj{"command": "rm .git/hooks/pre-push.pre-entire"}, "", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "remove only that stale generated hook, leaving the other active hooks alone",
		Rationale: "pushes no longer run prek", Alternatives: []string{"touch the other active hooks"}}})

	c = newConvo()
	c.assistant("I'll update the workflow without touching the release job.")
	c.tool("Edit", obj{"file_path": ".github/workflows/ci.yml", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "update the workflow, leaving the release job alone",
		Alternatives: []string{"touch the release job"}}})

	c = newConvo()
	c.assistant("I'll remove only that stale generated hook so pushes no longer run `prek`, leaving the other active hooks untouched.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("I'll run only the unit tests so the check stays fast, leaving the e2e suite alone.")
	c.tool("Edit", obj{"file_path": "a.go", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("I'll read only the first part of the log.")
	c.tool("Edit", obj{"file_path": "a.go", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, nil)
}
