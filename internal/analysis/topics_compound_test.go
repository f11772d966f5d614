package analysis

import (
	"slices"
	"testing"
)

// TestHyphenCompound: a hyphenated compound is one word; one that only
// qualifies (a participle, "real-time", "re-run") or is a flag is none.
func TestHyphenCompound(t *testing.T) {
	for in, want := range map[string]string{
		"manual-commit":           "manual-commit",
		"(Push-to-Talk),":         "push-to-talk",
		"no-await-in-loop":        "no-await-in-loop",
		"pre-commit":              "pre-commit",
		"real-time":               "", // "time" is a stop word
		"filesystem-based":        "", // a participle
		"re-run":                  "",
		"--json":                  "",
		"a-b":                     "",
		"x--y":                    "",
		"one-two-three-four-five": "",
		"commit":                  "",
		"multi-stage":             "",
		"Login-Test":              "",
	} {
		if got := hyphenCompound(in); got != want {
			t.Errorf("hyphenCompound(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHyphenatedCompoundsAreTopics: the word scan cut "manual-commit" and
// "pre-commit" at their hyphens into "manual", "pre" and "commit"; the
// compound is the term, and pairs with the noun after it.
func TestHyphenatedCompoundsAreTopics(t *testing.T) {
	c := newConvo()
	c.steward("For the manual-commit strategy, when is the branch captured? And does the pre-commit hook run?")
	c.assistant("The manual-commit strategy captures the branch at commit time; the pre-commit hook runs before it.")
	c.steward("So the manual-commit strategy never sees a rebase?")
	c.assistant("Right: the manual-commit strategy only reads the branch; the pre-commit hook is unchanged.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "manual-commit strategy") {
		t.Errorf("topics %q miss the compound's phrase %q", got, "manual-commit strategy")
	}
	if !slices.ContainsFunc(got, func(g string) bool { return g == "pre-commit" || g == "pre-commit hook" }) {
		t.Errorf("topics %q miss the compound %q", got, "pre-commit")
	}
	for _, g := range got {
		if g == "manual" || g == "pre" || g == "commit" {
			t.Errorf("topics %q hold a part of a compound, %q", got, g)
		}
	}
}

// TestBoundPrefixIsNoWord: a prefix that makes no compound term
// ("multi-select", "self-hosted") is no word of the message either; the
// rest of the field is read as words.
func TestBoundPrefixIsNoWord(t *testing.T) {
	for in, want := range map[string][]string{
		"add a multi-select dropdown":     {"add", "a", "select", "dropdown"},
		"the self-hosted runner":          {"the", "hosted", "runner"},
		"a well-known (Multi-Tenant) app": {"a", "well", "known", "tenant", "app"},
		"the pre-commit hook":             {"the", "hook"},
	} {
		_, rest := hyphenCompounds(in)
		if got := wordsOf(lowerText(rest)); !slices.Equal(got, want) {
			t.Errorf("words of %q = %q, want %q", in, got, want)
		}
	}
}
