package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Courses of the steward's that the assistant's reply takes up over its
// own: a pushback it gives way to ("You're right, …", conceded), a
// proposal it credits to the steward ("as you suggested: …", credited), a
// course the steward asks for against another ("can we X instead of Y?",
// askedCourses) and a part of the assistant's offer the steward turns
// down ("I don't need the hover effects", declinedParts).

var (
	// concession opens an assistant reply that gives way to what the
	// steward said against its own course: "You're right", "Good catch",
	// "Fair point", in the languages the sessions are held in.
	concession = regexp.MustCompile(`(?i)^(?:(?:ah|oh|ok|okay),?\s+)?(?:(?:you're|you are|the user is)\s+(?:absolutely\s+|totally\s+|completely\s+|exactly\s+|quite\s+)?right|(?:good|fair|great|excellent)\s+(?:point|catch|call)|(?:tienes|tiene|você tem|vous avez)\s+raz|você está cert|おっしゃる通り|ご指摘の通り|你说得对|您说得对)`)
	// concessionWords are words one of which every match of concession
	// holds: the pattern is read on every assistant message, and even
	// anchored it costs in proportion to the message's length.
	concessionWords = newFoldWords("right", "point", "catch", "call", "raz", "cert", "おっしゃる通り", "ご指摘の通り", "说得对")
	// proposalFrame is a question that puts a course to the assistant:
	// "did you set up X yet?", "can't we X?", "why not X?"; what follows
	// it is the course.
	proposalFrame = regexp.MustCompile(`(?i)^(?:did you|have you|can we|could we|can't we|cant we|couldn't we|should we|shouldn't we|why not|why don't we|why don't you|how about|what about|wouldn't it be (?:better|simpler|cleaner) to|isn't it (?:better|simpler|cleaner) to)\s+(.+?)(?:\s+(?:yet|already|first|instead))?\s*\?+$`)
	// statementLead opens a sentence that says how things are, a reason
	// at most: "this is …", "it was …".
	statementLead = regexp.MustCompile(`(?i)^(?:i|it|this|that|these|those|there|the\s+\S+|we|you)(?:'s|'re|'m|\s+(?:is|are|was|were|am|meant|think|thought|see|saw|know|got|have|had|did))\b`)
	// concessionLead is what opens a steward's pushback before its
	// course: "this sounds good, but", "nah,", "ok,".
	concessionLead = regexp.MustCompile(`(?i)^(?:.{0,40}?,\s*but\s+|(?:ok|okay|hmm|nah|well|so|also|and|but|please),?\s+)`)
)

// stewardCourse is the course a steward's short pushback puts to the
// assistant as a question ("this sounds good, but did you set up the
// environment with the latest stable Python yet?"), its last such
// question; a statement of how things are beside it ("it is older than
// the toolchain") is the reason. A question about a fault is a report,
// not a course.
func stewardCourse(prose string) (baton.Decision, bool) {
	var d baton.Decision
	for _, s := range decisionSentences(plainText(prose)) {
		s = strings.TrimSpace(concessionLead.ReplaceAllString(strings.TrimSpace(s), ""))
		course := ""
		if m := proposalFrame.FindStringSubmatch(s); m != nil {
			course = m[1]
		} else if statementLead.MatchString(s) && !strings.HasSuffix(s, "?") {
			d.Rationale = strings.TrimRight(s, ".!")
			continue
		}
		if course == "" || faultWords.MatchString(course) && !choiceClause(course) || routineStep(course) ||
			hypothetical.MatchString(course) || len(wordsOf(strings.ToLower(course))) < 3 {
			continue
		}
		d.Decision = course
	}
	if d.Decision == "" {
		return baton.Decision{}, false
	}
	if loc := rationaleAt(d.Decision); loc != nil {
		d.Rationale, d.Decision = d.Decision[loc[1]:], d.Decision[:loc[0]]
	}
	if alt := alternativeOf(d.Decision); alt != "" {
		d.Alternatives = []string{alt}
	}
	return d, true
}

// conceded reads the steward's pushback that the assistant's reply i
// gives way to ("You're right, …") and the session then carries out: the
// steward's course set against the assistant's, a correction that
// changed the work. Only a short message answering an earlier assistant
// message is a pushback; a long one is a new request.
func (sc *decisionScan) conceded(i int) {
	reply := replyLead.ReplaceAllString(strings.TrimSpace(plainText(sc.vs[i].prose)), "")
	if !concessionWords.in(reply) || !concession.MatchString(reply) {
		return
	}
	p := sc.previousText(i)
	if p < 0 || !sc.vs[p].steward() || len(sc.vs[p].prose) > maxPushback || strings.HasPrefix(sc.vs[p].prose, "<") ||
		sc.previousText(p) < 0 || !sc.carriedOrLetStand(i) {
		return
	}
	if d, ok := stewardCourse(sc.vs[p].prose); ok {
		sc.add(d, &sc.vs[p])
	}
}

// maxPushback bounds the steward's message read as a pushback, in bytes:
// a few sentences.
const maxPushback = 400

// previousText is the index of the latest steward or assistant message
// with prose before view i, or -1.
func (sc *decisionScan) previousText(i int) int {
	for j := i - 1; j >= 0; j-- {
		if sc.vs[j].text {
			return j
		}
	}
	return -1
}

// A course the assistant credits to the steward: "Simple as you
// suggested: all tools in the registry, arrays of slugs for grouping",
// "Your suggestion of with_shared_flags is more readable because …",
// "per your instruction, the baseline is not updated". Crediting the
// steward is how the assistant marks that it took the steward's proposal
// over its own: an accepted proposal, said in the assistant's words.

var (
	// "as you suggested: X", "exactly as you proposed, X".
	asYouSuggested = regexp.MustCompile(`(?i)\bas you (?:suggested|proposed|recommended)\s*[:,—–-]\s*(.{6,})$`)
	// "your suggestion of X is better because Y", "your idea to X works".
	yourSuggestionOf = regexp.MustCompile(`(?i)\byour (?:suggestion|proposal|idea)\s+(?:of|to)\s+(.{3,80}?)\s+(?:is|was|would be|works|makes)\b\s*(.*)$`)
	// "per your instruction, X", "following your suggestion, X".
	perYour = regexp.MustCompile(`(?i)\b(?:per|following|as per)\s+your\s+(?:instruction|instructions|suggestion|request|direction)\s*[,:—–-]\s*(.{6,})$`)
)

// creditedCourse reads the steward's course that assistant sentence s
// credits to the steward.
func creditedCourse(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!:")
	if strings.HasSuffix(s, "?") {
		return baton.Decision{}, false
	}
	if !holdsFold(s, "you") {
		return baton.Decision{}, false // every pattern below holds "you" or "your"
	}
	var d baton.Decision
	if m := yourSuggestionOf.FindStringSubmatch(s); m != nil {
		d.Decision = "use " + strings.Trim(strings.TrimSpace(m[1]), "`*_ ")
		if r := strings.TrimSpace(m[2]); r != "" {
			d.Rationale = strings.TrimSuffix(strings.TrimSpace(r), " because")
		}
	} else if m := asYouSuggested.FindStringSubmatch(s); m != nil {
		d.Decision = m[1]
	} else if m := perYour.FindStringSubmatch(s); m != nil {
		d.Decision = m[1]
	} else {
		return baton.Decision{}, false
	}
	settleReason(&d)
	return d, len(wordsOf(lowerText(d.Decision))) >= 2 && !routineStep(d.Decision)
}

// credited reads the courses the assistant's message i credits to the
// steward, unless the steward's next message turns them down.
func (sc *decisionScan) credited(i int) {
	v := &sc.vs[i]
	for _, s := range sc.sentencesOf(i) {
		if d, ok := creditedCourse(plainText(s)); ok && !refusedNext(sc.vs, i) {
			sc.add(d, v)
		}
	}
}

// refusedNext reports whether the steward's next message after vs[i]
// opens by turning down what was said ("no, keep the old one").
func refusedNext(vs []view, i int) bool {
	for j := i + 1; j < len(vs); j++ {
		if vs[j].steward() && vs[j].text {
			return refusal.MatchString(vs[j].prose)
		}
	}
	return false
}

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
