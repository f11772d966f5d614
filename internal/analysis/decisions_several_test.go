package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionSeveralItemsTaken: a reply that leads by taking several of
// the items the assistant listed and asked about ("yes, all of those",
// "let's try the first two") takes those items, the rest its
// alternatives; one that doubts them, or an offer that asks nothing, takes
// none.
func TestDecisionSeveralItemsTaken(t *testing.T) {
	offer := "The exporter runs.\n\n**Possible additions:**\n- CSV output\n- A retry budget (per host)\n- Gzip of the archives\n\nWant me to add any of these?"
	c := newConvo()
	c.assistant(offer)
	c.steward("yes, all of those would help")
	checkDecisions(t, c, []baton.Decision{{Decision: "take up all of CSV output, A retry budget and Gzip of the archives"}})

	c = newConvo()
	c.assistant("Candidate work for the sprint:\n1. **Login page** - form and validation\n2. **Audit log** - one table\n3. **Dark mode** - theme tokens\n\nWhich ones should we start on?")
	c.steward("Let's try the first two. Then we can look at the rest.")
	checkDecisions(t, c, []baton.Decision{{Decision: "start with Login page and Audit log", Alternatives: []string{"Dark mode"}}})

	for _, reply := range []string{"not all of those, only the CSV output", "all of those? how long would it take"} {
		c = newConvo()
		c.assistant(offer)
		c.steward(reply)
		checkDecisions(t, c, nil)
	}
	c = newConvo()
	c.assistant("Added:\n- CSV output\n- A retry budget\n\nThe tests pass.")
	c.steward("all of those look right")
	checkDecisions(t, c, nil)
}
