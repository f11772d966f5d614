package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Decisions the steward states in reply to the assistant: the assistant
// asked what to do (a question with courses in view, options, a plan to
// approve) and the steward's answer says which course, in its own words
// ("re 2, I would like to build a walking skeleton first", "3 but apply
// the changes to this branch, since it's directly related", "Good. Instead
// of removing the check, let's create an empty placeholder").

var (
	// What opens an answer before its course: a pick ("3 but", "B,"), an
	// acknowledgement ("Good.", "yes,", "LGTM -"), a pointer at the
	// question answered ("re 2.", "re: Python version…", "for 3:").
	answerLead = regexp.MustCompile(`(?i)^(?:(?:[1-9]|[a-e])\b[.):]?|yes|yeah|yep|ok|okay|good|great|sure|fine|lgtm|sounds good|perfect|agreed|right|nah|no)[.,!:;-]*\s+(?:(?:but|and|also|then|so)\s+)?|^re:?\s+(?:[^,.;:]{0,60}?[,:]\s+|[1-9][.)]?\s+)`)
	// "I would like to X", "I'd prefer X", "we should X", "let's X": the
	// steward's preferred course.
	preferredCourse = regexp.MustCompile(`(?i)^(?:i think\s+|i guess\s+|probably\s+)?(?:i would like to|i'd like to|i would prefer to|i'd prefer to|i would prefer|i'd prefer|i prefer to|i prefer|i want to|we should|we'll|we will|let's|let us|i'd go with|i would go with|go with)\s+(.{6,})$`)
	// ", not Y", "but not Y": the alternative turned down after the
	// course.
	notAlternative = regexp.MustCompile(`(?i)(?:,\s*|\s+but\s+|\s+and\s+)not\s+([^,;]{3,80})$`)
	// An assistant message's close that asks the steward: a question, or
	// "reply with …", "let me know …".
	asksReply = regexp.MustCompile(`(?i)\?|\breply with\b|\blet me know\b|\btell me\b|\bapprove\b`)
	// A question that weighs two courses: "would you prefer to start with
	// X or implement Y right away?".
	eitherQuestion = regexp.MustCompile(`(?i)\b(?:prefer|rather|want|like|should (?:we|i)|shall (?:we|i)|which)\b[^?\n]{3,200}\sor\s[^?\n]{2,200}\?`)
	// A clause that points at the question answered before the course:
	// "point from your list of questions, ".
	answerPointer = regexp.MustCompile(`(?i)^[^,;:?]{0,60}\b(?:question|point)s?\b[^,;:?]{0,40},\s+`)
	// What an acceptance puts before the work it accepts: "yes, but only
	// after you have updated the docs", "ok, but first back up the
	// database". The steward sets the order of the work.
	acceptedCondition = regexp.MustCompile(`(?i)^(?:yes|yeah|yep|ok|okay|sure|sounds good|go ahead|fine|lgtm)[.,!:;-]*\s+but\s+((?:only\s+)?(?:after|once)\s+.{6,}|first,?\s+.{6,})$`)
)

// weighsCourses reports whether an assistant message puts courses side
// by side for the steward: options to pick from, or a question asking
// which of two courses to take. An answer to it that prefers one course
// chooses between them, with or without a stated reason.
func weighsCourses(prose string) bool {
	return eitherQuestion.MatchString(prose) || len(offeredOptions(prose)) >= 2
}

// asksSteward reports whether an assistant message ends by asking the
// steward something a reply can settle: a question or a call for an
// answer in its last lines, or options to choose from.
func asksSteward(prose string) bool {
	tail := strings.TrimSpace(prose)
	if n := len(tail); n > 600 {
		tail = tail[n-600:]
	}
	return asksReplyIn(tail) || len(offeredOptions(prose)) >= 2
}

// replyCourses reads the courses the steward's message i states in reply
// to the assistant message that asked it something: each sentence that
// prefers a course ("I would like to X", "we should X") or states one with
// its reason or the alternative it turns down ("apply it to this branch,
// since …", "X instead of Y", "X, not Y").
func (sc *decisionScan) replyCourses(i int) {
	v := &sc.vs[i]
	if sc.lastOffer < 0 || len(v.prose) > maxRequestMessage || strings.HasPrefix(v.prose, "<") || !asksSteward(sc.vs[sc.lastOffer].prose) {
		return
	}
	weighed := weighsCourses(sc.vs[sc.lastOffer].prose)
	for _, s := range sc.sentencesOf(i) {
		for _, part := range strings.Split(plainText(s), "; ") {
			if d, ok := replyCourse(part, weighed); ok {
				sc.add(d, v)
			}
		}
	}
}

// replyCourse reads one sentence of a steward's answer as a course, if it
// states one. weighed says the question put courses side by side
// (weighsCourses): then a preferred course that answers it by a lead ("re
// 2, I would like to X first", "B, let's X") is the choice even without
// its reason; a preference without such a lead may be the steward's goal
// ("I'd like to talk to it about my books"), not one course of two.
func replyCourse(s string, weighed bool) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	if m := acceptedCondition.FindStringSubmatch(s); m != nil && !strings.HasSuffix(s, "?") {
		// "yes, but only after you have updated the docs": the steward
		// accepts the offered work and orders another course before it.
		if d := strings.TrimSpace(m[1]); len(wordsOf(lowerText(d))) >= 4 && !routineStep(strings.TrimPrefix(strings.TrimPrefix(d, "first,"), "first")) {
			return baton.Decision{Decision: d}, true
		}
		return baton.Decision{}, false
	}
	whole := s
	for k := 0; k < 2; k++ {
		s = strings.TrimSpace(answerLead.ReplaceAllString(s, ""))
	}
	s = answerPointer.ReplaceAllString(s, "")
	weighed = weighed && s != whole
	if s == "" || strings.HasSuffix(s, "?") || strings.HasPrefix(s, "|") || (mayBeHypothetical(s) && hypothetical.MatchString(s)) {
		return baton.Decision{}, false
	}
	// A course without its reason or the alternative it turns down is a
	// request ("let's add a test"), not a choice between courses.
	preferred := weighed && preferredCourse.MatchString(s)
	if !preferred && rationaleAt(s) == nil && !comparative.MatchString(s) && !notAlternative.MatchString(s) {
		return baton.Decision{}, false
	}
	var d baton.Decision
	if m := preferredCourse.FindStringSubmatch(s); m != nil {
		d.Decision = m[1]
	} else if choiceClause(s) {
		d.Decision = s
	} else {
		return baton.Decision{}, false
	}
	if loc := rationaleAt(d.Decision); loc != nil {
		d.Rationale, d.Decision = d.Decision[loc[1]:], d.Decision[:loc[0]]
	}
	if alt := alternativeOf(d.Decision); alt != "" {
		d.Alternatives = []string{alt}
	} else if m := notAlternative.FindStringSubmatchIndex(d.Decision); m != nil {
		d.Alternatives = []string{d.Decision[m[2]:m[3]]}
		d.Decision = d.Decision[:m[0]]
	}
	d.Decision = strings.TrimRight(strings.TrimSpace(d.Decision), ".!,;:")
	if n := len(wordsOf(lowerText(d.Decision))); n < 3 || routineStep(d.Decision) || modal.MatchString(d.Decision) {
		return baton.Decision{}, false
	}
	return d, true
}
