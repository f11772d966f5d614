package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestSplitMixedCJKCutsMixedWords: a word that mixes Latin letters with
// Japanese is cut into its runs wherever it starts, so no topic holds a
// particle or a verb ending ("mdがあるか確認します"), and the Latin name
// in it stays a word.
func TestSplitMixedCJKCutsMixedWords(t *testing.T) {
	for _, tc := range []struct {
		words, want []string
	}{
		{[]string{"readme", "mdがあるか確認します"}, []string{"readme", "md", "確認"}},
		{[]string{"githubのリポジトリを更新"}, []string{"github", "リポジトリ", "更新"}},
		{[]string{"検索キャッシュを消す"}, []string{"検索", "キャッシュ", "消"}},
		{[]string{"cache", "flush"}, []string{"cache", "flush"}},
	} {
		if got := splitMixedCJK(tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("splitMixedCJK(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// TestTopicsHoldNoHiragana: however the words of a Japanese message
// start, no topic holds hiragana (a particle or a verb ending cut in with
// the noun).
func TestTopicsHoldNoHiragana(t *testing.T) {
	c := newConvo()
	c.steward("README.mdが古いです。CONTRIBUTING.mdが必要です")
	c.assistant("README.mdがあるか確認します")
	c.steward("README.mdがあるか確認します")
	c.assistant("CONTRIBUTING.mdが既にあるので追加しません")
	for _, topic := range keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer))) {
		for _, r := range topic {
			if isHiragana(r) {
				t.Errorf("topic %q holds hiragana", topic)
				break
			}
		}
	}
}

// TestPathInJapaneseSentence: a Japanese sentence holds no spaces, so a
// path in it is cut out of its run of Latin letters, and the rest of the
// sentence (the file name before it) is still read.
func TestPathInJapaneseSentence(t *testing.T) {
	got := topicProse("NOTES.mdから見出しを外して、docs/guideのページに移して")
	if !strings.Contains(got, "NOTES.mdから見出しを外して") || strings.Contains(got, "docs/guide") {
		t.Errorf("topicProse = %q, want the sentence without its path", got)
	}
	if got := topicProse("read /home/ana/notes.md first"); got != "read . first" {
		t.Errorf("topicProse = %q, want %q", got, "read . first")
	}
	c := newConvo()
	c.steward("NOTES.mdから見出しを外して、docs/guideのページに移して")
	c.assistant("Moved the headings out of NOTES.md.")
	c.steward("NOTES.mdの残りも確認して")
	found := false
	for _, cand := range topicCandidates(buildViews(testAnalyzer, c.analysed(testAnalyzer))) {
		found = found || cand.term == "notes.md" && cand.msgs == 3
	}
	if !found {
		t.Errorf("candidates miss %q in all three messages", "notes.md")
	}
}
