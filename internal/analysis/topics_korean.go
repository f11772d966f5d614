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

// koreanTopicWord is w's noun, w itself when it is not Hangul.
func koreanTopicWord(w string) string {
	if r, _ := utf8.DecodeRuneInString(w); !isHangul(r) {
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
	return w
}

func isHangul(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }

// koreanParticles are the case particles a noun carries, the longer
// first (a particle that ends another is tried after it).
var koreanParticles = []string{"에서는", "에서", "에게", "으로", "까지", "부터", "처럼", "보다", "이나", "은", "는", "이", "가",
	"을", "를", "에", "의", "로", "와", "과", "도", "만"}

// koreanVerbEndings end the verbs and adjectives of requests and answers:
// the polite and plain endings, the connective and adnominal forms of
// 하다 (do), 있다 (be), 없다, 되다 (become).
var koreanVerbEndings = []string{"다", "요", "까", "줘", "도록", "해서", "하는", "있는", "없는", "되는", "하고", "하지", "해둔",
	"하여", "하면", "해야", "할", "된", "같은", "대한", "위한", "필요한", "어떤", "따라", "위와", "에서의"}
