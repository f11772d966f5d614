package analysis

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTopicsOfChineseClauses: a Chinese message is written without
// spaces, so its runs of characters are clauses; its topics are the words
// the session's messages repeat ("多语言", "翻译文件"), never a clause.
func TestTopicsOfChineseClauses(t *testing.T) {
	c := newConvo()
	c.steward("这两个页面都要组织一下多语言")
	c.assistant("我来帮你整理这两个组件的多语言配置，先看看翻译文件的结构。")
	c.steward("之前的多语言用不了了可能要更新翻译文件")
	c.assistant("已经把多语言的键加到翻译文件里了，现在两个页面都能用。")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "多语言") {
		t.Errorf("topics %q miss the repeated word", got)
	}
	for _, topic := range got {
		if utf8.RuneCountInString(topic) > maxHanWord || hasHanParticle([]rune(topic)) {
			t.Errorf("topics %q hold %q, a clause or a fragment with a particle", got, topic)
		}
	}
	if !hanClause("为什么插件这里不显示有") || hanClause("多语言") || hanClause("abcdefghij") {
		t.Error("hanClause tells clauses from words wrongly")
	}
}

// TestShortChineseClausesAreNoTopics: a short Chinese clause between
// punctuation ("我想知道", I'd like to know; "如何检测", how to detect) is
// no topic, though it is as short as a word; a Japanese kanji compound
// ending in a character that is a particle in Chinese ("目的") is a word.
func TestShortChineseClausesAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("我想知道，如何检测，uv 安装。")
	c.assistant("我想知道的话：如何检测 uv 安装，运行 uv --version。")
	c.steward("如何检测，我想知道。")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, clause := range []string{"我想知道", "如何检测"} {
		if slices.Contains(got, clause) {
			t.Errorf("topics %q hold the clause %q", got, clause)
		}
	}
	if chineseText("この目的は") || !chineseText("我想知道") || !hanWord("组件") || hanWord("他们的") {
		t.Error("chineseText or hanWord tells Chinese words wrongly")
	}
}

// TestChineseRequestsAndAdverbsAreNoTopics: a short run that opens with a
// verb of request ("写测试", write tests; "看看当前", look at the current
// one) is a request, and an adverb ("同时", at the same time) is no
// subject, as their English counterparts are stop words; the noun the
// request is about ("单元测试", unit tests) stays. 加载 (load) and 介绍
// (introduce) are verbs of any request, as "install" and "explain" are,
// and 工作 (work) is as generic as the English word: alone none is a
// topic, while the plugin loading, what is loaded, is.
func TestChineseRequestsAndAdverbsAreNoTopics(t *testing.T) {
	for _, tc := range []struct {
		messages []string // steward and assistant in turn
		not      []string
		want     string // a topic holds it
	}{
		{[]string{"写测试，同时，单元测试", "好的，写测试：单元测试已加上，同时检查了覆盖率。", "看看当前，单元测试", "看看当前的单元测试，同时全部通过。"},
			[]string{"写测试", "看看当前", "同时"}, "单元测试"},
		{[]string{"插件加载太慢了，介绍一下为什么插件加载要这么久，这个工作很急。",
			"插件加载慢是因为配置文件每次都重新解析。我先介绍一下插件加载的流程，再开始工作。",
			"好的，插件加载改好以后再介绍一下剩下的工作。", "插件加载现在缓存了配置文件，剩下的工作是清理日志。"},
			[]string{"加载", "介绍", "工作"}, "插件"},
	} {
		got := topicsOfTurns(tc.messages)
		for _, no := range tc.not {
			if slices.Contains(got, no) {
				t.Errorf("topics %q hold %q", got, no)
			}
		}
		if !slices.ContainsFunc(got, func(topic string) bool { return strings.Contains(topic, tc.want) }) {
			t.Errorf("topics %q miss %q", got, tc.want)
		}
	}
}
