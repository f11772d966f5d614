package analysis

import "testing"

// TestFirstSentenceReadsPastAnEllipsis: the dots of an ellipsis inside a
// step ("Use `raise ... from err` in the handler") end no sentence, so
// a step does not stop at them; a sentence that ends ends there.
func TestFirstSentenceReadsPastAnEllipsis(t *testing.T) {
	for s, want := range map[string]string{
		"Use `raise ... from err` in the retry handler (B904)": "Use `raise ... from err` in the retry handler (B904)",
		"Wrap the loader in a retry. Then log each attempt":    "Wrap the loader in a retry",
	} {
		if got := firstSentence(s); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", s, got, want)
		}
	}
}
