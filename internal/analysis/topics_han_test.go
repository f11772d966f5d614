package analysis

import (
	"slices"
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
