package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A course the assistant takes in place of one the session cannot use,
// with the reason it cannot: "jq isn't installed. Let me use Python for
// the JSON parsing instead", "Since the registry has no arm64 image, I'll
// switch to building it locally instead". The course it falls back on is
// a choice between two, the one ruled out named in the reason.

var (
	// fallbackCourse is the course announced: "let me use X instead",
	// "I'll update the script to use X instead".
	fallbackCourse = regexp.MustCompile(`(?i)^(?:(?:so|ok|okay|then|now),?\s+)?(?:i'll|i will|let me|let's|i'm going to|we'll|we will)\s+(?:just\s+)?(.{0,80}?\b(?:use|using|switch to|fall back to|go with|rely on)\s+.{2,100}?),?\s+instead$`)
	// fallbackReasonFirst is a reason said before the course in the same
	// sentence: "Since X isn't installed, I'll …", "X isn't installed,
	// so I'll …".
	fallbackReasonFirst = regexp.MustCompile(`(?i)^(?:(?:since|because|as)\s+(.{6,160}?),|(.{6,160}?),?\s+so)\s+((?:i'll|i will|let me|let's|i'm going to|we'll|we will)\s.+)$`)
	// unavailable says a course cannot be taken: a tool not installed, an
	// API that does not support it, a command that failed.
	unavailable = regexp.MustCompile(`(?i)\b(?:isn't|is not|aren't|are not|wasn't|doesn't|does not|don't|can't|cannot|no longer|unavailable|missing|not (?:installed|available|found|supported)|failed|fails)\b`)
)

// fallbackChoice reads the course the assistant's sentence s takes
// instead of one the reason rules out, the reason said in s itself or in
// the sentence before it (prev).
func fallbackChoice(prev, s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	if !strings.HasSuffix(strings.ToLower(s), "instead") {
		return baton.Decision{}, false
	}
	reason := strings.TrimRight(strings.TrimSpace(prev), ".!")
	if m := fallbackReasonFirst.FindStringSubmatch(s); m != nil {
		reason, s = m[1]+m[2], m[3]
	}
	m := fallbackCourse.FindStringSubmatch(s)
	if m == nil || strings.HasSuffix(reason, "?") || !unavailable.MatchString(reason) {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: m[1], Rationale: reason}, true
}
