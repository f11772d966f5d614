package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

var (
	// concession opens an assistant reply that gives way to what the
	// steward said against its own course: "You're right", "Good catch",
	// "Fair point", in the languages the sessions are held in.
	concession = regexp.MustCompile(`(?i)^(?:(?:ah|oh|ok|okay),?\s+)?(?:(?:you're|you are|the user is)\s+(?:absolutely\s+|totally\s+|completely\s+|exactly\s+|quite\s+)?right|(?:good|fair|great|excellent)\s+(?:point|catch|call)|(?:tienes|tiene|você tem|vous avez)\s+raz|você está cert|おっしゃる通り|ご指摘の通り|你说得对|您说得对)`)
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
	if loc := rationaleMarker.FindStringIndex(d.Decision); loc != nil {
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
	if !concession.MatchString(replyLead.ReplaceAllString(strings.TrimSpace(plainText(sc.vs[i].prose)), "")) {
		return
	}
	p := sc.previousText(i)
	if p < 0 || !sc.vs[p].steward() || len(sc.vs[p].prose) > maxPushback || strings.HasPrefix(sc.vs[p].prose, "<") ||
		sc.previousText(p) < 0 || !carriedOut(sc.vs, i) {
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
