package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A course the steward asks for against the one it is to avoid: "can we
// go through the e2e tests locally without having to push and wait for
// CI?", "how can I use #702082 instead of the red?", "is it possible to
// keep the background colour but still make it more modern?". The
// question names both courses; the assistant taking it up (it does not
// turn it down) makes it the session's choice.

var askedCourseRe = regexp.MustCompile(`(?i)\b(?:can we|could we|can you|could you|can i|could i|how (?:can|do|could) (?:i|we)|is it possible to|would it be possible to)\s+(?:maybe\s+|just\s+|please\s+|also\s+)?(.{6,160}?),?\s+(instead of|rather than|without (?:having|needing) to|but (?:still\s+)?)\s*(.{3,120}?)[?.!]*$`)

// askedCourse reads the course and its alternative a steward's sentence
// asks for.
func askedCourse(s string) (baton.Decision, bool) {
	m := askedCourseMatch(strings.TrimSpace(s))
	if m == nil {
		return baton.Decision{}, false
	}
	course, marker, other := strings.TrimSpace(m[1]), strings.ToLower(m[2]), strings.TrimSpace(m[3])
	// "to ensure all works properly": the purpose is no part of the course.
	if i := strings.Index(strings.ToLower(course), " to ensure "); i > 0 {
		course = course[:i]
	}
	if routineStep(course) && !strings.HasPrefix(marker, "without") || len(wordsOf(lowerText(course))) < 2 {
		return baton.Decision{}, false
	}
	d := baton.Decision{Decision: course + " " + strings.TrimSpace(marker) + " " + other}
	if strings.HasPrefix(marker, "without") || marker == "instead of" || marker == "rather than" {
		d.Decision = course + " instead of " + other
		d.Alternatives = []string{other}
	}
	return d, true
}

// askedCourses reads the courses the steward's message i asks for, when
// the assistant's reply takes them up rather than turning them down.
func (sc *decisionScan) askedCourses(i int) {
	v := &sc.vs[i]
	if len(v.prose) > maxRequestMessage {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		if d, ok := askedCourse(plainText(s)); ok && replyTakesUp(sc.vs, i) {
			sc.add(d, v)
		}
	}
}

// declines opens an assistant reply that turns a request down.
var declines = regexp.MustCompile(`(?i)^(?:no\b|unfortunately|i can't|i cannot|that's not possible|it's not possible|this isn't possible)`)

// replyTakesUp reports whether the assistant's first reply with prose
// after vs[i] does not turn it down.
func replyTakesUp(vs []view, i int) bool {
	for j := i + 1; j < len(vs); j++ {
		if vs[j].steward() && vs[j].text {
			return false
		}
		if vs[j].assistant() && vs[j].text {
			return !declines.MatchString(replyLead.ReplaceAllString(strings.TrimSpace(plainText(vs[j].prose)), ""))
		}
	}
	return false
}
