package store

import (
	"slices"
	"testing"
)

func TestEachTokenFoldsAsTheIndexDoes(t *testing.T) {
	var got []string
	eachToken("Café-crème, NAÏVE x2 (déjà_vu)!", func(tok string) { got = append(got, tok) })
	want := []string{"cafe", "creme", "naive", "x2", "deja", "vu"}
	if !slices.Equal(got, want) {
		t.Fatalf("tokens %q, want %q", got, want)
	}
}

func TestRankDocsWeighsRareWordsAndShortMessages(t *testing.T) {
	docs := []windowDoc{
		{ID: 4, Text: "common common rare filler filler", Length: 33},
		{ID: 3, Text: "common rare rare filler filler", Length: 30},
		{ID: 2, Text: "common rare", Length: 11},
		{ID: 1, Text: "common rare filler filler filler filler filler filler filler filler filler", Length: 75},
	}
	// rare weighs five times what common does.
	got := rankDocs(docs, []string{"common", "rare"}, []float64{0.2, 1})
	if want := []int64{3, 2, 4, 1}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	// With equal scores the window's order (newest first) stands.
	same := []windowDoc{{ID: 9, Text: "word"}, {ID: 8, Text: "word"}, {ID: 7, Text: "word"}}
	if got := rankDocs(same, []string{"word"}, []float64{1}); !slices.Equal(got, []int64{9, 8, 7}) {
		t.Fatalf("ties: %v", got)
	}
}
