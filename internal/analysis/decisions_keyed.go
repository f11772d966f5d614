package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Answers the steward gives point by point to the questions the
// assistant asked about the work ("Open questions: 1. Which database
// host should we use? 2. Do we need email verification?" — "1. Database
// host: the managed free tier. 2. Email verification: yes, required
// before the first login."): each answer, keyed to its question by the
// question's number or by a topic the question names, settles it. The
// answer alone ("yes, required …") says little; the topic it answers
// goes with it.

var (
	// An asked question's line: "2. **Do we need email verification?**",
	// "- Retention: how long should we keep the logs?". The number, if
	// any, and the question.
	askedLine = regexp.MustCompile(`^\s*(?:#{1,4}\s*)?(?:(?:\*\*|__)?(\d{1,2})[.)](?:\*\*|__)?|[-*•])?\s*(.{6,300}\?)[*_\s]*$`)
	// A question about the work, one an answer settles: "should we",
	// "do we need", "which …", "is there a limit", "do you want".
	settlingQuestion = regexp.MustCompile(`(?i)\b(?:should|shall|do we|do you|does it|would you|want|prefer|which|need|is there|are there|is it ok(?:ay)?|can we|may we|must)\b`)
	// The key an answer line opens with: a number ("2.", "2)") and a
	// topic ("Email verification:"), either or both.
	answerKey = regexp.MustCompile(`^\s*(?:[-*•]\s*)?(?:\**(\d{1,2})[.)]\**\s+)?(?:\**([\p{L}][\p{L}\d /&'-]{2,48}?)\**:\**\s+)?(.+)$`)
	// What a question opens with before its subject: "Should we", "Do we
	// need to", "How should we handle".
	questionLead = regexp.MustCompile(`(?i)^(?:(?:how(?:\s+(?:long|much|many|often))?|when|where)\s+)?(?:should|shall|do|does|would|can|may|must|is|are)\s+(?:we|you|i|it|there|this|that)\s+(?:(?:want|need|like|prefer)\s+(?:to\s+)?)?`)
	// "Which object store should we use for the uploads": the thing asked
	// for ("object store") and what it is for.
	whichLead = regexp.MustCompile(`(?i)^(?:which|what)\s+((?:[\w-]+\s+){1,3}?)(?:should|shall|do|does|would|will|can|must)\s+(?:we|you|i|it)\s+\w+\s*(.*)$`)
	// An answer that settles nothing: "not sure", "no preference", "up to
	// you", "skip", "n/a", "later".
	openAnswer = regexp.MustCompile(`(?i)^(?:not sure|no idea|i don't know|dunno|no preference|no strong (?:opinion|preference)|up to you|your call|you decide|skip|n/?a|tbd|later|pass|same|as above|see above)\b`)
	// A bare yes or no before the answer's course: "Yes, require it".
	bareYesNo = regexp.MustCompile(`(?i)^(?:yes|no|yep|nope)[.,!:;]*\s*`)
	// An answer that is a yes or a no and nothing more: "yes", "Yes
	// please.", "nope".
	onlyYes = regexp.MustCompile(`(?i)^(?:yes|yep|yeah|sure|ok(?:ay)?|definitely|absolutely)(?:,?\s+(?:please|pls|definitely|absolutely|of course))?[.!]*$`)
	onlyNo  = regexp.MustCompile(`(?i)^(?:no|nope|nah|not needed|not now|not yet|not for now)(?:,?\s+(?:thanks|thank you|not (?:now|yet|needed|for now)))?[.!]*$`)
	// A question that asks yes or no of a course: "Should we …", "Do you
	// want …", "Do we need …", not "Which …" or "How long …".
	yesNoQuestion = regexp.MustCompile(`(?i)^(?:should|shall|do|does|would|can|may|must|is|are)\s+(?:we|you|i|it|there|this|that)\b`)
	// "Do you want", "do we need": what follows is wanted, a thing or (after
	// "to") a course.
	wantedLead = regexp.MustCompile(`(?i)^(?:do|does|would|will)\s+(?:we|you|i|it)\s+(?:want|need|like|prefer)\s+`)
	// A question between named courses: "Should we use SQLite or
	// PostgreSQL?"; a one-word answer names one of them.
	orInQuestion = regexp.MustCompile(`(?i)\sor\s`)
	// The text of an aside in parentheses.
	asideText = regexp.MustCompile(`\(([^()]{3,})\)`)
)

// minAnsweredQuestions is the number of questions from which an
// assistant's message is read as asking the steward point by point.
const minAnsweredQuestions = 2

// askedQuestionItem is one question an assistant's message asks about
// the work: its number if it has one, its subject (the question without
// its lead and its mark) and its content words.
type askedQuestionItem struct {
	number  string
	subject string
	words   map[string]bool
	// yesNo: the question asks yes or no of its subject ("Should we
	// support dark mode?"), so a bare yes takes the subject as the course.
	// thing: the subject is a thing wanted ("Do you want push
	// notifications?"), not a course to take.
	yesNo, thing bool
	// which: the question asks for a thing ("Which database should we
	// use?") or between named courses, so a one-word answer names it.
	which bool
}

// questionsAsked are the questions about the work the assistant's prose
// asks, one a line.
func questionsAsked(prose string) []askedQuestionItem {
	var out []askedQuestionItem
	for line := range strings.SplitSeq(prose, "\n") {
		if !strings.Contains(line, "?") {
			continue
		}
		m := askedLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		q := strings.TrimSpace(plainText(strings.NewReplacer("**", "", "__", "").Replace(m[2])))
		// "Scope: do you want X?": the topic before the question names it.
		if k := strings.Index(q, ": "); k > 0 && k < 50 {
			q = q[k+2:]
		}
		if !settlingQuestion.MatchString(q) {
			continue
		}
		subject := strings.TrimSpace(strings.TrimRight(q, "?"))
		item := askedQuestionItem{number: m[1]}
		if m := whichLead.FindStringSubmatch(subject); m != nil {
			subject = strings.TrimSpace(m[1] + m[2])
			item.which = true
		} else {
			item.yesNo = yesNoQuestion.MatchString(subject)
			if m := wantedLead.FindStringIndex(subject); m != nil {
				item.thing = !strings.HasPrefix(strings.ToLower(subject[m[1]:]), "to ")
			}
			item.which = orInQuestion.MatchString(subject)
			subject = questionLead.ReplaceAllString(subject, "")
		}
		item.subject = subject
		item.words = map[string]bool{}
		for _, w := range contentWords(q) {
			item.words[w] = true
		}
		out = append(out, item)
	}
	return out
}

// keyedAnswers reads the steward's message i as answers to the questions
// the latest assistant message asked: each line keyed to one of them, by
// its number or by a topic sharing a word with it, whose answer states
// something ("the managed free tier", "yes, required before the first
// login"), not an open one ("not sure", "up to you") or a question back.
// Two answers at least, each to a question of its own: one keyed line
// may be a remark.
func (sc *decisionScan) keyedAnswers(i int) {
	v := &sc.vs[i]
	if sc.lastOffer < 0 || len(v.prose) > maxRequestMessage || strings.HasPrefix(v.prose, "<") || !keyedLines(v.prose) {
		return
	}
	offer := sc.vs[sc.lastOffer].prose
	if strings.Count(offer, "?") < minAnsweredQuestions {
		return
	}
	qs := questionsAsked(offer)
	if len(qs) < minAnsweredQuestions {
		return
	}
	var found []baton.Decision
	answered := map[int]bool{}
	for line := range strings.SplitSeq(v.prose, "\n") {
		m := answerKey.FindStringSubmatch(line)
		if m == nil || m[1] == "" && m[2] == "" {
			continue
		}
		q := answeredQuestion(qs, m[1], m[2])
		if q < 0 || answered[q] {
			continue
		}
		d, ok := keyedAnswer(qs[q], strings.TrimSpace(m[2]), m[3])
		if !ok {
			continue
		}
		answered[q] = true
		found = append(found, d)
	}
	if len(found) < minAnsweredQuestions {
		return
	}
	for _, d := range found {
		sc.add(d, v)
	}
}

// keyedLines reports whether prose has two lines or more that open with a
// key (a number or a topic and a colon): most messages have none, and
// the questions asked before them are read only for those that do.
func keyedLines(prose string) bool {
	n := 0
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimLeft(line, " \t-*•")
		if t == "" {
			continue
		}
		if t[0] >= '0' && t[0] <= '9' || strings.Contains(t, ": ") {
			if n++; n >= minAnsweredQuestions {
				return true
			}
		}
	}
	return false
}

// answeredQuestion is the question an answer's key points at: the one
// with its number, else the one question its topic shares a content word
// with; -1 for none, or for a topic that names two questions.
func answeredQuestion(qs []askedQuestionItem, number, topic string) int {
	if number != "" {
		for k, q := range qs {
			if q.number == number {
				return k
			}
		}
		return -1
	}
	named := -1
	for k, q := range qs {
		for _, w := range contentWords(topic) {
			if q.words[w] {
				if named >= 0 && named != k {
					return -1
				}
				named = k
			}
		}
	}
	return named
}

// keyedAnswer is the decision one keyed answer states: its topic (the
// key's, else the question's subject) and the answer's first sentence.
func keyedAnswer(q askedQuestionItem, topic, answer string) (baton.Decision, bool) {
	answer = strings.TrimSpace(plainText(answer))
	if answer == "" || strings.Contains(answer, "?") || openAnswer.MatchString(answer) {
		return baton.Decision{}, false
	}
	ss := sentences(answer)
	if len(ss) == 0 {
		return baton.Decision{}, false
	}
	// "Use the free tier (managed, no region to pick at our scale)": the
	// aside says why.
	var why string
	if m := asideText.FindStringSubmatch(ss[0]); m != nil {
		why = strings.TrimSpace(m[1])
	}
	first := strings.TrimRight(strings.TrimSpace(aside.ReplaceAllString(ss[0], "")), ".!;")
	// "Yes." to "Should we support dark mode?": the course is the
	// question's, its subject turned into the choice; "no" turns it
	// down.
	if q.yesNo && q.subject != "" && len(ss) == 1 {
		switch {
		case onlyYes.MatchString(first):
			return baton.Decision{Decision: keyedCourse(topic, q.subject), Rationale: why}, true
		case onlyNo.MatchString(first):
			return baton.Decision{Decision: keyedCourse(topic, declined(q.subject, q.thing)), Rationale: why}, true
		}
	}
	// "Yes." alone, a word alone: too little to say which course, unless
	// the question asked for a thing by name ("Which format?" — "CSV").
	if n := len(wordsOf(lowerText(bareYesNo.ReplaceAllString(first, "")))); n < 2 && !(n == 1 && q.which && !bareYesNo.MatchString(first)) {
		return baton.Decision{}, false
	}
	if topic == "" {
		topic = q.subject
		// "format for the export, CSV or JSON": the courses named are
		// the answer's to pick from, not part of the topic.
		if k := strings.LastIndex(topic, ", "); k > 0 && orInQuestion.MatchString(topic[k:]) {
			topic = strings.TrimSpace(topic[:k])
		}
	}
	if topic == "" {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: topic + ": " + first, Rationale: why}, true
}

// keyedCourse is a course a yes or a no settles, with the topic the
// answer was keyed by, if any.
func keyedCourse(topic, course string) string {
	if topic == "" {
		return course
	}
	return topic + ": " + course
}

// declined is a course turned down: "do not add a cache" for "add a
// cache", "no dark mode" for the thing "dark mode".
func declined(course string, thing bool) string {
	if thing {
		return "no " + course
	}
	return "do not " + course
}
