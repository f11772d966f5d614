package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

var (
	// neededCourse is what a thing needs, said by the assistant: "the
	// arguments need to use full flag names instead of short forms",
	// "we should pass the path rather than the name".
	neededCourse = regexp.MustCompile(`(?i)^(?:\d[.)]\s+)?(?:so,?\s+|instead,?\s+|now,?\s+)?(?:i|we|(?:the|this|these|those|that|our|its|each|all|every)\s+[^,;:?]{1,80}?)\s+(?:needs?\s+to|has\s+to|have\s+to|should|must)\s+(?:now\s+|instead\s+|also\s+)?(.{6,})$`)
	// courseReason opens a course's reason beyond rationaleMarker's:
	// "as there's ambiguity with --lut_size", "to avoid a race".
	courseReason = regexp.MustCompile(`(?i)[,;]?\s+(?:as there(?:'s|\s+is|\s+are)|as (?:the|we|you|it's|they're)|to avoid|so as to)\s+`)
)

// neededCourse reads the course the assistant's sentence s states as what
// something needs, set against what it replaces and with a reason: "The
// arguments need to use full flag names instead of short forms as
// there's ambiguity with --lut_size". The caller checks that the session
// then carried it out; a course without both its alternative and its
// reason is a step of the work, not a choice between courses.
func neededCourseOf(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	m := neededCourse.FindStringSubmatch(s)
	if m == nil || strings.HasSuffix(s, "?") || hypothetical.MatchString(s) {
		return baton.Decision{}, false
	}
	course := m[1]
	loc := rationaleMarker.FindStringIndex(course)
	if l := courseReason.FindStringIndex(course); l != nil && (loc == nil || l[0] < loc[0]) {
		loc = l
	}
	if loc == nil {
		return baton.Decision{}, false
	}
	d := baton.Decision{Decision: course[:loc[0]], Rationale: course[loc[1]:]}
	if strings.HasPrefix(strings.ToLower(course[loc[0]:loc[1]]), " to avoid") {
		d.Rationale = "avoid " + d.Rationale
	}
	alt := alternativeOf(d.Decision)
	if alt == "" || routineStep(d.Decision) || len(wordsOf(strings.ToLower(d.Decision))) < 4 {
		return baton.Decision{}, false
	}
	d.Alternatives = []string{alt}
	return d, true
}

// neededCourses reads the courses the assistant's message i states as
// needed (neededCourseOf) and then carries out: it changes a file before
// the steward's next message.
func (sc *decisionScan) neededCourses(i int) {
	v := &sc.vs[i]
	if !comparativeIn(v.lower()) {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		if d, ok := neededCourseOf(plainText(s)); ok && actedOn(sc.vs, i) {
			sc.add(d, v)
		}
	}
}
