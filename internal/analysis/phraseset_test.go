package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// phraseSet.in says what hasAnyPhrase says: random text of the phrases,
// their halves and word bytes around them.
func TestPhraseSetIsHasAnyPhrase(t *testing.T) {
	set := newPhraseSet(learnedCues...)
	pieces := []string{" ", "x", "_", "9", ".", "é", "\n", "the ", "was", "s", "the issue", "root", " cause"}
	for _, p := range learnedCues {
		pieces = append(pieces, p, p[:len(p)/2], p[len(p)/2:])
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		s := randomText(rng, pieces, 8)
		if set.in(s) != hasAnyPhrase(s, learnedCues...) {
			t.Fatalf("phraseSet.in(%q) differs from hasAnyPhrase", s)
		}
	}
}

// BenchmarkLearnedCuesEach reads the cues one by one, as before
// learnedCueSet, to compare with BenchmarkLearnedCues.
func BenchmarkLearnedCuesEach(b *testing.B) {
	s := strings.ToLower(strings.Repeat(benchText+" ", 20))
	for b.Loop() {
		hasAnyPhrase(s, learnedCues...)
	}
}

func BenchmarkLearnedCues(b *testing.B) {
	s := strings.ToLower(strings.Repeat(benchText+" ", 20))
	for b.Loop() {
		learnedCueSet.in(s)
	}
}
