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
	checkDecisions(t, c, []baton.Decision{{Decision: "take up all of CSV output, a retry budget and gzip of the archives"}})

	c = newConvo()
	c.assistant("Candidate work for the sprint:\n1. **Login page** - form and validation\n2. **Audit log** - one table\n3. **Dark mode** - theme tokens\n\nWhich ones should we start on?")
	c.steward("Let's try the first two. Then we can look at the rest.")
	checkDecisions(t, c, []baton.Decision{{Decision: "start with login page and audit log", Alternatives: []string{"Dark mode"}}})

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

// TestDecisionOptionJoinedInSentence: options the steward takes together
// are joined into one sentence, where the capital each opened its own line
// with goes ("start with raise the upload limit and …"); a name keeps its
// capitals, first word or not, and so does a word written with capitals or
// digits inside it ("TypingIndicator", "E2E").
func TestDecisionOptionJoinedInSentence(t *testing.T) {
	c := newConvo()
	c.assistant("Ways to stop the nightly import timing out:\n1. Raise the upload limit\n2. Split the archive by month\n3. Move the job to a bigger runner\n\nWhich should I do first?")
	c.steward("Let's try the first two.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "start with raise the upload limit and split the archive by month",
		Alternatives: []string{"Move the job to a bigger runner"},
	}})

	for item, want := range map[string]string{
		"Raise the upload limit": "raise the upload limit",
		"Login page":             "login page",
		"Redis cache for tokens": "Redis cache for tokens",
		"CI matrix on Windows":   "CI matrix on Windows",
		"Use Postgres":           "use Postgres",
		"TypingIndicator":        "TypingIndicator",
		"E2E core flows":         "E2E core flows",
		"OAuth2 sign-in":         "OAuth2 sign-in",
	} {
		if got := inSentence(item); got != want {
			t.Errorf("inSentence(%q) = %q, want %q", item, got, want)
		}
	}
}
