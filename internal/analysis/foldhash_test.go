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

// lowerTextASCII passes eight bytes at a time over runs with no capital
// and no longer rune: it lower-cases as a test of each byte does, at
// every length and place of a capital or non-ASCII byte.
func TestLowerTextASCIIAsEachByte(t *testing.T) {
	const bytes = "azAZ@[`{09 _.\x7fé"
	rng := rand.New(rand.NewPCG(7, 8))
	for range 50000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = bytes[rng.IntN(len(bytes))]
			} else {
				b[i] = 'a' + byte(rng.IntN(26))
			}
		}
		s := string(b)
		lower, ascii := lowerTextASCII(s)
		wantASCII := isASCII(s)
		want := lowerTextUnicode(s)
		if wantASCII {
			want = string(asciiLower(nil, s))
		}
		if lower != want || ascii != wantASCII {
			t.Fatalf("lowerTextASCII(%q) = %q, %v; want %q, %v", s, lower, ascii, want, wantASCII)
		}
	}
	for c := range 256 {
		x := uint64(c) << (8 * (c % 8))
		want := c < 0x80 && !('A' <= c && c <= 'Z')
		if got := plainLowerASCII(x); got != want {
			t.Errorf("plainLowerASCII of byte %#x: %v", c, got)
		}
	}
}
