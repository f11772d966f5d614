package analysis

import (
	"slices"
	"testing"
)

// TestEnglishWordsNameNoTechnology: a product whose name is also an
// English word counts only written as a name. "excel at", "renovate the
// page", "temporal order", "a sentry" and "hugo" in lower case are the
// steward's words; "Jenkins" and "Celery" capitalised are products they
// use, and so is a name that is no English word, in any case ("an astro
// site").
func TestEnglishWordsNameNoTechnology(t *testing.T) {
	words := newConvo()
	words.steward("These models excel at short answers, so renovate the landing page and keep the temporal order of the events.")
	words.steward("Put a sentry check before the gin handler and ask hugo, our designer, for the icons.")
	words.assistant("Done.")
	techs := technologiesNamed(words)
	for _, not := range []string{"Excel", "Renovate", "Temporal", "Sentry", "Gin", "Hugo"} {
		if slices.Contains(techs, not) {
			t.Errorf("technologies %q hold %q, an English word in the steward's prose", techs, not)
		}
	}

	names := newConvo()
	names.steward("Our builds run on Jenkins and the workers on Celery; add a page to the astro site.")
	names.assistant("Done.")
	techs = technologiesNamed(names)
	for _, want := range []string{"Jenkins", "Celery", "Astro"} {
		if !slices.Contains(techs, want) {
			t.Errorf("technologies %q lack %q", techs, want)
		}
	}
}

// TestCapitalisedWordOpeningAnOrderIsAVerb: a sentence that opens with a
// capitalised name's word and goes on to its object ("Bootstrap the
// project", "Express the dates") opens with a verb; the same word
// naming the framework ("Express handles the routes") is the product.
func TestCapitalisedWordOpeningAnOrderIsAVerb(t *testing.T) {
	verbs := newConvo()
	verbs.steward("Bootstrap the project with a small command. Express the dates in UTC. Remix this layout for phones.")
	verbs.assistant("Done.")
	techs := technologiesNamed(verbs)
	for _, not := range []string{"Bootstrap", "Express", "Remix"} {
		if slices.Contains(techs, not) {
			t.Errorf("technologies %q hold %q, a verb opening the steward's sentence", techs, not)
		}
	}

	names := newConvo()
	names.steward("Express handles the routes of our API. The styles come from Bootstrap.")
	names.assistant("Done.")
	techs = technologiesNamed(names)
	for _, want := range []string{"Express", "Bootstrap"} {
		if !slices.Contains(techs, want) {
			t.Errorf("technologies %q lack %q", techs, want)
		}
	}
}

// TestComparedTechnologiesAreNotTheirs: a steward's sentence that
// compares or evaluates technologies names options, not what they use
// ("Compare Redis and Memcached …", "my attempt at evaluating Zed"); a
// command or a value that happens to be called so, written as code, is
// no comparison ("make `evaluate` the default command in Commander.js").
func TestComparedTechnologiesAreNotTheirs(t *testing.T) {
	c := newConvo()
	c.steward("Compare Redis and Memcached for the session cache and write up the trade-offs.")
	c.steward("This project is my attempt at evaluating Supabase for small teams.")
	c.steward("Make `evaluate` the default command in Commander.js so that `cli --url` works.")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, not := range []string{"Redis", "Memcached", "Supabase"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q, an option the steward weighs", got, not)
		}
	}
	if !slices.Contains(got, "Commander.js") {
		t.Errorf("technologies %q lack Commander.js, named beside a command called evaluate", got)
	}
}

// TestDataFormatsNamedAreNoStack: the formats a steward names for the
// shape of some data ("print it as JSON", "a CSV of the totals", "the
// HTML export") are not technologies the work is built with; a page the
// session writes is still HTML.
func TestDataFormatsNamedAreNoStack(t *testing.T) {
	c := newConvo()
	c.steward("Print the totals as JSON on stdout, keep a CSV of them for finance, and the HTML export can wait.")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, format := range []string{"JSON", "CSV", "HTML"} {
		if slices.Contains(got, format) {
			t.Errorf("technologies %q hold %s, named as the shape of some data", got, format)
		}
	}

	c = newConvo()
	c.steward("Add a totals page.")
	c.tool("Write", obj{"file_path": "/srv/shop/web/totals.html", "content": "<h1>Totals</h1>\n"}, "ok", "")
	c.assistant("Done.")
	if got := technologiesNamed(c); !slices.Contains(got, "HTML") {
		t.Errorf("technologies %q lack HTML, from a page the session wrote", got)
	}
}
