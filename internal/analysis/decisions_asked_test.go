package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionAskedAgainstAnAlternative: the steward asks for a course
// and names the one to avoid ("can we … without having to …", "how can I
// use X instead of Y?"); the assistant takes it up. A reply that turns it
// down, or a question with no alternative, is none.
func TestDecisionAskedAgainstAnAlternative(t *testing.T) {
	c := newConvo()
	c.steward("the integration tests keep failing - can we run them locally without having to push and wait for CI?")
	c.assistant("Yes, the suite runs against a local database; I'll set that up.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "run them locally instead of push and wait for CI",
		Alternatives: []string{"push and wait for CI"},
	}})

	c = newConvo()
	c.steward("how can i use the brand purple instead of the red shadow?")
	c.assistant("Replace the shadow colour in the card rule with the brand purple.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "use the brand purple instead of the red shadow",
		Alternatives: []string{"the red shadow"},
	}})

	c = newConvo()
	c.steward("can we deploy without having to build the image?")
	c.assistant("Unfortunately the platform only accepts images.")
	checkDecisions(t, c, nil) // turned down

	c = newConvo()
	c.steward("can we add a retry to the upload?")
	c.assistant("Sure.")
	checkDecisions(t, c, nil) // no alternative named
}
