package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionDeclinedPart: the steward turns down a part of what the
// assistant just built ("I don't need the hover effects"): the course
// without it. A thing the assistant never mentioned is no part of its
// offer, and a reply that turns the steward down settles nothing.
func TestDecisionDeclinedPart(t *testing.T) {
	c := newConvo()
	c.steward("make the card header look more modern")
	c.assistant("Here is an updated header:\n\n1. A gradient overlay.\n2. A pseudo-element that adds a shine effect on hover.")
	c.steward("the gradient is a little too much and I don't need the hover effects")
	c.assistant("Understood: a subtler gradient without hover effects.")
	checkDecisions(t, c, []baton.Decision{{Decision: "no hover effects"}})

	c = newConvo()
	c.steward("remove day-8 from the history")
	c.assistant("I'll rebase the unpushed commits to drop it.")
	c.steward("will this keep it on disk? I don't want the notes lost!")
	c.assistant("Yes, it stays on disk.")
	checkDecisions(t, c, nil) // the notes were never part of the offer

	c = newConvo()
	c.steward("make the card header look more modern")
	c.assistant("Here is a header with a gradient and hover effects.")
	c.steward("I don't need the hover effects")
	c.assistant("Unfortunately the theme requires them.")
	checkDecisions(t, c, nil)
}

// TestDecisionKeptForCompatibility: a thing kept, against the change
// around it, so that what depends on it goes on working.
func TestDecisionKeptForCompatibility(t *testing.T) {
	c := newConvo()
	c.steward("Switch the file keys to random ones.\n\n- Add `generateFileKey()`: a random key per file\n- Keep `deriveFileKey()` for backward compat (migration reads)")
	c.assistant("On it.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Keep deriveFileKey() for backward compat", Rationale: "migration reads",
		Alternatives: []string{"remove deriveFileKey()"}}})

	// Said by the assistant, never carried out.
	c = newConvo()
	c.steward("what would the migration look like?")
	c.assistant("We could keep the old flag as a deprecated alias.")
	c.steward("ok, let's discuss tomorrow")
	checkDecisions(t, c, nil)
}
