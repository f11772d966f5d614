package analysis

import (
	"slices"
	"testing"
)

// A steward picks an offered option in the shapes replies take when typed
// quickly: a small letter ("b"), the key and a dash before the reason
// ("1 - keep it simple"), the key as a list writes it ("B. it retries on
// its own"). The options may be put as such by the line above them ("I
// see two options:") without a question after them, and a bold option
// head may close before its colon ("**Option B**: …").
func TestStewardPicksAnOptionByItsKeyAsTyped(t *testing.T) {
	for _, c := range []struct{ name, offer, reply, want string }{
		{"small letter", "**Option A**: poll the mirror every hour\n**Option B**: subscribe to the mirror's push hook\n\nThoughts?",
			"b", "subscribe to the mirror's push hook"},
		{"key and dash", "Two ways to lay out the form:\n\n1. **Single page** - every field at once\n2. **Wizard** - one step per section\n\nWhich do you prefer?",
			"1 - keep it simple", "Single page"},
		{"key as a list item", "(a) keep the thumbnails in the bucket\n(b) render the thumbnails on request\n\nWhich one?",
			"B. it saves storage", "render the thumbnails on request"},
		{"options named above", "I see two options:\n\n1. Split the importer into one worker per feed\n2. Keep one worker and add a per-feed queue\n\nLet me know.",
			"option 2", "Keep one worker and add a per-feed queue"},
	} {
		got := decisionTexts("The feed importer needs work.", c.offer, c.reply)
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("%s: decisions %q, want [%q]", c.name, got, c.want)
		}
	}
}

// A reply that names the option only by its key ("Let's go with option
// 1") is read as the pick of that option; the reply's own words, which
// point back at it and name no course, are no second decision. An option
// that only combines the others ("Do both: …") keeps what it combines.
func TestPickByKeyIsNoDecisionOfItsOwn(t *testing.T) {
	got := decisionTexts("How should the banner ship?", "**Option 1** - Feature flag: hide the banner until the release\n**Option 2** - Separate branch: keep the banner off main\n**Option 3** - Do both: flag the banner and keep it on a branch until it is reviewed\n\nYour call.", "Let's go with option 3")
	if want := []string{"Do both: flag the banner and keep it on a branch until it is reviewed"}; !slices.Equal(got, want) {
		t.Errorf("decisions %q, want %q", got, want)
	}
}

// An either-or question between things named rather than two clauses
// ("a config file or environment variables", "use Tailwind or plain CSS
// modules", the verb shared) is settled by a reply that names one of them
// and nothing else; a reply that says more, or puts one first in time
// ("the editor first"), is about something else.
func TestStewardNamesOneOfTwoThings(t *testing.T) {
	for _, c := range []struct{ name, offer, reply, want string }{
		{"things", "The worker needs the API key. Would you prefer a config file or environment variables for the key?",
			"environment variables please", "environment variables for the key rather than a config file"},
		{"verb shared", "The form components are ready to style. Would you like me to use Tailwind or plain CSS modules?",
			"tailwind please", "use Tailwind rather than use plain CSS modules"},
		{"says more", "The form components are ready to style. Would you like me to use Tailwind or plain CSS modules?",
			"plain CSS is what the old pages use, but the modules confuse me", ""},
		{"first in time", "Both are open. Would you like to start with the editor or would you prefer to finish the exporter?",
			"the exporter first", ""},
	} {
		got := decisionTexts("Next part of the app.", c.offer, c.reply)
		want := []string{}
		if c.want != "" {
			want = []string{c.want}
		}
		if len(got) != len(want) || len(got) > 0 && got[0] != want[0] {
			t.Errorf("%s: decisions %q, want %q", c.name, got, want)
		}
	}
}

// Options may be bullets that open with their names in bold ("- **SQLite
// file** — …"); a reply picks one by its name or by its place.
func TestStewardPicksABoldBullet(t *testing.T) {
	offer := "Two ways to keep the sessions:\n\n- **SQLite file** — one file, no server\n  - backups are a copy\n- **PostgreSQL server** — scales out\n\nWhich do you prefer?"
	for _, c := range []struct{ reply, want string }{
		{"PostgreSQL", "PostgreSQL server"},
		{"the first one", "SQLite file"},
	} {
		got := decisionTexts("Where should the sessions live?", offer, c.reply)
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: decisions %q, want [%q]", c.reply, got, c.want)
		}
	}
}

// decisionTexts is the decisions read of a steward's opening, the
// assistant's offer and the steward's reply to it.
func decisionTexts(opening, offer, reply string) []string {
	cv := newConvo()
	cv.steward(opening)
	cv.assistant(offer)
	cv.steward(reply)
	var got []string
	for _, d := range decisionsFrom(cv) {
		got = append(got, d.Decision)
	}
	return got
}
