package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// holdsFold's promise rests on this: outside ASCII, only the long s and
// the Kelvin sign fold ((?i)) to an ASCII letter.
func TestOnlyLongSAndKelvinFoldToASCII(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf && r != '\u017f' && r != '\u212a' {
				t.Fatalf("%U folds to %q", r, f)
			}
		}
	}
}

// The checks never say no where the pattern they guard would match:
// random text of the words' letters in both cases, the runes that fold to
// them, accents and spaces.
func TestPrefiltersNeverMissAMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"instead of", "InStEaD oF", "inſtead of", "rather than", "RATHER THAN", "plutôt que", "PLUTÔT QUE",
		"au lieu de", "em vez de", "ao invés de", "AO INVÉS DE", "then ", "THEN\t", ", then ", "; and then ", " and then ",
		"\u017f", "\u212a", "k", "s", "é", "É", "ô", " ", ",", "a", "x", "\n", "│", "✓", "ok", "the", "hen", "rathe", "inste"}
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if comparative.MatchString(s) != comparativeIn(s) {
			t.Fatalf("comparativeIn(%q) = %v", s, comparativeIn(s))
		}
		if thenClause.MatchString(s) && !holdsFold(s, "then") {
			t.Fatalf("holdsFold(%q, then) = false, the pattern matches", s)
		}
		if strings.ContainsAny(s, "│└├─•⨯✓✗➜❯") != containsAnyNonASCII(s, "│└├─•⨯✓✗➜❯") {
			t.Fatalf("containsAnyNonASCII(%q) differs", s)
		}
	}
}
