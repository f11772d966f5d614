package analysis

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Chinese is written without spaces and, unlike Japanese, without kana
// between its words: a run of Han characters is a whole clause
// ("这个数据集有在模型中被加载吗"), which no other message repeats. A title
// weighs Chinese text by its pairs of characters instead ("数据", "据集"),
// which the messages that talk of the same thing share.

// hanTerms is words with each run of Han characters of a text without
// kana cut into its pairs of characters, the pairs that hold a character
// of grammar or are a word said of any work left out, as the topics
// leave them out (hanFunction, hanStopWords): "可以", "通过", "然后" and
// "需要" (can, through, then, need) say no more of a subject than the
// English stop words do. Text with kana (Japanese) is returned as it
// was: its kanji runs are words already.
func hanTerms(text string, words []string) []string {
	if strings.ContainsFunc(text, func(r rune) bool { return isHiragana(r) || isKatakana(r) }) {
		return words
	}
	// Most text has no run to cut: its words are returned as they are,
	// not copied (this runs on every message of a session's titles).
	k := slices.IndexFunc(words, cutHan)
	if k < 0 {
		return words
	}
	out := words[:k:k]
	for _, w := range words[k:] {
		if !cutHan(w) {
			out = append(out, w)
			continue
		}
		r := []rune(w)
		for i := 0; i+1 < len(r); i++ {
			if !hanFunction[r[i]] && !hanFunction[r[i+1]] && !hanStopPairs[[2]rune{r[i], r[i+1]}] {
				out = append(out, string(r[i:i+2]))
			}
		}
	}
	return out
}

// hanStopPairs are hanStopWords by their two characters: looked up for
// every pair of a run without making a string of it.
var hanStopPairs = func() map[[2]rune]bool {
	m := map[[2]rune]bool{}
	for w := range hanStopWords {
		if r := []rune(w); len(r) == 2 {
			m[[2]rune{r[0], r[1]}] = true
		}
	}
	return m
}()

// cutHan reports a word hanTerms cuts into pairs: a run of two Han
// characters or more. A run of two is its one pair, left out as a pair
// of a longer run is ("里的" of "tests里的模块", written between two
// Latin names).
func cutHan(w string) bool {
	return len(w) > 0 && w[0] >= utf8.RuneSelf && utf8.RuneCountInString(w) > 1 && allHan(w)
}

func allHan(w string) bool {
	for _, r := range w {
		if !isKanji(r) {
			return false
		}
	}
	return true
}
