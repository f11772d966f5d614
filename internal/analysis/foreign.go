package analysis

import (
	"math"
	"strings"
)

// VADER knows English only, so a German or Japanese message scored
// neutral whatever it said. foreignSentiment scores such a message from
// a small lexicon of each language instead, on VADER's scale: the summed
// valence x (±2 a word) normalised as x/√(x²+15). It answers ok=false for
// text with no word of either lexicon.

// japanesePositive and japaneseNegative are matched as substrings (the
// language has no spaces). A positive word followed by a negation
// ("良くない") counts as negative.
var japanesePositive = []string{"ありがとう", "助かり", "助かる", "素晴らしい", "すばらしい", "完璧", "嬉しい", "うれしい",
	"良かった", "よかった", "最高", "成功", "直りました", "直った", "動きました", "動いた", "解決", "便利", "いいね", "楽しい", "感謝", "安心"}
var japaneseNegative = []string{"動かない", "動きません", "エラー", "失敗", "困って", "困った", "ダメ", "だめ", "最悪", "遅い",
	"バグ", "壊れ", "できない", "できません", "落ちる", "落ちた", "イライラ", "残念", "不安", "ひどい", "つらい", "面倒", "問題が"}

var japaneseNegations = []string{"ない", "なかった", "ません", "くない"}

// germanPositive and germanNegative are matched as lower-case words; a
// "nicht" or "kein" just before a word turns it round.
var germanPositive = set("danke", "super", "toll", "perfekt", "prima", "klasse", "großartig", "genial", "hilfreich",
	"funktioniert", "geklappt", "behoben", "gelöst", "freue", "schön", "gut", "gute", "guten", "wunderbar", "läuft")
var germanNegative = set("fehler", "kaputt", "schlecht", "nervig", "ärgerlich", "leider", "mist", "schlimm", "furchtbar",
	"frustrierend", "frustriert", "schlägt", "abgestürzt", "stürzt", "hängt", "langsam", "blöd", "falsch", "verwirrend")

// germanWordBloom holds the German lexicon's words: most words of a
// message VADER found no word in (technical prose, mostly) are turned
// down by their bit, not by a lookup in each set.
var germanWordBloom = func() (b wordBloom) {
	for _, s := range []map[string]bool{germanPositive, germanNegative} {
		for w := range s {
			b.add(w)
		}
	}
	return b
}()

// foreignSentiment scores prose. words are the words of its lower case
// (wordsOf) and hashes their foldHash, or both nil to read them here, and
// ascii says the prose is ASCII, so holds no Japanese: Message has all
// three already for the prose it scores unless it was cut.
func foreignSentiment(prose string, words []string, hashes []uint64, ascii bool) (float64, bool) {
	x, hits := 0.0, 0
	if !ascii && strings.ContainsFunc(prose, func(r rune) bool { return r >= 0x3040 && r <= 0x30ff }) {
		for _, w := range japaneseNegative {
			if n := strings.Count(prose, w); n > 0 {
				x -= 2 * float64(n)
				hits += n
			}
		}
		for _, w := range japanesePositive {
			for rest := prose; ; {
				i := strings.Index(rest, w)
				if i < 0 {
					break
				}
				rest = rest[i+len(w):]
				hits++
				negated := false
				for _, neg := range japaneseNegations {
					negated = negated || strings.HasPrefix(rest, neg)
				}
				if negated {
					x -= 2
				} else {
					x += 2
				}
			}
		}
	}
	if words == nil {
		words = wordsOf(lowerText(prose))
		hashes = appendFoldHashes(nil, words)
	}
	for i, w := range words {
		if !germanWordBloom.hasBit(wordBitOf(hashes[i])) {
			continue
		}
		v := 0.0
		switch {
		case germanPositive[w]:
			v = 2
		case germanNegative[w]:
			v = -2
		default:
			continue
		}
		if (i > 0 && (words[i-1] == "nicht" || words[i-1] == "kein" || words[i-1] == "keine")) ||
			(i+1 < len(words) && words[i+1] == "nicht") {
			v = -v
		}
		x += v
		hits++
	}
	if hits == 0 {
		return 0, false
	}
	return round4(x / math.Sqrt(x*x+15)), true
}
