package analysis

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAppendFieldsWordsIsBoth checks the one pass over ASCII prose against
// appendFields and appendWords on texts of words, spaces of each kind,
// apostrophes and other signs.
func TestAppendFieldsWordsIsBoth(t *testing.T) {
	texts := []string{"", " ", "a", "don't", "'tis", "rock 'n' roll", "it's  fine.\n", "\tx\ty ", "end'", "a'b'c", "x ' y", "A_B c-d"}
	const pieces = "aZ9_' \n\t\r\f\v.-\x01"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = pieces[rng.IntN(len(pieces))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		lower := lowerText(s)
		wantFields, wantSquashed := appendFields(nil, s)
		wantWords := appendWords(nil, lower)
		fields, words, squashed := appendFieldsWords(nil, nil, s, lower)
		if !slices.Equal(fields, wantFields) || !slices.Equal(words, wantWords) || squashed != wantSquashed {
			t.Errorf("appendFieldsWords(%q) = %q, %q, %v; want %q, %q, %v", s, fields, words, squashed, wantFields, wantWords, wantSquashed)
		}
	}
}
