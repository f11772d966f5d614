package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionCreditedToTheSteward: the assistant credits a course to the
// steward ("as you suggested: …", "your suggestion of X is clearer
// because …", "per your instruction, …"): the steward's proposal was
// taken. A reply the steward turns down next, or a credited routine step,
// is none.
func TestDecisionCreditedToTheSteward(t *testing.T) {
	c := newConvo()
	c.steward("Maybe keep it simple: put every exporter in one registry and give groups of them short names.")
	c.assistant("Simple as you suggested: every exporter in the registry, named groups of slugs for the presets.")
	c.steward("great")
	checkDecisions(t, c, []baton.Decision{{Decision: "every exporter in the registry, named groups of slugs for the presets"}})

	c = newConvo()
	c.steward("What about calling it with_shared_flags?")
	c.assistant("Your suggestion of `with_shared_flags` is clearer because it says what the decorator adds.")
	checkDecisions(t, c, []baton.Decision{{Decision: "use with_shared_flags", Rationale: "clearer because it says what the decorator adds"}})

	c = newConvo()
	c.steward("Put the presets in the registry.")
	c.assistant("As you suggested: presets in the registry, one file each.")
	c.steward("no, keep them in the config file")
	checkDecisions(t, c, nil) // turned down

	c = newConvo()
	c.steward("Run the tests first.")
	c.assistant("Per your instruction, run the tests before the commit.")
	checkDecisions(t, c, nil) // a routine step
}
