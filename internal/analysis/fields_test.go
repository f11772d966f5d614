package analysis

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// appendFields gives strings.Fields, and reports squashed exactly when s
// is ASCII, not empty and squash leaves it as it is: random text of words
// and white space of each kind, ASCII and not.
func TestAppendFieldsIsStringsFieldsAndSquashed(t *testing.T) {
	pieces := []string{" ", " ", "  ", "\t", "\n", "\r", "\f", "\v", "the", "Fix", "db.go", "!", "é", "\u00a0", "\u2003", "x"}
	rng := rand.New(rand.NewPCG(9, 10))
	squashedSeen := 0
	for range 100000 {
		s := randomText(rng, pieces, 8)
		if rng.IntN(8) == 0 {
			s = ""
		}
		got, squashed := appendFields(nil, s)
		if want := strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("appendFields(%q) = %q, strings.Fields says %q", s, got, want)
		}
		if want := s != "" && isASCII(s) && squash(s) == s; squashed != want {
			t.Fatalf("appendFields(%q) reports squashed %v, want %v", s, squashed, want)
		}
		if squashed {
			squashedSeen++
		}
	}
	if squashedSeen < 1000 {
		t.Fatalf("%d texts were squashed: too few to say", squashedSeen)
	}
}
