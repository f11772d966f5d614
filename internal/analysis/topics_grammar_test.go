package analysis

import (
	"slices"
	"testing"
)

// TestNounPairsOfVerbHeads: a word requests use as a verb is the head of
// a noun phrase after the noun that qualifies it ("code review", "nil
// check", "pre-commit hook"), and still no half of one where it is a verb
// ("please review the code", "the tests check it").
func TestNounPairsOfVerbHeads(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"I'd like a code review of the parser before the release", []string{"code review"}, nil},
		{"the nil check is missing in the loader", []string{"nil check"}, nil},
		{"does the pre-commit hook run on rebase?", []string{"pre-commit hook"}, nil},
		{"why does git add not stage the folder?", []string{"git add"}, nil},
		{"let the agent review the diff first", nil, []string{"agent review"}},
		{"the unit tests check every path", nil, []string{"tests check"}},
	} {
		checkNounPairs(t, tc.text, tc.want, tc.not)
	}
}

// TestNounPairsOfFaultHeads: a noun of what went wrong, no topic alone,
// is the head of the phrase that says which ("lint errors", "CI
// failures"); a plural before it is still no modifier.
func TestNounPairsOfFaultHeads(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"the lint errors are back after the rebase", []string{"lint errors"}, nil},
		{"can you look at the CI failures on main?", []string{"ci failures"}, nil},
		{"the build error mentions a missing header", []string{"build error"}, nil},
		{"a parser exception stops the import", []string{"parser exception"}, nil},
		{"fixes errors in the loader", nil, []string{"fixes errors"}},
	} {
		checkNounPairs(t, tc.text, tc.want, tc.not)
	}
}

// TestNounPairsOfFaultModifiers: a debug word before a noun names which
// kind of it the session works on ("debug logging", "regression tests"),
// and still pairs with no verb after it ("an error occurred").
func TestNounPairsOfFaultModifiers(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"turn on debug logging for the worker", []string{"debug logging"}, nil},
		{"the regression tests cover the parser", []string{"regression tests"}, nil},
		{"the error handling in the client swallows timeouts", []string{"error handling"}, nil},
		{"an error occurred while saving", nil, []string{"error occurred"}},
	} {
		checkNounPairs(t, tc.text, tc.want, tc.not)
	}
}

// TestNounPairsAfterDeterminer: a verb of a request after a determiner is
// a noun that opens a noun phrase ("the push setting", "a merge
// conflict"), and still no half of one at the head of a clause ("push
// the setting", "merge the branch").
func TestNounPairsAfterDeterminer(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"turn off the push setting in the app", []string{"push setting"}, nil},
		{"we keep hitting a review checklist item", []string{"review checklist"}, nil},
		{"push settings to the server", nil, []string{"push settings"}},
		{"please review checklist items later", nil, []string{"review checklist"}},
	} {
		checkNounPairs(t, tc.text, tc.want, tc.not)
	}
}

// checkNounPairs fails t unless nounPairs(text) holds every phrase of want
// and none of not.
func checkNounPairs(t *testing.T, text string, want, not []string) {
	t.Helper()
	got := nounPairs(text)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("nounPairs(%q) = %q, want %q among them", text, got, w)
		}
	}
	for _, n := range not {
		if slices.Contains(got, n) {
			t.Errorf("nounPairs(%q) = %q, want no %q", text, got, n)
		}
	}
}

// A verb of English shape ("evaluate", "normalize", "verify") is no topic
// of its own even where no word beside it says it is a verb ("intercept,
// evaluate and cancel the calls"); nouns of the same shape ("template",
// "certificate", "size") still are.
func TestTopicsLeaveOutVerbShapedWords(t *testing.T) {
	c := newConvo()
	c.steward("The gateway must intercept, evaluate, and cancel tool calls. Normalize, evaluate and verify every call against the certificate template.")
	c.assistant("The gateway will intercept, evaluate and cancel each tool call: evaluate runs first, and the certificate template decides.")
	c.steward("Also evaluate, normalize and verify the calls of the certificate template twice.")
	got := topicsWithout(t, c, "evaluate", "normalize", "verify")
	if !slices.ContainsFunc(got, func(s string) bool { return s == "certificate template" || s == "template" || s == "certificate" }) {
		t.Errorf("topics = %q, want the certificate template", got)
	}
}

func TestVerbShaped(t *testing.T) {
	for w, want := range map[string]bool{
		"evaluate": true, "coordinate": true, "normalize": true, "optimise": true, "verify": true, "migrates": true,
		"template": false, "certificate": false, "state": false, "size": false, "enterprise": false,
		"netlify": false, "spotify": false, "update": false, "crate": false, "expertise": false,
		"usestate": false, "reinstate": true,
	} {
		if got := verbShaped(w); got != want {
			t.Errorf("verbShaped(%q) = %v, want %v", w, got, want)
		}
	}
}

// "Green" says the tests pass, not what they test.
func TestTopicsLeaveOutGreen(t *testing.T) {
	c := newConvo()
	c.steward("Run the ledger tests under the race detector until they stay green.")
	c.assistant("100 runs of the ledger tests, all green under -race.")
	c.assistant("50 more runs on 32 CPUs, all green.")
	c.steward("Green on CI too. Now the ledger export.")
	topicsWithout(t, c, "green")
}

// topicsWithout is the key topics of c, failing t for each of not that
// they hold.
func topicsWithout(t *testing.T, c *convo, not ...string) []string {
	t.Helper()
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, w := range not {
		if slices.Contains(got, w) {
			t.Errorf("topics %q hold %q", got, w)
		}
	}
	return got
}

// A comparative or a month alone names no subject, and a verb of what
// someone thinks closes no noun phrase ("marketing thinks").
func TestTopicsLeaveOutComparativesAndMonths(t *testing.T) {
	c := newConvo()
	c.steward("Churn in the April signup cohort is higher than in March. Marketing thinks the onboarding emails made it harder.")
	c.assistant("The April signup cohort churned more than March: the onboarding emails went out later, which made activation harder.")
	c.steward("So March was easier? Marketing thinks so.")
	got := topicsWithout(t, c, "march", "harder", "easier", "marketing thinks")
	if !slices.ContainsFunc(got, func(s string) bool { return s == "signup cohort" || s == "april signup" }) {
		t.Errorf("topics = %q, want the signup cohort", got)
	}
}
