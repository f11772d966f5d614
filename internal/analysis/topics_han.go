package analysis

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Chinese is written without spaces and, unlike Japanese, without the kana
// that part its words, so a run of Chinese characters is a whole clause
// ("为什么插件这里不显示有"), no term. Its words are found the way a
// reader without a dictionary finds them: the runs of two to four
// characters that recur across the session's messages ("多语言" in two
// requests), not opening or closing with a function character, the
// longest where one holds another.

// maxHanWord is the most characters a run of Chinese characters has when
// it is taken as one word; a longer run is a clause.
const maxHanWord = 6

// hanClause reports a run of Chinese characters too long to be one word.
func hanClause(w string) bool {
	n := 0
	for _, r := range w {
		if !isKanji(r) {
			return false
		}
		n++
	}
	return n > maxHanWord
}

// hanFunction are the Chinese characters of grammar (particles,
// pronouns, measure words, negation, common adverbs and prepositions): a
// word neither opens nor closes with one.
var hanFunction = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "一不有和与或也都就会要可以给让对从到为而之其并很还又再才没所如果但因此等些什么怎样哪里来去地请帮下先后能该已用將将為沒還會與從對讓給說说中上幫請該" + hanRequestVerbs + hanParticleChars {
		m[r] = true
	}
	return m
}()

// hanRequestVerbs are the one-character verbs a request opens with, as
// "please" and "help" do: write (写, 寫) and look (看, as in 看看, have a
// look). A run opening with one is a request ("写测试", write tests;
// "看看当前", look at the current one), not a word.
const hanRequestVerbs = "写寫看"

// hanParticleChars are the particles, pronouns and the copula, which no
// word holds anywhere ("推薦的安" is no word).
const hanParticleChars = "的了吗嗎呢吧啊被把着著过過得是在我你他她它们們这這那个個么麼"

// hasHanParticle reports a run holding one of hanParticleChars.
func hasHanParticle(rs []rune) bool {
	return strings.ContainsAny(string(rs), hanParticleChars)
}

// hanStopWords are common two-character Chinese words that are no topic:
// verbs of any request and answer, as the English stop words.
var hanStopWords = set("需要", "问题", "問題", "修改", "使用", "进行", "進行", "应该", "應該", "已经", "已經", "现在", "現在", "然后", "然後",
	"如果", "因为", "因為", "所以", "但是", "这样", "這樣", "还是", "還是", "就是", "不是", "没有", "沒有", "可能", "直接", "一下", "一个",
	"一個", "目前", "当前", "當前", "完成", "完美", "成功", "正确", "正確", "情况", "情況", "方法", "内容", "內容", "部分", "以下", "以上",
	"文件", "代码", "代碼", "显示", "顯示", // file, code, show: generic as in English
	// load, introduce: verbs of any request, as "install" and "explain"
	// are; work: an English stop word.
	"加载", "加載", "介绍", "介紹", "工作",
	// Adverbs and conjunctions, as the English ones are stop words:
	// at the same time, automatically, always, all, other.
	"同时", "同時", "自动", "自動", "一直", "所有", "其他", "全部")

// repeatedHanWords are the Chinese words of a session's clauses: the
// runs of two to four characters of clauses (hanClause) that two messages
// or more hold, the longest kept where one holds another.
func repeatedHanWords(vs []view) []string {
	held := map[string]int{}
	for i := range vs {
		if !vs[i].text || !strings.ContainsFunc(vs[i].prose, isKanji) {
			continue
		}
		seen := map[string]bool{}
		for _, run := range hanRuns(vs[i].prose) {
			rs := []rune(run)
			for n := 2; n <= 4; n++ {
				for j := 0; j+n <= len(rs); j++ {
					w := string(rs[j : j+n])
					if !seen[w] && !hanFunction[rs[j]] && !hanFunction[rs[j+n-1]] && !hanStopWords[w] && !cjkStopWords[w] && !hasHanParticle(rs[j:j+n]) {
						seen[w] = true
						held[w]++
					}
				}
			}
		}
	}
	// A word a longer recurring word holds as often is part of it.
	part := map[string]bool{}
	for w, n := range held {
		if n < 2 {
			continue
		}
		rs := []rune(w)
		for k := 2; k < len(rs); k++ {
			for j := 0; j+k <= len(rs); j++ {
				if sub := string(rs[j : j+k]); held[sub] <= n {
					part[sub] = true
				}
			}
		}
	}
	var out []string
	for w, n := range held {
		if n >= 2 && !part[w] {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// hanRuns are the runs of Chinese characters of a text long enough to be
// clauses (hanClause).
func hanRuns(s string) []string {
	var out []string
	start := -1
	for i, r := range s + " " {
		if isKanji(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && utf8.RuneCountInString(s[start:i]) > maxHanWord {
			out = append(out, s[start:i])
		}
		start = -1
	}
	return out
}

// hanWordsIn are the words of a clause that are among a session's words.
func hanWordsIn(clause string, words []string) []string {
	var out []string
	for _, w := range words {
		if strings.Contains(clause, w) {
			out = append(out, w)
		}
	}
	return out
}

// chineseText reports text with Chinese characters and no kana: Japanese
// writes its particles in kana, and its kanji compounds may end in a
// character that is a particle in Chinese ("目的", purpose).
func chineseText(s string) bool {
	return strings.ContainsFunc(s, isKanji) && !strings.ContainsFunc(s, func(r rune) bool { return isHiragana(r) || isKatakana(r) })
}

// hanWord reports whether a word of a Chinese text may be a word: one not
// written in Chinese characters, or a run of them that neither opens nor
// closes with a function character and holds no particle or pronoun
// ("如何检测", "已经安装好了" and "他们的" are clauses, not words), as
// repeatedHanWords asks of the words it finds in longer clauses.
func hanWord(w string) bool {
	rs := []rune(w)
	if len(rs) == 0 || !isKanji(rs[0]) {
		return true
	}
	return !hanFunction[rs[0]] && !hanFunction[rs[len(rs)-1]] && !hasHanParticle(rs) && !hanStopWords[w]
}
