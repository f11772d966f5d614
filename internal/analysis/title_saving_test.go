package analysis

import (
	"strings"
	"testing"
)

// TestTitleOfRequestBesideSavingTheWork: a request to push or commit the
// work ("push this to github, but make sure …") is a step of keeping the
// work; the clause beside it says what matters, a slip of the fingers
// ("thsi") names nothing, and the reason given after "as" is not the
// request.
func TestTitleOfRequestBesideSavingTheWork(t *testing.T) {
	got := titleOf("pls push thsi to gitlab, but make sure the api tokens are not uploaded, as it is an open project",
		"I checked the ignore file: the api tokens live in config/local.yml, which is now ignored, so they will not be uploaded. Pushed to gitlab.")
	checkTitleForm(t, "push with a condition", got)
	if low := strings.ToLower(got); !strings.Contains(low, "tokens") {
		t.Errorf("title = %q, want the clause about the api tokens", got)
	}
	got = titleOf("commit the parser changes to the release branch, and then rename the billing module",
		"Committed the parser changes to the release branch. The billing module is now the invoices module; its imports use the new name.")
	checkTitleForm(t, "commit then the request", got)
	if low := strings.ToLower(got); !strings.HasPrefix(low, "rename") {
		t.Errorf("title = %q, want the rename request", got)
	}
	for _, tc := range []struct {
		word string
		want bool
	}{
		{"thsi", true}, {"teh", true}, {"adn", true}, {"wiht", true}, {"thier", true},
		{"this", false}, {"tokens", false}, {"to", false}, {"gitlab", false},
	} {
		if got := mistypedFunctionWord(tc.word); got != tc.want {
			t.Errorf("mistypedFunctionWord(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
	for _, tc := range []struct {
		sentence string
		want     int
	}{
		{"push it to main, as it is a public repo", 4},
		{"deploy the api, since we ship from main", 3},
		{"treat the input as it comes", -1},
		{"use the cache as a fallback, then retry", -1},
	} {
		if got := reasonClause(strings.Fields(tc.sentence)); got != tc.want {
			t.Errorf("reasonClause(%q) = %d, want %d", tc.sentence, got, tc.want)
		}
	}
}
