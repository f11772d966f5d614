package analysis

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// A foldTable answers as the map it was made of: for every word of the
// map, and for words that are not in it but hash as one does (another
// case) or nearly (a letter more or less, a random word).
func TestFoldTableAnswersAsItsMap(t *testing.T) {
	checkFoldTable(t, "notTopicWords", notTopicWords, notTopicSet.words)
	checkFoldTable(t, "negators", negators, negatorTable)
	checkFoldTable(t, "phraseIndex", phraseIndex, phraseOpenings)
	ranks := map[string]int{}
	for w, e := range emotionWords {
		ranks[w] = emotionRank[e]
	}
	checkFoldTable(t, "emotionWords", ranks, emotionWordRanks)
	for _, m := range []map[string]bool{{}, {"one": true}, {"a": true, "b": false, "": true}} {
		checkFoldTable(t, "small", m, newFoldTable(m))
	}
}

func checkFoldTable[V any](t *testing.T, name string, m map[string]V, table *foldTable[V]) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	ask := func(w string) {
		want, wantOK := m[w]
		got, ok := table.get(w, foldHash(w))
		if ok != wantOK || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: get(%q) = %v, %v; the map has %v, %v", name, w, got, ok, want, wantOK)
		}
		if !reflect.DeepEqual(table.at(w, foldHash(w)), want) {
			t.Fatalf("%s: at(%q) differs from the map", name, w)
		}
	}
	for w := range m {
		ask(w)
		ask(strings.ToUpper(w))
		ask(w + "s")
		if w != "" {
			ask(w[:len(w)-1])
		}
	}
	for range 20000 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = "abcdefghijklmnopqrstuvwxyz'E"[rng.IntN(28)]
		}
		ask(string(b))
	}
}
