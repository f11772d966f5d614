package analysis

import "testing"

// TestMisspeltWords: a slip away from a stop word or from a word the
// session holds more often is a typo; a plural, a word that only looks
// like another ("table", "able") and a word of its own are not.
func TestMisspeltWords(t *testing.T) {
	cands := []topicCandidate{{term: "syntax", msgs: 3}, {term: "tables", msgs: 2}, {term: "numba", msgs: 1}}
	for w, want := range map[string]bool{
		"shoudl":    true, // should
		"thsi":      true, // this
		"verything": true, // everything
		"sytax":     true, // syntax, three messages
		"table":     false,
		"numba":     false,
		"staleness": false,
	} {
		var known map[string]int
		if got := misspelt(w, cands, &known); got != want {
			t.Errorf("misspelt(%q) = %v, want %v", w, got, want)
		}
	}
}
