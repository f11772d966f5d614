package analysis

import (
	"slices"
	"strings"
	"testing"
)

// eachWord yields what wordsOf returns, hasFixWord reads the words as it
// did from wordsOf's slice, and joinFields is strings.Join of
// strings.Fields: each a faster spelling of the same rule.
func TestEachWordIsWordsOf(t *testing.T) {
	texts := []string{
		"", " ", "fixed", "it's fixed now, isn't it?", "'quoted' words' ends'", "don''t a'b '",
		"日本語のテキスト and 中文字 mixed", "émigré café—naïve", "tabs\tand\nnewlines  twice",
		"still fixed", "not really fixed", "no, it works", "never green. passes", "x-y_z 1.2.3",
	}
	for _, s := range texts {
		got := slices.Collect(eachWord(s))
		if want := wordsOf(s); !slices.Equal(got, want) {
			t.Errorf("eachWord(%q) = %q, wordsOf = %q", s, got, want)
		}
		if got := appendWords([]string{"before"}, s); !slices.Equal(got[1:], wordsOf(s)) || got[0] != "before" {
			t.Errorf("appendWords(%q) = %q", s, got)
		}
	}
	for _, s := range append(texts, "a b", " a b", "a b ", "a  b", "a\u00a0b", "a\u2003b", "a\xffb c", "\u00a0") {
		if got, want := joinFields(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("joinFields(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range []string{"it works now", "still not done", "we haven't yet fixed it", "the tests pass", "not yet, but done", "", "done"} {
		if got, want := outcomeIn(eachWord(s)), isOutcomeSlice(wordsOf(s)); got != want {
			t.Errorf("outcomeIn(%q) = %v, want %v", s, got, want)
		}
	}
	fixes := map[string]bool{
		"it's fixed now": true, "still fixed": false, "not really fixed": false, "not fixed": false,
		"no, it works": false, "never green. passes": false, "never mind: the tests pass and it works": true, "the build passes": true, "nothing": false, "": false,
		"hardly ever works but now it passes": true,
	}
	for s, want := range fixes {
		if got := hasFixWord(s); got != want {
			t.Errorf("hasFixWord(%q) = %v, want %v", s, got, want)
		}
	}
}

// isOutcomeSlice is isOutcome as it read a slice before outcomeIn.
func isOutcomeSlice(words []string) bool {
	for i, w := range words {
		if !outcomeWords[w] {
			continue
		}
		if (i > 0 && (negators[words[i-1]] || words[i-1] == "still" || words[i-1] == "yet")) ||
			(i > 1 && (negators[words[i-2]] || words[i-2] == "haven't" || words[i-2] == "hasn't")) {
			continue
		}
		return true
	}
	return false
}
