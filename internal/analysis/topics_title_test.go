package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTitlePhraseIsATopic: the phrase the title states the session's
// subject in is one of its topics, though only the opening request names
// it and the rest of a longer session speaks of other things more often.
func TestTitlePhraseIsATopic(t *testing.T) {
	c := newConvo()
	c.steward("Fix the archive timeout in the nightly export job.")
	for range 4 {
		c.assistant("Reading the bucket policy, the retention rules and the storage class.")
		c.assistant("Next: the access logs, the bucket policy and the retention rules.")
		c.steward("Yes, go on.")
	}
	c.assistant("Done: the bucket policy, the retention rules, the storage class and the access logs.")
	msgs := c.analysed(testAnalyzer)
	r := testAnalyzer.Session(&baton.Session{ID: "s"}, msgs)
	if !slices.Contains(r.Summary.KeyTopics, "archive timeout") {
		t.Errorf("title %q, topics %q: no %q", r.Title, r.Summary.KeyTopics, "archive timeout")
	}
	if without := keyTopics(buildViews(testAnalyzer, msgs)); slices.Contains(without, "archive timeout") {
		t.Errorf("the ranking alone chose %q (%q): the fixture does not test the title", "archive timeout", without)
	}
}

// TestWithTitleTopic: the best spare topic the title names as words of
// its own is added, when the session has fewer topics than the most.
func TestWithTitleTopic(t *testing.T) {
	spares := []string{"retry budget", "export job", "archive timeout"}
	for _, tc := range []struct {
		title  string
		topics []string
		want   []string
	}{
		{"Fix the archive timeout in the nightly export job", []string{"bucket policy"}, []string{"bucket policy", "export job"}},
		{"Fix the archive timeouts", []string{"bucket policy"}, []string{"bucket policy"}},
		{"Fix the pre-archive timeout", []string{"bucket policy"}, []string{"bucket policy"}},
		{"Archive timeout: fix it", []string{"bucket policy"}, []string{"bucket policy", "archive timeout"}},
		{"Fix the archive timeout", []string{"a", "b", "c", "d", "e", "f"}, []string{"a", "b", "c", "d", "e", "f"}},
	} {
		if got := withTitleTopic(tc.topics, spares, tc.title); !slices.Equal(got, tc.want) {
			t.Errorf("%q: topics %q, want %q", tc.title, got, tc.want)
		}
	}
}

// TestSpareTopicsAreTermsOfSeveralWords: the spare topics a title may
// name are the phrases, hyphenated compounds and file names the ranking
// did not choose, not its single words nor what a chosen topic holds.
func TestSpareTopicsAreTermsOfSeveralWords(t *testing.T) {
	var ranked []topicCandidate
	for _, term := range []string{"bucket policy", "timeout", "export-job", "archive", "deploy.yaml", "retention rules", "policy"} {
		ranked = append(ranked, topicCandidate{term: term, score: 3, msgs: 2, stewardMsgs: 1})
	}
	got := spareTopics(ranked, []string{"bucket policy", "timeout"})
	if want := []string{"export-job", "deploy.yaml", "retention rules"}; !slices.Equal(got, want) {
		t.Errorf("spare topics %q, want %q", got, want)
	}
}
