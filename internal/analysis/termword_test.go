package analysis

import (
	"testing"
	"unicode"
)

// termWord looks a word up once in notTermWords: it answers what salient
// and the two Romance lists answer, for every word of the lists salient
// and termWord turn down, in the scripts salient reads apart (kanji,
// katakana) and for words of no list.
func TestTermWordIsSalientLessRomanceWords(t *testing.T) {
	words := []string{"cache", "sessions", "数据库", "データベース", "キャッシュ", "修正", "⺀⺁", "日本", "migration", "solo", "forma"}
	for _, s := range []map[string]bool{notTopicWords, romanceStopWords, romanceCommonWords, cjkStopWords} {
		for w := range s {
			words = append(words, w)
		}
	}
	for _, w := range words {
		r := []rune(w)[0]
		if r >= 0x3040 || unicode.Is(unicode.Cyrillic, r) {
			continue // read by the other cases of termWord, unchanged
		}
		want := salient(w) && !romanceStopWords[w] && !romanceCommonWords[w]
		if got := termWord(w); got != want {
			t.Errorf("termWord(%q) = %v, salient less the Romance words says %v", w, got, want)
		}
	}
}
