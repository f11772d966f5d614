package analysis

import (
	"slices"
	"testing"
)

// TestDiscourseNounsAreNoTopic: the context a session reads, the
// requirements it is asked for and the updates it gives are the talk
// about the work, and so are the questions a plan leaves open and the
// answers the steward gives, as a question and an answer are; the retry
// queue and the sync schedule are its subjects. A phrase holding one
// ("requirements gathering") may still be a topic.
func TestDiscourseNounsAreNoTopic(t *testing.T) {
	for _, tc := range []struct {
		messages []string // steward and assistant in turn
		want     string
		not      []string
	}{
		{[]string{"Here is some context and the requirements for the retry queue.",
			"Thanks for the context. The requirements say the retry queue must back off exponentially.",
			"Any updates on the retry queue? Re-read the requirements and the context first.",
			"Updates: the retry queue backs off now; the requirements and the context are met."},
			"retry queue", []string{"context", "requirements", "updates"}},
		{[]string{"Draft the sync schedule. Write down your questions first; I'll send answers.",
			"Open questions for the sync schedule: which window, how many retries. Your answers decide both.",
			"Answers: hourly window, three retries. Any other questions?",
			"No other questions. With your answers the sync schedule now runs hourly with three retries.",
			"Great, keep the questions and answers in the notes."},
			"sync schedule", []string{"questions", "answers"}},
	} {
		got := topicsOfTurns(tc.messages)
		if !slices.Contains(got, tc.want) {
			t.Errorf("topics %q, want %q", got, tc.want)
		}
		for _, not := range tc.not {
			if slices.Contains(got, not) {
				t.Errorf("topics %q hold %q, the talk about the work", got, not)
			}
		}
	}
}
