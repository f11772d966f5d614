package analysis

import "testing"

// TestWordSymbolConfidenceIsSymbolOf checks the one-pass reading of a word
// of letters, digits and '_' against symbolOf on every such word of up to
// four bytes drawn from a small alphabet, in and out of backticks.
func TestWordSymbolConfidenceIsSymbolOf(t *testing.T) {
	const alphabet = "aZ_9"
	var words []string
	var grow func(w string)
	grow = func(w string) {
		if w != "" {
			words = append(words, w)
		}
		if len(w) == 5 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			grow(w + alphabet[i:i+1])
		}
	}
	grow("")
	words = append(words, "parseJSON", "p95", "handler2", "max_len", "_private", "__init__", "a_", "_a_b", "HTTPServer", "x86_64")
	for _, w := range words {
		for _, ticked := range []bool{false, true} {
			sym, want := symbolOf(w, ticked)
			if want > 0 && sym != w {
				t.Fatalf("symbolOf(%q) = %q, not the word itself", w, sym)
			}
			if got := wordSymbolConfidence(w, ticked); got != want {
				t.Errorf("wordSymbolConfidence(%q, %v) = %v, symbolOf says %v", w, ticked, got, want)
			}
		}
	}
}
