package analysis

import (
	"math/rand/v2"
	"testing"
)

// The word filters are built from lower-cased words and asked of words in
// any case (mayNameTechnology, techPhraseAt): foldHash must hash a word as
// its ASCII lower case, at every length its reads take apart (0 to 20).
func TestFoldHashFoldsASCIICase(t *testing.T) {
	const letters = "aBcDeFgHiJkLmNoPqRsTuVwXyZ09_-.'é"
	rng := rand.New(rand.NewPCG(11, 12))
	distinct := map[uint64]bool{}
	for range 20000 {
		b := make([]byte, rng.IntN(21))
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		s := string(b)
		lower := string(asciiLower(nil, s))
		if foldHash(s) != foldHash(lower) {
			t.Fatalf("foldHash(%q) = %x, of its lower case %q %x", s, foldHash(s), lower, foldHash(lower))
		}
		distinct[foldHash(lower)>>51] = true
	}
	// The filters take the top bits: they must spread (8192 of them).
	if len(distinct) < 7000 {
		t.Fatalf("20,000 random words set %d of wordBit's 8192 bits", len(distinct))
	}
}
