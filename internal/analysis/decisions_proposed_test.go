package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionProposedPlanGoneAhead: a plan the assistant lays out in its
// reply, its steps stated against what they replace, and a steward who
// says "continue": the compared steps are decisions. The same plan left
// unanswered, or answered with another course, gives none.
func TestDecisionProposedPlanGoneAhead(t *testing.T) {
	plan := "Here's the revised plan:\n\n**DETAILED PLAN**\n\n" +
		"1.  **Merge the exporters:** Instead of three exporter classes (`csv`, `tsv`, `xlsx`), we'll have *one* `Exporter` with a format argument. This removes the duplication.\n\n" +
		"2.  **Simplify settings:** Instead of the settings registry, we'll pass a plain dataclass to the exporter.\n\n" +
		"3.  **Tests:** Update the tests to the new interface.\n"
	c := newConvo()
	c.steward("Read the notes and plan the refactoring of the exporters.")
	c.assistant(plan)
	c.steward("continue")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "have one Exporter with a format argument instead of three exporter classes", Alternatives: []string{"three exporter classes"}},
		{Decision: "pass a plain dataclass to the exporter instead of the settings registry", Alternatives: []string{"the settings registry"}},
	})

	c = newConvo()
	c.steward("Read the notes and plan the refactoring of the exporters.")
	c.assistant(plan)
	c.steward("no, keep the three classes and only fix the tests")
	checkDecisions(t, c, nil)
}

// TestDecisionUseNotOther: a steward's "use X not Y" inside a request
// sets the course against the one it replaces; "use X if it is not Y" is
// a condition, not a choice.
func TestDecisionUseNotOther(t *testing.T) {
	c := newConvo()
	c.steward("Run the linters now and then. Use `uv pip ...` not `pip ...`. Then update the changelog.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Use uv pip ... instead of pip", Alternatives: []string{"pip"}}})

	c = newConvo()
	c.steward("Use the cached token if it is not expired. Then update the changelog.")
	checkDecisions(t, c, nil)
}

// TestDecisionEchoedOption: the assistant offers courses, the talk turns
// elsewhere, and the steward's later message repeats one of them: that
// course is the decision. A message that repeats two, or none, picks
// nothing.
func TestDecisionEchoedOption(t *testing.T) {
	offer := "I skipped the tests for the importer.\n\nWould you like me to:\n1. Remove the untested retry code from the importer (backoff, logging)?\n2. Write failing tests for each retry behaviour first?\n"
	c := newConvo()
	c.assistant(offer)
	c.steward("Can you show me the coverage report first?")
	c.assistant("Coverage is 88%; the retry code is the gap.")
	c.steward("Remove the untested retry code from the importer (backoff, logging). Then carry on.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "Remove the untested retry code from the importer (backoff, logging)",
		Alternatives: []string{"Write failing tests for each retry behaviour first"},
	}})

	c = newConvo()
	c.assistant(offer)
	c.steward("Thanks, carry on with the exporter.")
	checkDecisions(t, c, nil)
}
