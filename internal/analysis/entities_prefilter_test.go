package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// trimChunk is skipped for a chunk chunkHasEdge turns away: every byte
// trimChunk strips from a chunk's end is in chunkClosing ("(" makes it
// read "(x"+b to its end).
func TestChunkClosingHoldsEveryByteTrimChunkStrips(t *testing.T) {
	for b := range 256 {
		if trimChunk(string([]byte{'(', 'x', byte(b)})) == "x" && !chunkClosing[b] {
			t.Errorf("trimChunk strips %q from a chunk's end, not in chunkClosing", rune(b))
		}
	}
}

// endsSentence's test of the last byte says no only where the whole
// reading says no: every chunk "x" followed by two bytes of any value.
func TestEndsSentenceLastByteNeverMissesAnEnd(t *testing.T) {
	for a := range 256 {
		for b := range 256 {
			s := string([]byte{'x', byte(a), byte(b)})
			if endsSentence(s) != endsSentenceTrail(s) {
				t.Fatalf("endsSentence(%q) = %v", s, endsSentence(s))
			}
		}
	}
}

// asciiLettersCamel reads s as a test of letters alone and isCamel do.
func TestASCIILettersCamelIsBoth(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Z", "b", "Q", "aB", "Ab", "z", "A", "1", "_", "-", "é", "`", "@", "[", "{"}
	for range 100000 {
		s := randomText(rng, pieces, 8)
		letters := strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
		gotLetters, gotCamel := asciiLettersCamel(s)
		if gotLetters != letters || gotLetters && gotCamel != isCamel(s) {
			t.Fatalf("asciiLettersCamel(%q) = %v, %v", s, gotLetters, gotCamel)
		}
	}
}

// A chunk equal to a special file's name has a bit specialFileBits holds.
func TestSpecialFileBitsHoldEverySpecialFile(t *testing.T) {
	for f := range specialFiles {
		if !specialFileBits.hasBit(wordBit(f)) {
			t.Errorf("specialFileBits lacks %q", f)
		}
	}
}
