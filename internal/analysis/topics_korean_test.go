package analysis

import (
	"slices"
	"testing"
)

// TestKoreanTopicWord: a Korean noun without its particle, a verb none.
func TestKoreanTopicWord(t *testing.T) {
	for in, want := range map[string]string{
		"필드는":    "필드",
		"모델이":    "모델",
		"템플릿들을":  "템플릿",
		"작업을":    "", // work: a noun of any request (koreanStopNouns)
		"문서를":    "",
		"agent가": "agent", // a Latin word's particle
		"café":   "café",
		"템플릿":    "템플릿",
		"수정해줘":   "",
		"있도록":    "",
		"사용하는":   "",
		"대한":     "",
		"하라":     "", // do it: a plain imperative
		"있게":     "", // so that there is
		"github": "github",
	} {
		if got := koreanTopicWord(in); got != want {
			t.Errorf("koreanTopicWord(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKoreanTopicsWithoutParticles: the cases of one noun are one topic,
// and a request's verbs and adnominal forms are none.
func TestKoreanTopicsWithoutParticles(t *testing.T) {
	c := newConvo()
	c.steward("필수 필드는 문서에 따라 달라질 수 있도록 템플릿을 수정해줘")
	c.assistant("템플릿의 필수 필드를 정리했습니다. 필드는 문서 종류에 대한 정보입니다.")
	c.steward("필드가 빠진 문서도 있는지 확인해줘")
	c.assistant("모든 문서에 필드가 있습니다.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "필드") {
		t.Errorf("topics %q miss the noun %q", got, "필드")
	}
	for _, g := range got {
		if g == "필드는" || g == "필드를" || g == "필드가" || g == "대한" || g == "수정해줘" {
			t.Errorf("topics %q hold %q", got, g)
		}
	}
}
