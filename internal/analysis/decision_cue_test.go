package analysis

import (
	"strings"
	"testing"
)

// decisionCue finds a cue where a strings.Contains of each cue finds one.
func TestDecisionCueIsContainsOfAnyCue(t *testing.T) {
	texts := []string{"", "u", "use", "use it", "we decided", "the fix is simple", "nothing here at all",
		"pick one", "pick", "a ことにした", "ことに", "on garde ça", "deci", "decidimos usar", "the approach is",
		"let's go with sqlite rather than postgres", "caféuse ", "instead of that", "xx and not yy"}
	for _, c := range decisionCues {
		texts = append(texts, c, "x"+c, c[:len(c)-1], "zz "+c+" zz")
	}
	for _, s := range texts {
		want := false
		for _, c := range decisionCues {
			want = want || strings.Contains(s, c)
		}
		if got := decisionCue(s); got != want {
			t.Errorf("decisionCue(%q) = %v, want %v", s, got, want)
		}
	}
}

func BenchmarkDecisionCue(b *testing.B) {
	s := "the importer reads the document into a buffer first; i changed it to decode the stream a chunk at a time and the tests pass now."
	for b.Loop() {
		decisionCue(s)
	}
}
