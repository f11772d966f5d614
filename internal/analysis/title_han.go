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

// hanFunctionChars are the Chinese pronouns, particles and auxiliaries
// (simplified and traditional): a pair holding one names nothing.
var hanFunctionChars = "的了是我你他她它们們这這那个個吗嗎吧呢啊么麼什怎请請帮幫很都也就还還把被给給让讓着著过過在有和不没沒该該如何吗为為"

// hanTerms is words with each run of Han characters of a text without
// kana cut into its pairs of characters, the pairs holding a function
// character left out. Text with kana (Japanese) is returned as it was:
// its kanji runs are words already.
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
			if !strings.ContainsRune(hanFunctionChars, r[i]) && !strings.ContainsRune(hanFunctionChars, r[i+1]) {
				out = append(out, string(r[i:i+2]))
			}
		}
	}
	return out
}

// cutHan reports a word hanTerms cuts into pairs: a run of three Han
// characters or more.
func cutHan(w string) bool {
	return len(w) > 0 && w[0] >= utf8.RuneSelf && utf8.RuneCountInString(w) > 2 && allHan(w)
}

func allHan(w string) bool {
	for _, r := range w {
		if !isKanji(r) {
			return false
		}
	}
	return true
}
