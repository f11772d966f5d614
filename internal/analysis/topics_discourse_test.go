package analysis

import (
	"slices"
	"testing"
)

// TestDiscourseNounsAreNoTopic: the context a session reads, the
// requirements it is asked for and the updates it gives are the talk
// about the work; the retry queue is its subject. A phrase holding one
// ("requirements gathering") may still be a topic.
func TestDiscourseNounsAreNoTopic(t *testing.T) {
	c := newConvo()
	c.steward("Here is some context and the requirements for the retry queue.")
	c.assistant("Thanks for the context. The requirements say the retry queue must back off exponentially.")
	c.steward("Any updates on the retry queue? Re-read the requirements and the context first.")
	c.assistant("Updates: the retry queue backs off now; the requirements and the context are met.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "retry queue") {
		t.Errorf("topics %q, want %q", got, "retry queue")
	}
	for _, not := range []string{"context", "requirements", "updates"} {
		if slices.Contains(got, not) {
			t.Errorf("topics %q hold %q, the talk about the work", got, not)
		}
	}
}
