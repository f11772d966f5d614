package analysis

import (
	"strings"
	"unicode/utf8"
)

// Korean writes its particles on the noun ("필드는", the field + topic
// marker; "모델이", "모델은": the model), so one noun was as many words as
// the cases a session used it in, none of them scoring as the noun, and
// a request's verbs ("수정해줘", fix it; "있도록", so that there is) were
// words too. koreanTopicWord is the noun a Korean word holds: its
// particle (and the plural "들") taken off, or "" for a verb or an
// adnominal form, which names no subject.

// koreanTopicWord is w's noun, w itself when it is not Hangul. A word
// of Latin letters carries its particle in Hangul ("Agent가", the agent
// + subject marker): the word without it.
func koreanTopicWord(w string) string {
	if r, _ := utf8.DecodeRuneInString(w); !isHangul(r) {
		if r, _ := utf8.DecodeLastRuneInString(w); isHangul(r) {
			for _, p := range koreanParticles {
				if stem, ok := strings.CutSuffix(w, p); ok && stem != "" && stem[len(stem)-1] < utf8.RuneSelf {
					return stem
				}
			}
		}
		return w
	}
	for _, e := range koreanVerbEndings {
		if strings.HasSuffix(w, e) {
			return ""
		}
	}
	for _, p := range koreanParticles {
		if stem, ok := strings.CutSuffix(w, p); ok && utf8.RuneCountInString(stem) >= 2 {
			w = stem
			break
		}
	}
	if stem, ok := strings.CutSuffix(w, "들"); ok && utf8.RuneCountInString(stem) >= 2 {
		w = stem
	}
	if koreanStopNouns[w] {
		return ""
	}
	return w
}

// koreanStopNouns are the Korean nouns of any request or answer, which
// name no subject, as "file", "work" and "issue" are English stop words
// and 確認, 問題 Japanese ones: work, document, file, code, content, part,
// way, problem, case, check, fix, addition, use, need, required, current,
// next, whole, related, existing, after, before, below, above, command,
// now, degree, because, progress, change.
var koreanStopNouns = set("작업", "문서", "파일", "코드", "내용", "부분", "방법", "문제", "경우", "확인", "수정", "추가", "사용", "필요",
	"필수", "현재", "이번", "다음", "전체", "관련", "기존", "이후", "이전", "아래", "위", "명령", "지금", "정도", "때문", "진행", "변경")

func isHangul(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }

// koreanParticles are the case particles a noun carries, the longer
// first (a particle that ends another is tried after it).
var koreanParticles = []string{"에서는", "에서", "에게", "으로", "까지", "부터", "처럼", "보다", "이나", "은", "는", "이", "가",
	"을", "를", "에", "의", "로", "와", "과", "도", "만"}

// koreanVerbEndings end the verbs and adjectives of requests and answers:
// the polite and plain endings, the connective and adnominal forms of
// 하다 (do), 있다 (be), 없다, 되다 (become), and their plain imperative
// ("하라", do it) and adverbial forms ("있게", so that there is).
var koreanVerbEndings = []string{"다", "요", "까", "줘", "도록", "해서", "하는", "있는", "없는", "되는", "하고", "하지", "해둔",
	"하여", "하면", "해야", "할", "된", "같은", "대한", "위한", "필요한", "어떤", "따라", "위와", "에서의",
	"하라", "해라", "있게", "없게", "하게", "되게"}
