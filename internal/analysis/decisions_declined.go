package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// declinedPart is a steward turning down a part of what the assistant
// just offered or built: "the gradient is a little too much and I don't
// need the hover effects" after an answer that added hover effects. The
// part is named in the assistant's message before it, so the course
// without it is set against the one with it: a choice, once the
// assistant's reply takes it up. A thing the assistant never mentioned
// ("I don't want to lose it") is no part of its offer.
var declinedPart = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:don't|do not|dont)\s+(?:really\s+)?(?:need|want)\s+(?:the|these|those|any|all the)\s+([\p{L}\p{N}][\p{L}\p{N}\s-]{2,40}?)(?:\s+(?:anymore|any more|at all))?\s*(?:[.,;!]|$|\band\b|\bbut\b)|\bno need for\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\s-]{2,40}?)\s*(?:[.,;!]|$)`)

// declinedParts reads the parts of the assistant's latest offer that the
// steward's message i turns down.
func (sc *decisionScan) declinedParts(i int) {
	v := &sc.vs[i]
	if sc.lastOffer < 0 || len(v.prose) > maxRequestMessage || !hasAnySubstring(v.lower(), "need", "want") {
		return
	}
	offer := sc.vs[sc.lastOffer].lower()
	for _, s := range sc.sentencesOf(i) {
		for _, m := range declinedPart.FindAllStringSubmatch(s, -1) {
			part := strings.TrimSpace(m[1] + m[2])
			if namedIn(part, offer) && replyTakesUp(sc.vs, i) {
				sc.add(baton.Decision{Decision: "no " + part}, v)
			}
		}
	}
}

// namedIn reports whether every content word of part, its first five
// letters at least ("effects" for "effect"), is in text (lower case).
func namedIn(part, text string) bool {
	words := wordsOf(lowerText(part))
	n := 0
	for _, w := range words {
		if stopWords[w] {
			continue
		}
		if r := []rune(w); len(r) > 5 {
			w = string(r[:5])
		}
		if !strings.Contains(text, w) {
			return false
		}
		n++
	}
	return n > 0
}
