package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestStewardRequirementOnAPartsForm: a steward's "X should/must …" that
// names the form a part of the product takes (a format, a convention, a
// naming, an exact measure) is a decision; one about the state of the
// work, a person, a pronoun, a part without a form named, a question, a
// hypothetical, or one of many rules in a pasted guideline is not.
func TestStewardRequirementOnAPartsForm(t *testing.T) {
	c := newConvo()
	c.steward("Add the create command. the title should be ai-generated in the conventional commits format")
	checkDecisions(t, c, []baton.Decision{{Decision: "the title should be ai-generated in the conventional commits format"}})

	c = newConvo()
	c.steward("The cache key must be named in kebab-case.")
	checkDecisions(t, c, []baton.Decision{{Decision: "The cache key must be named in kebab-case"}})

	for _, s := range []string{
		"the tests should pass in the standard format now",        // the state of the work
		"you should use the conventional commits format",          // a person, not a part
		"it should be formatted properly",                         // a pronoun
		"the status indicator should be in the footer",            // no form named
		"should the title be in the conventional commits format?", // a question
		"the output should already be formatted",                  // the present state
		"The log must be formatted as JSON. The report must follow the house style convention. The ids must match exactly 8 digits.", // a pasted guideline
	} {
		c = newConvo()
		c.steward(s)
		checkDecisions(t, c, nil)
	}
}
