package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Courses the assistant sets against another in its own words and then
// takes: one it names as what a thing needs (neededCourses), one it bounds
// against the wider course (scopedStep), one it judges the best of those
// in view (evaluatedApproaches).

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
	loc := rationaleAt(course)
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
		if d, ok := neededCourseOf(plainText(s)); ok && sc.actedOrLetStand(i) {
			sc.add(d, v)
		}
	}
}

// A step the assistant announces with its scope bounded against the wider
// course ("I'll remove only that stale hook so pushes no longer run it,
// leaving the other hooks untouched") chooses the narrow course over the
// wide one: a decision once it is carried out.

var (
	// "I'll remove only …", "I'm going to update just …": an announced
	// step, its verb and the rest.
	announcedStep = regexp.MustCompile(`(?i)^(?:so\s+|now\s+|next,?\s+|instead,?\s+)?(?:i'll|i will|i'm going to|we'll|we will|let me)\s+(?:just\s+)?([a-z]+)\s+(.{6,})$`)
	// ", leaving the other hooks untouched": what the step leaves alone.
	leavingAlone = regexp.MustCompile(`(?i),?\s+(?:and\s+)?(?:leaving|leave|keeping|keep)\s+(.{3,80}?)\s+(?:untouched|unchanged|intact|alone|in place|as is|as they are|as it is)$`)
	// "without touching the lockfile": what the step does not do.
	withoutTouching = regexp.MustCompile(`(?i),?\s+without\s+(?:touching|changing|modifying|removing|deleting|rewriting|editing)\s+(.{3,80})$`)
	// "only that stale hook", "just the darwin binaries": the object
	// bounded.
	onlyObject = regexp.MustCompile(`(?i)^(?:only|just)\s+\S`)
	// The reason the step gives: "so pushes no longer run prek".
	stepReason = regexp.MustCompile(`(?i)[,;]?\s+(?:so that|so|because|since|as)\s+`)
)

// scopedStepCue is a cheap test before scopedStep runs.
func scopedStepCue(lower string) bool {
	return hasAnyPhrase(lower, "only", "leaving", "without", "untouched", "intact")
}

// scopedSteps reads the steps the assistant's message i announces with
// their scope bounded (scopedStep) and then carries out.
func (sc *decisionScan) scopedSteps(i int) {
	v := &sc.vs[i]
	if !scopedStepCue(v.lower()) {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		if d, ok := scopedStep(plainText(s)); ok && sc.carriedOrLetStand(i) {
			sc.add(d, v)
		}
	}
}

// scopedStep reads a step the assistant announces with its scope bounded:
// the step, what it leaves alone as the alternative set aside, and its
// reason.
func scopedStep(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!:")
	m := announcedStep.FindStringSubmatch(s)
	if m == nil || strings.HasSuffix(s, "?") || routineStep(m[1]) {
		return baton.Decision{}, false
	}
	verb, rest := strings.ToLower(m[1]), m[2]
	var d baton.Decision
	bounded, leaves := onlyObject.MatchString(rest), false
	for _, re := range []*regexp.Regexp{leavingAlone, withoutTouching} {
		if loc := re.FindStringSubmatchIndex(rest); loc != nil {
			d.Alternatives = []string{"touch " + rest[loc[2]:loc[3]]}
			rest = rest[:loc[0]] + ", leaving " + rest[loc[2]:loc[3]] + " alone"
			bounded, leaves = true, true
			break
		}
	}
	if !bounded {
		return baton.Decision{}, false
	}
	if loc := stepReason.FindStringIndex(rest); loc != nil && loc[0] > 0 {
		reason := rest[loc[1]:]
		rest = rest[:loc[0]]
		// ", leaving … alone" after the reason stays with the step.
		if k := strings.Index(reason, ", leaving "); k >= 0 {
			rest += reason[k:]
			reason = reason[:k]
		}
		d.Rationale = strings.TrimSpace(reason)
	}
	// A bounded step with neither a reason nor what it spares is a
	// step of the work ("I'll read only the first lines").
	if d.Rationale == "" && !leaves {
		return baton.Decision{}, false
	}
	d.Decision = verb + " " + strings.TrimSpace(rest)
	if n := len(wordsOf(lowerText(d.Decision))); n < 3 || n > maxDecisionWords {
		return baton.Decision{}, false
	}
	return d, true
}

// An approach the assistant names as the best of those in view, by
// judging it rather than announcing a step: "Since all 17 commits are
// unpushed, interactive rebase is the cleanest solution", "the
// interactive rebase approach is indeed the recommended method for
// removing secrets from earlier commits". The judgement sets the approach
// against the others; the session taking it (the assistant carries it
// out, or the steward goes on without turning it down) makes it the
// course chosen. A "since …" clause before it is the reason.

// evaluatedApproach is "[since R,] X is the best way [for Y]": X a noun
// phrase of at most six words.
var evaluatedApproach = regexp.MustCompile(`(?i)^(?:(?:since|because|given(?: that)?|as)\s+([^,]{6,200}),\s*)?(?:looking at [^,]{3,120},\s*)?((?:the\s+)?[\w./'-]+(?:\s+[\w./'-]+){0,5}?)\s+is\s+(?:indeed\s+|clearly\s+|probably\s+|definitely\s+|really\s+|still\s+)?(?:the|your)\s+(?:cleanest|best|simplest|recommended|right|correct|safest|proper|preferred|standard)\s+(?:solution|approach|method|option|way|fix|choice|bet|path)(?:\s+(?:for|to)\s+(.{4,120}))?$`)

// evaluatedWords are the judgements evaluatedApproach needs, with the
// article before them: a message or sentence without one is not matched
// against it.
var evaluatedWords = []string{"the cleanest ", "the best ", "the simplest ", "the recommended ", "the right ", "the correct ",
	"the safest ", "the proper ", "the preferred ", "the standard ", "your best "}

// pointerSubject is a subject that points at something said before
// ("this is the recommended approach", "running that first is the right
// approach"): what it names is not in the sentence.
var pointerSubject = set("this", "that", "it", "which", "what", "there", "here", "these", "those", "option", "so", "and", "but")

// approachEvaluated reads an approach a sentence of the assistant judges
// the best ("X is the cleanest solution"), if it judges one.
func approachEvaluated(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "│|>⏺ ")), ".!:")
	m := evaluatedApproach.FindStringSubmatch(s)
	if m == nil {
		return baton.Decision{}, false
	}
	subject := strings.TrimSpace(m[2])
	for _, w := range wordsOf(strings.ToLower(subject)) {
		if pointerSubject[w] {
			return baton.Decision{}, false
		}
	}
	choice := subject
	if lead, ok := strings.CutPrefix(strings.ToLower(choice), "the "); ok && len(lead) > 0 {
		choice = choice[len("the "):]
	}
	if m[3] != "" {
		choice += " for " + strings.TrimSpace(m[3])
	}
	return baton.Decision{Decision: "use " + choice, Rationale: strings.TrimSpace(m[1])}, true
}

// evaluatedApproaches reads the approaches the assistant's message i
// judges the best, when the session takes them: the assistant carries
// them out, or the steward's next message goes on without turning them
// down.
func (sc *decisionScan) evaluatedApproaches(i int) {
	v := &sc.vs[i]
	if !strings.Contains(v.lower(), " is ") || !hasAnySubstring(v.lower(), evaluatedWords...) {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		lower := strings.ToLower(s)
		if !strings.Contains(lower, " is ") || !hasAnySubstring(lower, evaluatedWords...) {
			continue
		}
		if d, ok := approachEvaluated(plainText(s)); ok && (sc.carriedOrLetStand(i) || goneAlongWith(sc.vs, i)) {
			sc.add(d, v)
		}
	}
}

// goneAlongWith reports whether the steward's next message after the
// assistant's message i goes on with what it proposed: it neither opens by
// turning it down ("no, …") nor asks for another course.
func goneAlongWith(vs []view, i int) bool {
	for j := i + 1; j < len(vs); j++ {
		if !vs[j].steward() || !vs[j].text {
			continue
		}
		return !refusal.MatchString(vs[j].prose) && !hasAnyPhrase(vs[j].lower(), "instead", "rather", "another", "other", "alternative", "different")
	}
	return false
}
