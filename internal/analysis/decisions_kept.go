package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// keptForCompatibility is a thing kept, against the change around it,
// so that what depends on it goes on working: "Keep
// `deriveKeypair()` for backward compat (migration reads)", "keep the
// old flag as a deprecated alias". Removing it was the other course.
var keptForCompatibility = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|we'll|we will|i'll|i will|let's|we should|please),?\s+)?(keep(?:\s+existing)?\s+(.{3,80}?)\s+(?:for\s+(?:backward|backwards|legacy)\s+compat(?:ibility)?|to\s+(?:maintain|preserve|keep)\s+(?:backward\s+|backwards\s+)?compatibility|as\s+a\s+(?:deprecated\s+alias|fallback)))(?:\s*[(,;:—–-]\s*(.*?)\)?)?$`)

// keptForCompat reads the things message i keeps for compatibility: a
// steward's instruction or an approved plan's step, or an assistant's
// course the session carries out.
func (sc *decisionScan) keptForCompat(i int) {
	v := &sc.vs[i]
	if !strings.Contains(v.lower(), "keep") || !hasAnySubstring(v.lower(), "compat", "alias", "fallback") {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		m := keptForCompatibility.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(plainText(s)), " ."))
		if m == nil || v.assistant() && len(sc.plans[i]) == 0 && !sc.carriedOrLetStand(i) {
			continue
		}
		sc.add(baton.Decision{Decision: m[1], Rationale: m[3], Alternatives: []string{"remove " + strings.TrimSpace(m[2])}}, v)
	}
}
