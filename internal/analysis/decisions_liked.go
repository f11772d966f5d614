package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A steward who says which idea in the discussion they like ("I like the
// idea of separating the integration tests from the unit tests", "I like
// your suggestion to cache the tokens") picks that course among those in
// view, as "I like Option C" picks an option by its key: the idea is the
// decision. What follows a "but" is a reservation, not part of the idea.

// likedIdea is the steward's "I like the idea of X": X.
var likedIdea = regexp.MustCompile(`(?i)^(?:(?:ok(?:ay)?|yes|good|great|nice|hmm+)[,.!]?\s+)?i\s+(?:really\s+|do\s+|also\s+)?(?:like|love|prefer)\s+(?:the|your)\s+(?:idea|suggestion|approach|proposal)\s+(?:of|to)\s+(.{6,200})$`)

// reservation opens what the steward holds back after the idea they like.
var reservation = regexp.MustCompile(`(?i)[,;]?\s+but\s+.*$`)

// likedIdeas reads the ideas the steward's message i says it likes, in a
// conversation where the assistant has spoken.
func (sc *decisionScan) likedIdeas(i int) {
	v := &sc.vs[i]
	if sc.lastOffer < 0 || len(v.prose) > maxRequestMessage || !hasAnySubstring(v.lower(), "i like", "i love", "i prefer", "i really like", "i also like") {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		s = strings.TrimRight(strings.TrimSpace(plainText(s)), ".!")
		if strings.HasSuffix(s, "?") {
			continue
		}
		m := likedIdea.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		idea := strings.TrimSpace(reservation.ReplaceAllString(aside.ReplaceAllString(m[1], ""), ""))
		if len(wordsOf(strings.ToLower(idea))) < 3 {
			continue
		}
		sc.add(baton.Decision{Decision: idea}, v)
	}
}
