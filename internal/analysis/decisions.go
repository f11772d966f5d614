package analysis

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// decisionsOf finds a session's decisions, at most maxDecisions, once
// each, in order:
//
//   - a sentence that states one (decisionOf): "we'll go with X because
//     Y", "let's use X instead of Y", "decided to X", "I switched to X
//     since Y", "the fix is to X";
//   - an option the steward picks from those the assistant offered
//     ("I like Option C", "option 2", "the second one"): the option's
//     text, the others as the alternatives;
//   - a recommendation of the assistant ("I recommend X", "I'd go with
//     X", "My recommendation: X") that the steward accepts ("yes", "let's
//     do that", "sounds good") — one the steward answers with another
//     choice is not a decision;
//   - the choices of a plan the assistant proposed and the steward went
//     ahead with ("continue", "yes, go ahead"), read as an approved
//     plan's (planDecisions);
//   - an option the assistant offered that a later steward message
//     repeats nearly word for word (echoedOption);
//   - a question the assistant asked with options (Claude Code's
//     AskUserQuestion) and the single option the steward answered;
//   - a steward's comparative choice: "X instead of Y", "rather than Y,
//     X" (not a question, a hypothetical or a "could");
//   - the means a steward's request names for the work ("create the
//     server using Qdrant and mem0"), when the session uses them
//     (requestedMeans);
//   - a steward's Japanese choice: 「Xにします」「Xで行きましょう」
//     「Xにしたほうがよさそう」「Xを採用します」「Xで進めてください」
//     「YではなくX」, with 「〜ので」 as the reason;
//   - French and Portuguese ones: "on part sur X", "vamos usar X", "X
//     plutôt que Y", "X em vez de Y", with "parce que" / "porque";
//   - a steward's proposal put as a question ("wouldn't something like X
//     be clearer?") that the assistant's reply agrees to, unless it is a
//     routine step ("shouldn't we run the tests?").
//
// Not decisions: "we haven't decided on X", a question, a narration of
// what happened, an option picked in a reply that opens with "no", and
// anything longer than one breath (maxDecisionWords).
//
// Options the steward never picks from give nothing.
func decisionsOf(vs []view) []baton.Decision {
	return decisionsWith(vs, newSessionTechnologies(vs))
}

// decisionsWith is decisionsOf(vs) reading the session's technologies
// from techs (technologiesOf(vs)).
func decisionsWith(vs []view, techs *sessionTechnologies) []baton.Decision {
	sc := newDecisionScan(withoutThoughts(vs))
	sc.sessionTechs = techs
	for i := range vs {
		if sc.full() {
			break
		}
		sc.read(i)
	}
	sc.pickEither(len(vs))
	return sc.out
}

// decisionScan is decisionsOf's walk through a session: the decisions
// found so far and the offers still open to an answer.
type decisionScan struct {
	vs    []view
	out   []baton.Decision
	plans map[int][]planSource // approved plans by the view holding them
	// lastOffer is the latest assistant message with prose, either the
	// latest steward message that offers "either X or Y", proposal a
	// steward proposal the assistant has not answered yet; -1 for none.
	lastOffer, either, proposal int
	carried                     optionsOpen // options offered, not yet settled (optionCarried)
	techs                       []string    // the session's technologies, once read (requestedMeans)
	sessionTechs                *sessionTechnologies
	echoes                      []echoOffer // offers a steward's message may take up by repeating one (echoedOption)
	// sentences is decisionSentences of view sentencesAt (sentencesOf).
	sentences   []string
	sentencesAt int
	// toolless: the export holds no tool call anywhere (toolless), so a
	// course stated can be read as carried out when the steward lets it
	// stand.
	toolless bool
}

func newDecisionScan(vs []view) *decisionScan {
	sc := &decisionScan{vs: vs, out: []baton.Decision{}, plans: map[int][]planSource{}, lastOffer: -1, either: -1, proposal: -1, carried: optionsOpen{at: -1}, sentencesAt: -1, sessionTechs: newSessionTechnologies(vs), toolless: toolless(vs)}
	for _, p := range approvedPlans(vs) {
		sc.plans[p.at] = append(sc.plans[p.at], p)
	}
	return sc
}

// sentencesOf is decisionSentences(sc.vs[i].prose), split once for all
// the rules that read view i (read runs every rule on one view before
// the next) rather than once by each of them. Read only: the rules share it.
func (sc *decisionScan) sentencesOf(i int) []string {
	if sc.sentencesAt != i {
		sc.sentences, sc.sentencesAt = decisionSentences(sc.vs[i].prose), i
	}
	return sc.sentences
}

// full reports whether maxDecisions are found.
func (sc *decisionScan) full() bool { return len(sc.out) >= maxDecisions }

// read reads the decisions view i states or settles, in the order the
// steps below are listed.
func (sc *decisionScan) read(i int) {
	v := &sc.vs[i]
	for _, p := range sc.plans[i] {
		for _, d := range planDecisions(p.text) {
			sc.add(d, v)
		}
	}
	sc.optionCarried(i)
	if v.steward() && v.text {
		sc.pickEither(i)
		if strings.Contains(v.lower(), "either") && eitherOr.MatchString(v.prose) {
			sc.either = i
		}
	}
	if v.m.Role == baton.RoleToolResult {
		for _, d := range answeredQuestions(v) {
			sc.add(d, v)
		}
		return
	}
	if !v.text {
		return
	}
	found := len(sc.out)
	sc.stewardAnswer(i)
	answered := len(sc.out) > found
	if v.steward() && !answered {
		sc.keyedAnswers(i)
		answered = len(sc.out) > found
	}
	if v.assistant() {
		sc.lastOffer = i
		sc.proposalAnswered(i)
		sc.openOptions(i)
		sc.noteEchoOffer(i)
	}
	if v.steward() && !answered && len(sc.echoes) > 0 {
		sc.echoedOption(i)
		answered = len(sc.out) > found
	}
	if v.steward() && proposalQuestionCue(v.lower()) {
		sc.proposal = i
	}
	if v.steward() {
		sc.optionReply(i, answered)
		for _, d := range japaneseChoices(v.prose) {
			sc.add(d, v)
		}
		if len(v.prose) <= maxRequestMessage {
			for _, d := range chineseChoices(v.prose) {
				sc.add(d, v)
			}
		}
		sc.constraints(i)
		sc.likedIdeas(i)
		if hasAnySubstring(v.lower(), "(no ", "(not ", "(without ") {
			sc.parenthesisedAlternatives(i)
		}
		sc.requestedMeans(i)
		sc.reverted(i)
		sc.declinedParts(i)
		// The cue is read from the prose as written: "?" and these words
		// need no lower-casing, "Instead" aside.
		if len(v.prose) <= maxRequestMessage && (strings.Contains(v.prose, "?") || strings.Contains(v.prose, "without") || strings.Contains(v.prose, "nstead")) {
			sc.askedCourses(i)
		}
		if !answered {
			sc.replyCourses(i) // an answer read as a pick says no more
			if d, ok := stewardCorrection(v.prose, sc.sentencesOf(i)); ok && sc.lastOffer >= 0 {
				sc.add(d, v)
			}
		}
	}
	if v.assistant() && strings.Contains(v.lower(), "the ") {
		sc.assistantApproaches(i)
	}
	if v.assistant() {
		sc.evaluatedApproaches(i)
		sc.neededCourses(i)
		sc.conceded(i)
		sc.reportedChoices(i)
		if strings.Contains(v.lower(), "you") {
			sc.credited(i)
		}
	}
	sc.keptForCompat(i)
	if v.assistant() {
		sc.scopedSteps(i)
	}
	if !decisionCue(v.lower()) || len(sc.plans[i]) > 0 && v.steward() {
		return // a plan's choices are read by planDecisions
	}
	if v.steward() && stewardBrief(v.prose) {
		return
	}
	sc.statedDecisions(i)
}

// minBriefLines is the number of lines of prose from which a steward's
// message is a brief: an issue, a guideline or a set of instructions
// written or pasted as a document, more than a turn of conversation.
const minBriefLines = 6

// stewardBrief reports whether a steward's message is a brief
// (minBriefLines lines of prose or more, code blocks left out). Its
// sentences are the requirements the brief sets out for the work ("Missing
// fixture values should produce focused assertion failures rather than
// package-wide panics", "Each prompt should be about one of the 5 prompt
// types"), not choices the session made between courses; a plan the
// steward approves is read as a plan (planDecisions).
func stewardBrief(prose string) bool {
	lines, fence := 0, false
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			fence = !fence
			continue
		}
		if !fence && t != "" {
			if lines++; lines >= minBriefLines {
				return true
			}
		}
	}
	return false
}

// constraints reads the constraints the steward's message i states
// (stewardConstraint); a long paste states none of its own.
func (sc *decisionScan) constraints(i int) {
	v := &sc.vs[i]
	// A plan's choices are read by planDecisions; a brief's sentences
	// are its requirements (stewardBrief).
	if len(v.prose) > maxRequestMessage || len(sc.plans[i]) > 0 || stewardBrief(v.prose) {
		return
	}
	ss := sc.sentencesOf(i)
	for _, s := range ss {
		if d, ok := stewardConstraint(plainText(s)); ok {
			sc.add(d, v)
		}
	}
	if contrastCue(v.lower()) {
		for _, d := range stewardContrasts(ss) {
			sc.add(d, v)
		}
	}
}

// add keeps d, found at v, when it is a choice someone would remember and
// not one already found.
func (sc *decisionScan) add(d baton.Decision, v *view) {
	if sc.full() || d.Decision == "" {
		return
	}
	// A "decision" that runs past a sentence's length is a pasted
	// passage or a narration, not a choice someone would remember.
	if len(wordsOf(strings.ToLower(d.Decision))) > maxDecisionWords || strings.HasSuffix(d.Decision, "…") {
		return
	}
	d.Decision = excerpt(strings.TrimRight(strings.TrimSpace(plainText(stripMarkup(d.Decision))), ".!,;:、。"), decisionLength)
	// "She says the bucket should use a Lua script instead of …": the
	// choice, not who said it.
	d.Decision = reportedSpeechLead.ReplaceAllString(d.Decision, "")
	// "… and not reduce it to a mention instead of": the alternative
	// fell past the sentence's end.
	if decisionInsteadWords.in(d.Decision) {
		d.Decision = danglingInstead.ReplaceAllString(d.Decision, "")
	}
	d.Decision = strings.TrimSpace(d.Decision)
	d.Rationale = excerpt(strings.TrimRight(strings.TrimSpace(plainText(stripMarkup(d.Rationale))), ".!,;:、。"), decisionLength)
	// "be processed after the response, rather than …": a clause cut
	// from its subject names no course.
	if cutClause.MatchString(d.Decision) {
		return
	}
	if d.Decision == "" || shellChoice(d.Decision) || ownTooling.MatchString(d.Decision) || quotesReference(d) ||
		pointsBackOnly.MatchString(d.Decision) {
		return
	}
	// "run the script to align the configs": a step of routine execution
	// chooses nothing unless it is set against another course ("go with
	// X" is a choice, not the routine "go ahead").
	if len(d.Alternatives) == 0 && routineStep(d.Decision) && !goWith.MatchString(d.Decision) {
		return
	}
	for _, x := range sc.out {
		if strings.EqualFold(x.Decision, d.Decision) {
			return
		}
	}
	d.Timestamp = v.m.Timestamp
	sc.out = append(sc.out, d)
}

var (
	// "use the CI troubleshooting workflow for this", "use the review
	// skill here": the assistant picking its own tooling for the request
	// is a step of its work, not a choice about the project.
	ownTooling = regexp.MustCompile(`(?i)^(?:use|using|invoke|run)\s+(?:the\s+)?.{0,60}\b(?:skill|workflow|subagent|agent)s?\s+(?:for this|for that|for the task|here)\b`)
	// "use fs.checksum instead of mtime #6495", "… issue /0799472f…": a
	// pull request's or commit's title quoted with its number or hash,
	// the subject of the work rather than a choice made in it.
	quotedReference = regexp.MustCompile(`#\d{2,}\b|\b[0-9a-f]{12,40}\b`)
	// A colour written in CSS notation: "rgba(255, 57, 57, 10)", "#7a2",
	// "#702082". Beside one, "#702082" is a colour, not an issue.
	cssColour = regexp.MustCompile(`(?i)\b(?:rgba?|hsla?)\(|#[0-9a-f]*[a-f][0-9a-f]*\b|\b(?:colou?r|background|border|shadow|fill|stroke)\b`)
	// A number after "#" that is a colour's six or three hex digits.
	hexColourDigits = regexp.MustCompile(`#(?:\d{6}|\d{3})\b`)
	// "She says that …", "Priya suggested …": who said the choice.
	reportedSpeechLead = regexp.MustCompile(`^(?:[Ss]he|[Hh]e|[Tt]hey|[A-Z][a-z]+) (?:says|said|suggests|suggested|thinks|proposes|proposed|recommends|recommended)(?: that)?\s+`)
	// A clause that opens on a bare auxiliary: "be processed after …",
	// "is handled by …".
	cutClause = regexp.MustCompile(`(?i)^(?:be|been|being|is|are|was|were)\s`)
	// "go with this", "do that", "use this approach", "go with option 1",
	// "take the second one": the course is named only by pointing back at
	// it, so the decision would hand on nothing (the option it points at
	// is read as a pick).
	pointsBackOnly = regexp.MustCompile(`(?i)^(?:go|stick|do|use|take|keep|try|pick|choose)(?:\s+(?:with|for|ahead with))?\s+(?:(?:this|that|it|these|those|them)(?:\s+(?:one|ones|approach|plan|option|way|idea))?|(?:option|approach|choice|variant|number)\s+[a-e1-6]|the\s+(?:first|second|third|fourth|last|latter|former)(?:\s+(?:one|option|approach|choice))?)$`)
	// "go with X", "go for X": a choice.
	goWith = regexp.MustCompile(`(?i)^go\s+(?:with|for)\b`)
	// " or " outside an aside: "use environment variables or a test
	// setup" names two courses and settles neither.
	twoCourses = regexp.MustCompile(`(?i)\sor\s`)
)

// namedApproach is an approach named as the one to take before it is
// carried out: "For the write mode, `workspace-write` is the correct
// replacement — it allows writes in the workspace".
var namedApproach = regexp.MustCompile(`(?i)^(?:for [^,]{1,60},\s*)?([^,;:]{3,60}?)\s+is\s+(?:the\s+)?(?:correct|right|best|better|simplest|cleanest|proper|safest|recommended|preferred)\s+(?:replacement|fix|approach|choice|option|solution|value)(?:\s+here)?\s*(?:—|–|-|:|,|because|since|as)\s+(.{6,})$`)

// quotesReference reports whether d's course quotes a pull request,
// issue or commit by its number or hash (quotedReference). A "#702082"
// beside a colour, in the course or the alternative it replaces ("use
// #702082 instead of rgba(255, 57, 57, 10)"), is the colour.
func quotesReference(d baton.Decision) bool {
	if !quotedReference.MatchString(d.Decision) {
		return false
	}
	if cssColour.MatchString(d.Decision) || slices.ContainsFunc(d.Alternatives, cssColour.MatchString) {
		return quotedReference.MatchString(hexColourDigits.ReplaceAllString(d.Decision, ""))
	}
	return true
}

// leavesTwoCourses reports whether a stated "decision" still leaves two courses
// open ("the solution is to use X or Y").
func leavesTwoCourses(decision string) bool {
	return twoCourses.MatchString(aside.ReplaceAllString(decision, ""))
}

// pickEither settles the steward's open "either X or Y" by the assistant
// replies before view end.
func (sc *decisionScan) pickEither(end int) {
	if sc.either < 0 {
		return
	}
	var reply strings.Builder
	for j := sc.either + 1; j < end; j++ {
		if sc.vs[j].assistant() && sc.vs[j].text {
			reply.WriteString(sc.vs[j].prose)
			reply.WriteString("\n")
		}
	}
	if d, ok := eitherPick(sc.vs[sc.either].prose, reply.String()); ok && sc.actedOrLetStand(sc.either) {
		sc.add(d, &sc.vs[sc.either])
	}
	sc.either = -1
}

// stewardAnswer reads the steward's message i as an answer to the latest
// assistant offer: options put in order, an option picked, a
// recommendation or a proposal accepted or taken up, one course of an
// "X or Y?" question named.
func (sc *decisionScan) stewardAnswer(i int) {
	v := &sc.vs[i]
	// A slash command or a caveat the client wrote is no answer.
	if !v.steward() || sc.lastOffer < 0 || strings.HasPrefix(v.prose, "<") {
		return
	}
	offer := &sc.vs[sc.lastOffer]
	// A plan the assistant proposed and the steward goes ahead with: its
	// choices, read as an approved plan's.
	if ds := proposedPlanApproved(offer, v.prose); len(ds) > 0 {
		for _, d := range ds {
			sc.add(d, v)
		}
		return
	}
	if d, ok := orderedPicks(offer, v.prose); ok {
		sc.add(d, v)
	} else if d, ok := pickedOption(offer, v.prose); ok {
		sc.add(d, v)
	} else if d, ok := pickedSeveral(offer, v.prose); ok {
		sc.add(d, v)
	} else if d, ok := acceptedRecommendation(offer, v.lower()); ok {
		sc.add(d, v)
	} else if d, ok := proposalAccepted(offer, v.lower()); ok {
		sc.add(d, v)
	} else if d, ok := recommendationTakenUp(sc.vs, sc.lastOffer, i); ok {
		sc.add(d, v)
	} else if d, ok := orQuestionPick(offer, v.prose); ok {
		sc.add(d, v)
	}
}

// proposalAnswered reads the assistant's message i as the answer to the
// steward's open proposal: agreed to, it is a decision.
func (sc *decisionScan) proposalAnswered(i int) {
	v := &sc.vs[i]
	// A message that only makes tool calls ("Grep: src") answers
	// nothing yet.
	if sc.proposal < 0 || len(v.m.ToolCalls) > 0 {
		return
	}
	if d, ok := proposalOf(sc.vs[sc.proposal].prose); ok && agrees(v.prose) && !routineStep(d.Decision) {
		sc.add(d, &sc.vs[sc.proposal])
	}
	sc.proposal = -1
}

// assistantApproaches reads the approaches the assistant's message i
// states as the one to take and then carries out: "the safer fix is to
// X", "I'll X, which is the standard approach".
func (sc *decisionScan) assistantApproaches(i int) {
	v := &sc.vs[i]
	for _, s := range sc.sentencesOf(i) {
		// "I'm checking the setting; the safer fix is to …": the
		// approach is the last clause.
		if k := strings.LastIndex(s, "; "); k > 0 {
			s = s[k+2:]
		}
		plain := plainText(s) // once for the three readings: it was a sixth of theirs
		if d, compared, ok := approachOf(plain); ok && compared && sc.carriedOrLetStand(i) {
			sc.add(d, v)
		} else if m := submatchIf(whichIsApproach, plain, whichIsApproachWords); m != nil && standardWay.MatchString(m[2]) && sc.actedOrLetStand(i) {
			sc.add(baton.Decision{Decision: m[1], Rationale: m[2]}, v)
		} else if m := submatchIf(namedApproach, plain, namedApproachWords); m != nil && sc.carriedOrLetStand(i) {
			sc.add(baton.Decision{Decision: "use " + strings.Trim(m[1], "` "), Rationale: m[2]}, v)
		}
	}
}

// statedDecisions reads the decisions message i states in a sentence:
// "we'll go with X", a steward's "X instead of Y", an assistant's choice
// against its alternative that it carries out.
func (sc *decisionScan) statedDecisions(i int) {
	v := &sc.vs[i]
	ss := sc.sentencesOf(i)
	for k, s := range ss {
		// A question ("use mocks, we could reach 100%, right?") asks;
		// it settles nothing.
		if strings.HasSuffix(strings.TrimSpace(s), "?") {
			continue
		}
		plain := plainText(s) // once for the three readings
		if d, ok := decisionOf(plain, v.steward()); ok {
			// "I'll start with test_decorators.py since it's the main
			// test file": the order of the assistant's own work, not a
			// choice between courses.
			if v.assistant() && len(d.Alternatives) == 0 && workOrder.MatchString(d.Decision) {
				continue
			}
			if !leavesTwoCourses(d.Decision) {
				sc.add(d, v)
			}
		} else if d, ok := comparativeOf(plain, v.steward()); ok {
			sc.add(d, v)
		} else if d, ok := announcedChoice(plain); ok && v.assistant() && sc.actedOrLetStand(i) {
			sc.add(d, v)
		} else if v.assistant() {
			prev := ""
			if k > 0 {
				prev = plainText(ss[k-1])
			}
			if d, ok := fallbackChoice(prev, plain); ok && sc.actedOrLetStand(i) {
				sc.add(d, v)
			}
		}
	}
}

// workOrder opens a course that only says where the work begins: "start
// with X", "begin by X-ing".
var workOrder = regexp.MustCompile(`(?i)^(?:start|begin)\s+(?:with|by)\b`)

var (
	// "I'll use X instead of Y", "Let me switch to X rather than Y".
	announcedInstead = regexp.MustCompile(`(?i)^(?:so\s+|instead,?\s+)?(?:i'll|i will|let me|let's|i'm going to|we'll|we will)\s+(?:also\s+|just\s+)?(.+?)\s+(?:instead of|rather than)\s+(.+)$`)
	// "Rather than X, I'll Y".
	announcedRather = regexp.MustCompile(`(?i)^(?:rather than|instead of)\s+(.+?),\s*(?:i'll|i will|let me|let's|i'm going to|we'll|we will)\s+(.+)$`)
	// A reason in an aside: "(which is the pattern used elsewhere)", "— it
	// keeps …".
	asideReason = regexp.MustCompile(`(?i)\s*(?:\((?:which|since|because|as|so)\s+([^)]+)\)|\s—\s+(.+)$|,\s+which (?:is|keeps|avoids|matches)\s+(.+)$)`)
)

// announcedChoice reads a choice the assistant announces against its
// alternative, with a reason: "I'll use the internal helper instead of
// calling the package directly (which is the pattern used elsewhere)",
// "Rather than patching the vendored copy, I'll bump the dependency,
// since …". Without a reason it is a step, not a decision.
func announcedChoice(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!:")
	if strings.HasSuffix(s, "?") || strings.HasPrefix(s, "|") {
		return baton.Decision{}, false
	}
	var choice, alt string
	if m := announcedRather.FindStringSubmatch(s); m != nil {
		choice, alt = m[2], m[1]
	} else if m := announcedInstead.FindStringSubmatch(s); m != nil {
		choice, alt = m[1], m[2]
	} else {
		return baton.Decision{}, false
	}
	var d baton.Decision
	for _, part := range []*string{&choice, &alt} {
		if loc := rationaleAt(*part); loc != nil {
			d.Rationale, *part = (*part)[loc[1]:], (*part)[:loc[0]]
		} else if m := asideReason.FindStringSubmatchIndex(*part); m != nil {
			for k := 2; k+1 < len(m); k += 2 {
				if m[k] >= 0 {
					d.Rationale = (*part)[m[k]:m[k+1]]
				}
			}
			*part = (*part)[:m[0]]
		}
	}
	choice = strings.TrimRight(strings.TrimSpace(choice), ",;:")
	alt = strings.TrimRight(strings.TrimSpace(alt), ",;:")
	if d.Rationale == "" || len(wordsOf(strings.ToLower(choice))) < 2 || alt == "" {
		return baton.Decision{}, false
	}
	d.Decision = choice + " instead of " + alt
	d.Alternatives = []string{excerpt(alt, decisionLength)}
	return d, true
}

// recommendationTakenUp reads a recommendation of the assistant message
// vs[offer] that the steward's reply vs[reply] builds on ("can you also
// …") without turning it down, and that the session goes on to carry out
// (it writes or edits a file afterwards).
func recommendationTakenUp(vs []view, offer, reply int) (baton.Decision, bool) {
	r := vs[reply].lower()
	if !hasAnyPhrase(r, "also") || hasAnyPhrase(r, "no", "not", "don't", "instead", "rather", "but", "other", "alternative", "alternatives") {
		return baton.Decision{}, false
	}
	written := false
	for j := reply + 1; j < len(vs) && !written; j++ {
		for _, c := range vs[j].calls {
			if op := c.op(); op == "write" || op == "edit" {
				written = true
			}
		}
	}
	if !written {
		return baton.Decision{}, false
	}
	return acceptedRecommendation(&vs[offer], "yes")
}

var (
	// "I recommend X", "I'd go with X", "I'd use X", "my recommendation:
	// X", "Recommended approach: X", "I suggest X".
	recommendation = regexp.MustCompile(`(?i)\b(?:i(?:['’]d| would)? recommend(?:ing)?|^recommending(?: that)?(?: we)?|my recommendation(?: is)?:?|^recommendation:|recommended (?:approach|option|solution|fix|choice)(?: is)?:?|i(?:['’]d| would) (?:go with|use|pick|choose|opt for)|i(?:'d| would) suggest|i suggest|recommended:|i(?:'d| would) lean (?:towards?|toward)|my (?:pick|vote) (?:would be|is)|je (?:recommande|conseille|suggère)|je vous (?:recommande|conseille|suggère)|(?:eu )?(?:recomendo|sugiro))\s+(.+)`)
	// Japanese: "おすすめは X です", "X を推奨します".
	recommendationJA = regexp.MustCompile(`^(?:(?:私の)?(?:おすすめ|推奨)(?:は|としては)[、,]?\s*(.+?)(?:です|でしょう|かと思います)?|(.+?)を(?:おすすめ|推奨)(?:します|したいです))$`)
	// Chinese, Korean, Russian, Polish and Spanish: "建议使用 X", "推荐：X",
	// "X를 추천합니다", "Рекомендую X", "Polecam X", "Te recomiendo X",
	// "Yo usaría X". The verb opens the sentence (the Korean one closes
	// it), so a recommendation reported or refused ("不推荐作为首选") is none.
	recommendationOther = regexp.MustCompile(`(?i)^(?:` +
		`(?:我(?:们|們)?|[^，,。：:\s不没沒别別]{1,8}?)?(?:更|比较|比較)?(?:建议|建議|推荐|推薦)(?:方案|做法)?(?:你|您)?(?:使用|采用|採用|用|选择|選擇|选|選)?[:：]?\s*([^。；;？?]{2,80})` +
		`|(.{2,60}?)\s*(?:을|를)?\s*(?:추천|권장)(?:합니다|드립니다|해요|드려요)` +
		`|(?:추천|권장)(?:\s*(?:방법|안))?[:：]\s*(.{2,60})` +
		`|(?:я\s+)?(?:рекомендую|советую|предлагаю)\s+(?:использовать\s+|выбрать\s+|взять\s+)?(.{3,120})` +
		`|я\s+бы\s+(?:использовал|выбрал|взял)\s+(.{3,120})` +
		`|(?:polecam|proponuję|sugeruję|rekomenduję|zalecam)\s+(?:użyć\s+|użycie\s+|wybrać\s+)?(.{3,120})` +
		`|(?:yo\s+)?(?:te\s+|le\s+|les\s+|os\s+)?(?:recomiendo|sugiero|aconsejo)\s+(?:usar\s+|utilizar\s+|que uses\s+)?(.{3,120})` +
		`|(?:yo\s+)?(?:usaría|utilizaría|elegiría|iría con)\s+(.{3,120})` +
		`|(?:моя\s+|mi\s+|moja\s+)?(?:рекомендация|recomendación|rekomendacja)(?:\s+es)?[:：]\s*(.{3,120})` +
		`)$`)
	// The reason after a recommendation in those languages: "…, потому что …".
	otherReason = regexp.MustCompile(`(?i)[,，]\s*(?:потому что|так как|поскольку|ponieważ|bo|porque|ya que|因为|因為|이유는)\s*`)
	// Two courses left open: "A 或 B", "A или B", "A lub B", "A o B".
	otherTwoCourses = regexp.MustCompile(`(?i)或|还是|還是|또는|\sили\s|\slub\s|\so\s`)
)

// recommendationWords are words one of which every recommendation the
// patterns above read holds, looked for in one pass over the offer.
var recommendationWords = newFoldWords("recommend", "go with", "suggest", "lean toward", "my pick", "my vote", "d use ", "d pick ", "d choose ", "d opt for", "conseille", "suggère",
	"recomendo", "sugiro", "おすすめ", "推奨", "建议", "建議", "推荐", "推薦", "추천", "권장", "рекоменд", "советую", "предлагаю", "я бы",
	"polecam", "proponuję", "sugeruję", "rekomend", "zalecam", "recomiendo", "recomendación", "sugiero", "aconsejo", "usaría", "utilizaría", "elegiría", "iría con")

// recommendedOther reads a recommendation in Chinese, Korean, Russian,
// Polish or Spanish (recommendationOther) that one sentence states.
func recommendedOther(s string) (baton.Decision, bool) {
	m := recommendationOther.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(s), ".!。！"))
	if m == nil {
		return baton.Decision{}, false
	}
	var d baton.Decision
	for _, g := range m[1:] {
		if g != "" {
			d.Decision = g
			break
		}
	}
	if loc := otherReason.FindStringIndex(d.Decision); loc != nil {
		d.Rationale, d.Decision = d.Decision[loc[1]:], d.Decision[:loc[0]]
	}
	// "建议使用 X，这样 …": the course ends at the clause's comma.
	d.Decision, _, _ = strings.Cut(d.Decision, "，")
	d.Decision = strings.TrimSpace(d.Decision)
	if utf8.RuneCountInString(d.Decision) < 3 || otherTwoCourses.MatchString(d.Decision) {
		return baton.Decision{}, false
	}
	return d, true
}

// maxDecisionWords bounds a decision's length: the longest choice a
// person states in one breath. One cut to decisionLength is longer still.
const maxDecisionWords = 28

// danglingInstead is an "instead of" with nothing after it.
var danglingInstead = regexp.MustCompile(`(?i),?\s+(?:instead of|rather than)$`)

// refusal opens a reply that turns down what was offered.
var refusal = regexp.MustCompile(`(?i)^\s*(?:no|nope|nah|not|non|não|いいえ)\b`)

// shellChoice reports a "decision" that only names a shell command to run
// ("use cd", "use source $HOME/.local/bin/env"): a step, not a choice.
func shellChoice(d string) bool {
	w := strings.Fields(strings.ToLower(d))
	if len(w) < 2 || w[0] != "use" && w[0] != "run" {
		return false
	}
	switch w[1] {
	case "cd", "source", "export", "ls", "cat", "echo", "sudo", "grep", "rm", "mv", "cp", "mkdir", "chmod", "pwd", "which":
		return true
	}
	return isCommandText(strings.Join(w[1:], " "))
}

// optionText is an option's heading made plain: no emphasis, no trailing
// colon.
func optionText(s string) string {
	// "**Rebase on main** - This will likely …": the bold head names it.
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "**") {
		if end := strings.Index(t[2:], "**"); end > 0 && end+4 < len(t) {
			s = t[2 : end+2]
		}
	} else if len(t) > 60 {
		for _, sep := range []string{" — ", " – ", " - ", ": "} {
			// "Do both: create the pages and the sample content": a head
			// that only combines the other options names none of its own.
			if i := strings.Index(t, sep); i > 0 && len(wordsOf(strings.ToLower(t[:i]))) >= 2 && !combiningHead.MatchString(t[:i]) {
				s = t[:i]
				break
			}
		}
	}
	s = strings.ReplaceAll(strings.ReplaceAll(plainText(s), "**", ""), "__", "")
	// "Thank you footer (Homebrew / many CLIs)": the aside is no part of
	// the option's name.
	if i := strings.IndexAny(s, "(（"); i > 0 && (strings.HasSuffix(strings.TrimSpace(s), ")") || strings.HasSuffix(strings.TrimSpace(s), "）")) {
		s = s[:i]
	}
	return strings.TrimRight(strings.Trim(strings.TrimSpace(s), "*_ "), ":—–- ")
}

// combiningHead is an option's head that takes the other options
// together or none of them: "Do both", "All of the above".
var combiningHead = regexp.MustCompile(`(?i)^[*_\s]*(?:(?:do|use|go with|keep|take)\s+)?(?:both|all|neither|none)(?:\s+of\s+(?:them|the above|these))?[*_\s]*$`)

// planBuilt opens the message an editor's plan mode sends when the
// steward builds the proposed plan.
var planBuilt = regexp.MustCompile(`(?i)^implement the plan as specified\b`)

// acceptances are replies that take what was just proposed, in the
// languages stewards write to their assistants: English, French,
// Portuguese, Japanese, Chinese, Korean, Russian, Polish and Spanish.
// One that opens a longer word of its language ("да" in "дай", "네" in
// "네트워크") is an acceptance only as the whole reply (exactAcceptances).
var acceptances = []string{"yes", "yep", "yeah", "sure", "ok", "okay", "sounds good", "let's do that", "let's do it",
	"lets do that", "go ahead", "do it", "do that", "perfect", "great", "agreed", "lgtm", "makes sense", "go for it",
	"that works", "works for me", "please do", "let's go with", "i agree", "good idea", "yes please", "sgtm", "ship it",
	"i like that", "i like it", "go with that", "love it", "excellent", "awesome", "alright", "all right", "exactly", "correct",
	"oui", "d'accord", "ok pour moi", "vas-y", "allons-y", "parfait", "ça marche", "c'est bon", "bonne idée",
	"sim", "pode", "pode fazer", "pode seguir", "vamos", "beleza", "perfeito", "fechado", "certo", "bora", "boa ideia",
	"はい", "お願いします", "それで", "いいですね", "いいね", "了解", "それでいきましょう", "進めてください", "ok です",
	"好的", "好吧", "好啊", "好，", "好。", "好!", "好！", "可以", "没问题", "沒問題", "同意", "就这样", "就這樣", "就这么办", "就這麼辦", "按你说的", "按你說的", "行吧", "行，", "是的", "对的", "對的",
	"네,", "네 ", "네.", "네!", "예,", "예 ", "좋아", "좋습니다", "좋네요", "그래", "그렇게 해", "그렇게 하자", "진행해", "진행하세요", "어 해줘", "알겠어", "알겠습니다", "오케이",
	"да,", "да ", "да.", "да!", "давай", "хорошо", "согласен", "согласна", "отлично", "ладно", "окей", "годится", "поехали",
	"tak", "dobrze", "zgoda", "jasne", "świetnie", "działaj", "zrób to", "w porządku", "pasuje", "może być", "okej",
	"sí", "vale", "dale", "de acuerdo", "perfecto", "adelante", "hazlo", "claro", "me parece bien", "genial", "excelente", "correcto"}

// exactAcceptances accept only as the whole reply.
var exactAcceptances = []string{"好", "行", "对", "對", "네", "예", "응", "да", "si"}

// refusingWords turn a reply that opens with an acceptance down, or put
// another course beside it: "yes, but …", "好的，不过 …", "да, но …".
var refusingWords = []string{"no", "not", "don't", "instead", "rather", "but", "não", "non", "pas", "いいえ", "ではなく",
	"不", "别", "別", "但", "아니", "말고", "하지만", "근데", "대신", "нет", "не ", "но ", "вместо", "nie", "ale", "zamiast", "pero", "en vez", "en lugar"}

// acceptedRecommendation reads a recommendation of the assistant message
// offer that the steward's reply accepts.
func acceptedRecommendation(offer *view, reply string) (baton.Decision, bool) {
	// The short reply first: most are no acceptance, and the offer is
	// a long answer to search twelve times.
	if !accepts(reply) {
		return baton.Decision{}, false
	}
	if !recommendationWords.in(offer.lower()) {
		return baton.Decision{}, false
	}
	for _, s := range decisionSentences(offer.prose) {
		plain := strings.TrimSpace(plainText(s))
		if m := recommendationJA.FindStringSubmatch(plain); m != nil {
			if text := strings.TrimSpace(m[1] + m[2]); utf8.RuneCountInString(text) >= 3 {
				return baton.Decision{Decision: text}, true
			}
		}
		if d, ok := recommendedOther(plain); ok {
			return d, true
		}
	}
	for _, s := range sentences(offer.prose) {
		m := recommendation.FindStringSubmatch(plainText(s))
		if m == nil {
			continue
		}
		d, ok := decisionOf("we'll go with "+m[1], true)
		if !ok {
			continue
		}
		d.Decision = strings.TrimPrefix(d.Decision, "go with ")
		// "I'd use X, not Y": Y is the course turned down.
		if before, after, ok := strings.Cut(d.Decision, ", not "); ok && len(d.Alternatives) == 0 {
			d.Decision, d.Alternatives = before, []string{after}
		}
		if r := reasonAfterDash(d.Decision); r != "" {
			d.Rationale = r
			d.Decision = strings.TrimSpace(d.Decision[:strings.Index(d.Decision, " — ")])
		}
		return recommendedOption(offer, d), true
	}
	return baton.Decision{}, false
}

// hasAnySubstring reports whether s contains any of subs.
func hasAnySubstring(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// reasonAfterDash is what follows " — " in "X — it's the standard".
func reasonAfterDash(s string) string {
	if i := strings.Index(s, " — "); i >= 0 {
		return strings.TrimSpace(s[i+len(" — "):])
	}
	return ""
}

// reasonIn is the reason a reply gives, after because / since / as.
func reasonIn(s string) string {
	if loc := rationaleAt(s); loc != nil {
		return strings.TrimRight(strings.TrimSpace(s[loc[1]:]), ".!")
	}
	return ""
}

// questionOption is one option a question tool offered.
type questionOption struct {
	Label       string `json:"label"`
	Description string `json:"description"`
}

// askedQuestion is the input of a question tool call with options.
type askedQuestion struct {
	Questions []struct {
		Question    string           `json:"question"`
		Header      string           `json:"header"`
		Options     []questionOption `json:"options"`
		MultiSelect bool             `json:"multiSelect"`
	} `json:"questions"`
}

var (
	// `"question"="answer"` in an AskUserQuestion result.
	answerPair = regexp.MustCompile(`"((?:[^"\\]|\\.)+)"="((?:[^"\\]|\\.)+)"`)
	// `- "question"\n  Answer: answer` when the steward answered and asked
	// to clarify.
	answerLine = regexp.MustCompile(`(?m)^-\s+"(.+)"\s*\n\s*Answer:\s*(.+)$`)
	// "(推奨)", "(Recommended)" after an option's label.
	recommendedMark = regexp.MustCompile(`(?i)\s*[(（](?:推奨|recommended|おすすめ)[)）]\s*`)
)

var (
	// An option that hands the choice back: "You decide" ("Claude picks
	// the approach that fits"), "Your call", "Up to you".
	handsBack    = regexp.MustCompile(`(?i)^(?:you decide|your call|up to you|(?:let )?(?:claude|the assistant|you) (?:decide|decides|choose|chooses|pick|picks)\b.*)$`)
	handsBackWhy = regexp.MustCompile(`(?i)^(?:claude|the assistant|you|the agent)\s+(?:picks?|decides?|chooses?)\b`)
	// A question about the questioning itself: "More questions about the
	// invite flow, or move to the next area?", its options "More
	// questions" / "Next area" ("Move on to …").
	aboutQuestions = regexp.MustCompile(`(?i)\b(?:more questions|next (?:area|topic|section|question)|move (?:on )?to (?:the )?next)\b|^(?:move on|keep exploring|continue exploring)\b`)
)

// noCourse reports whether an answered option settles nothing about the
// work: it hands the choice back to the assistant, or it answers a
// question about the questioning (ask more, or move to the next area).
func noCourse(question, label, description string) bool {
	label, description = strings.TrimSpace(label), strings.TrimSpace(description)
	return handsBack.MatchString(label) || handsBackWhy.MatchString(description) ||
		aboutQuestions.MatchString(question) || aboutQuestions.MatchString(label) || aboutQuestions.MatchString(description)
}

// genericAnswers are answers that confirm or move on rather than choose.
var genericAnswers = set("yes", "no", "ok", "proceed", "continue", "looks good", "both", "all", "none", "other",
	"このまま進める", "はい", "いいえ", "両方", "すべて", "特に懸念なし", "修正がある")

// mayAskQuestions reports whether a tool input may hold the "questions"
// key askedQuestion is read from, as encoding/json matches a key: in any
// case, its s also as 'ſ' (which folds to s), or written with an escape.
// Most inputs hold none, and decoding every one to find out was costly.
func mayAskQuestions(input []byte) bool {
	if bytes.Contains(input, []byte(`\u`)) {
		return true
	}
	for _, q := range []byte("qQ") {
		for rest := input; ; {
			i := bytes.IndexByte(rest, q)
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			if foldsToUestion(rest) {
				return true
			}
		}
	}
	return false
}

// foldsToUestion reports whether b starts with "uestion" in any case.
func foldsToUestion(b []byte) bool {
	for _, c := range []byte("uestion") {
		if c == 's' && bytes.HasPrefix(b, []byte("ſ")) {
			b = b[len("ſ"):]
			continue
		}
		if len(b) == 0 || b[0]|0x20 != c {
			return false
		}
		b = b[1:]
	}
	return true
}

// answeredQuestions reads the options a question tool offered and what the
// steward answered: each single-choice answer that is an offered option,
// or that names one in the steward's own words, is a decision, the other
// options its alternatives, the option's description (or the steward's
// words) its rationale; a "Both" answer is what its description combines.
func answeredQuestions(v *view) []baton.Decision {
	if v.call == nil || v.failed && !strings.Contains(v.m.Content, "Answer:") {
		return nil
	}
	var in askedQuestion
	if !mayAskQuestions(v.call.Input) || json.Unmarshal(v.call.Input, &in) != nil || len(in.Questions) == 0 {
		return nil
	}
	answers := map[string]string{}
	for _, m := range answerPair.FindAllStringSubmatch(v.m.Content, -1) {
		answers[m[1]] = m[2]
	}
	for _, m := range answerLine.FindAllStringSubmatch(v.m.Content, -1) {
		answers[m[1]] = strings.TrimSpace(m[2])
	}
	var out []baton.Decision
	for _, q := range in.Questions {
		a, ok := answers[q.Question]
		if !ok || q.MultiSelect || len(q.Options) < 2 {
			continue
		}
		label := strings.TrimSpace(recommendedMark.ReplaceAllString(a, " "))
		picked := -1
		for k, o := range q.Options {
			if o.Label == a || strings.EqualFold(strings.TrimSpace(recommendedMark.ReplaceAllString(o.Label, " ")), label) {
				picked = k
			}
		}
		rationale := ""
		if picked < 0 {
			// An answer written in place of the options picks one only
			// when it names that one alone ("right now it's the pubkey
			// only"); a question back or a remark picks none.
			if picked = answerNamesOption(q.Options, label); picked < 0 {
				continue
			}
			rationale = label
			label = strings.TrimSpace(recommendedMark.ReplaceAllString(q.Options[picked].Label, " "))
		}
		if noCourse(q.Question, label, q.Options[picked].Description) {
			continue
		}
		if genericAnswers[strings.ToLower(label)] {
			// "Both", "All": the option's description says what it
			// combines ("Context menu for quick access, plus a section in
			// the details dialog"); "Yes", "Proceed" choose nothing.
			if !combinedAnswers[strings.ToLower(label)] || len(wordsOf(lowerText(q.Options[picked].Description))) < 4 {
				continue
			}
			label = strings.TrimRight(strings.TrimSpace(q.Options[picked].Description), ".")
		} else if rationale == "" {
			rationale = q.Options[picked].Description
		}
		d := baton.Decision{Decision: label, Rationale: rationale}
		if h := strings.TrimSpace(q.Header); h != "" && utf8.RuneCountInString(h) <= 20 {
			d.Decision = h + ": " + label
		}
		for k, o := range q.Options {
			if k != picked {
				d.Alternatives = append(d.Alternatives, strings.TrimSpace(recommendedMark.ReplaceAllString(o.Label, " ")))
			}
		}
		out = append(out, d)
	}
	return out
}

var (
	// "X instead of Y", "rather than Y, X".
	comparative = regexp.MustCompile(`(?i)\b(?:instead of|rather than|plutôt que|au lieu de|em vez de|ao invés de)(?:\s|$)`)
	// Hypotheticals and questions state no choice.
	hypothetical = regexp.MustCompile(`(?i)^(?:if|should|could|would|what if|do you|can we|shall)\b|\bif you (?:want|prefer|need)\b`)
	// A sentence about what could be, not what was chosen.
	modal = regexp.MustCompile(`(?i)\b(?:can|could|may|might|would)\b`)
)

var (
	faultWords = regexp.MustCompile(`(?i)\b(?:silently|still|wrong(?:ly)?|incorrect(?:ly)?|leaks?|leaking|bug|broken|breaks|fails?|failing|accidentally|mistakenly|erroneously|unexpectedly|swallows?|ignores?)\b`)
	// "I've burnt another hour on X instead of Y", "we spent …": what
	// happened, told, not a course chosen.
	pastNarration = regexp.MustCompile(`(?i)^(?:i|we|you|it|they)(?:'ve| have| had| was| were)?\s+(?:\w+ed|burnt|spent|lost|wasted|got|went|made|did|had|kept|took)\b`)
	exampleLead   = regexp.MustCompile(`(?i)^(?:for example|for instance|e\.g\.|say|suppose|imagine)\b`)
)

// comparativeOf reads a steward's choice stated against its alternative:
// "X instead of Y", "rather than Y, X", with the reason after because /
// since.
func comparativeOf(s string, steward bool) (baton.Decision, bool) {
	s = strings.TrimSpace(s)
	if steward {
		s = notInstead(s)
	}
	// The choice's words come first: most sentences hold none, and the
	// check for them is a byte scan where the others are patterns.
	if !steward || strings.HasSuffix(s, "?") || !comparativeIn(s) || hypothetical.MatchString(s) || modal.MatchString(s) ||
		len(wordsOf(strings.ToLower(s))) > 40 || strings.HasPrefix(s, "|") {
		return baton.Decision{}, false
	}
	// A fault described ("returns an empty string silently instead of an
	// error", "logs leak to the terminal instead of the file") or an
	// example is no choice, unless the sentence states what to do.
	if !choiceClause(s) && (faultWords.MatchString(s) || exampleLead.MatchString(s) || pastNarration.MatchString(s)) {
		return baton.Decision{}, false
	}
	d := baton.Decision{Decision: s}
	if loc := rationaleAt(s); loc != nil {
		d.Rationale, d.Decision = s[loc[1]:], s[:loc[0]]
	}
	if alt := alternativeOf(d.Decision); alt != "" {
		d.Alternatives = []string{alt}
	}
	if m := leadingInstead.FindStringSubmatch(d.Decision); m != nil {
		d.Decision = courseClause(m[2]) // the course, its alternative kept above
	}
	d.Decision = strings.TrimRight(strings.TrimSpace(d.Decision), ".!,;:")
	d.Rationale = strings.TrimRight(strings.TrimSpace(d.Rationale), ".!,;:")
	return d, len(wordsOf(strings.ToLower(d.Decision))) >= 4
}

var (
	// "Instead of removing the check, let's just create a placeholder":
	// the alternative first, then the course.
	leadingInstead = regexp.MustCompile(`(?i)^(?:so\s+|but\s+|and\s+)?(?:instead of|rather than)\s+([^,]{3,120}),\s*(.{6,})$`)
	// What a course's clause opens with: "let's just", "we'll".
	courseLead = regexp.MustCompile(`(?i)^(?:let's|let us|we'll|we will|we should|i'll|i will)\s+(?:just\s+|simply\s+)?`)
	// A clause of its own after the course: "… and we'll later prepare a
	// minimal one", "…; then we …".
	laterClause = regexp.MustCompile(`(?i)(?:,?\s+and\s+(?:then\s+)?(?:we|i|you)(?:'ll|\s+will|\s+can|\s+should)\b|;\s).*$`)
)

// courseClause is the course a clause states, without its lead ("let's
// just"), its asides or a clause of its own that follows it.
func courseClause(s string) string {
	s = strings.TrimSpace(aside.ReplaceAllString(s, ""))
	s = laterClause.ReplaceAllString(s, "")
	return strings.TrimSpace(courseLead.ReplaceAllString(s, ""))
}

var (
	// "I want people to move towards the JSON and not this variable": a
	// want set against what is not wanted.
	wantNot = regexp.MustCompile(`(?i)^(.*\b(?:i want|we want|i'd like|i would like|i prefer|we prefer|let's|we should)\b.+?)(?:,\s*|\s+and\s+|\s+but\s+)not\s+(.{3,120})$`)
	// "Use uv pip, not pip", "prefer tabs not spaces": a choice verb's
	// course, then the one it replaces.
	useNot = regexp.MustCompile(`(?i)^((?:please\s+)?(?:always\s+)?(?:use|prefer|keep|stick with|go with|call|store|put)\s+[^,;]{2,80}?)(?:,\s*|\s+)not\s+([^,;]{2,80})$`)
	// Words that make the course a clause of its own ("use it if it is
	// not set"), not a thing named against another.
	clauseWords = regexp.MustCompile(`(?i)\b(?:if|when|unless|is|are|was|does|do|did|it|that|which|can|will|would|should|could|have|has)\b`)
	// An aside in parentheses.
	aside = regexp.MustCompile(`\s*\([^()]*\)`)
)

// notInstead rewrites a steward's "I want X and not Y" as "I want X
// instead of Y", from its last clause after ", but" (what comes before
// is a concession), asides dropped.
func notInstead(s string) string {
	if !holdsFold(s, "not") { // both forms set the course against "not …"
		return s
	}
	// "Use uv pip, not pip": a choice set against the course it replaces.
	if m := useNot.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(s), ".! ")); m != nil && !clauseWords.MatchString(m[1]) {
		return strings.TrimSpace(m[1]) + " instead of " + strings.TrimSpace(m[2])
	}
	m := wantNot.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	want := m[1]
	if i := strings.LastIndex(want, ", but "); i >= 0 {
		want = want[i+len(", but "):]
	}
	want = strings.TrimSpace(aside.ReplaceAllString(want, ""))
	for _, lead := range []string{"in reality ", "really ", "actually ", "honestly "} {
		if strings.HasPrefix(strings.ToLower(want), lead) {
			want = want[len(lead):]
		}
	}
	return want + " instead of " + strings.TrimRight(strings.TrimSpace(m[2]), ".!")
}

var alternativeOfRe = regexp.MustCompile(`(?i)\b(?:instead of|rather than|plutôt que(?: de)?|au lieu de|em vez de|ao invés de)\s+([^,.;:()]+)`)

func alternativeOf(s string) string {
	if m := alternativeOfRe.FindStringSubmatch(s); m != nil {
		if alt := strings.TrimSpace(m[1]); len(strings.Fields(alt)) <= 8 {
			return alt
		}
	}
	return ""
}

var (
	// "The lightest-weight approach is to add X", "the fix is simple:
	// remove X", "the cleanest option here would be X": an approach
	// stated as the one to take.
	approachRe = regexp.MustCompile(`(?i)^(?:so,?\s+|now,?\s+|i think\s+)?the\s+((?:[\w-]+\s+){0,2})(?:fix|solution|approach|option|way|change)(?:\s+(?:for|here|in|to)\s+[^,:]{1,40}?)?\s+(?:is|would be|will be)(?:\s+(?:simple|simply|straightforward|easy|clear|small))?\s*(?:to\s+|:\s*)(.+)`)
	// Words that put the approach against others.
	comparing = regexp.MustCompile(`(?i)\b(?:\w+est|best|simplest|right|recommended|preferred|better|proper|cleanest|lightest-weight|most \w+|safer|simpler|cleaner|easier|lighter|smaller|sturdier|more \w+)\b`)
	// "I'll add retry logic using X, which is the standard approach for
	// Y": a choice with its reason.
	whichIsApproach = regexp.MustCompile(`(?i)^(?:i'll|i will|let me|we'll|i'm going to)\s+(.+?),?\s+which is ((?:the|a|an)\s+(?:[\w-]+\s+){0,2}(?:approach|way|option|practice|choice|solution)\b.*)`)
	standardWay     = regexp.MustCompile(`(?i)\b(?:standard|usual|recommended|common|idiomatic|official|simplest|best|cleanest|preferred)\b`)
	// An offer that asks leave to go ahead: "Want me to make this change?"
	askLeave = regexp.MustCompile(`(?i)\b(?:want me to|shall i|should i|would you like me to|do you want me to|ok to|okay to|does that sound|sound good|proceed\?)`)
)

// approachOf reads an approach stated as the one to take: the decision,
// and the words that compared it ("lightest-weight") as what it is chosen
// for when no reason follows. compared says whether the sentence set it
// against other approaches.
func approachOf(s string) (d baton.Decision, compared bool, ok bool) {
	m := approachRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return d, false, false
	}
	text := strings.TrimSpace(m[2])
	if loc := rationaleAt(text); loc != nil {
		d.Rationale, text = text[loc[1]:], text[:loc[0]]
	} else if loc := planReason.FindStringIndex(text); loc != nil && loc[0] > 0 {
		d.Rationale, text = text[loc[1]:], text[:loc[0]]
	}
	if loc := alternativeAt(text); loc != nil {
		if alt := strings.TrimRight(strings.TrimSpace(text[loc[1]:]), ".!,;:"); alt != "" {
			d.Alternatives = []string{excerpt(alt, decisionLength)}
		}
		text = text[:loc[0]]
	}
	d.Decision = strings.TrimRight(strings.TrimSpace(text), ".!,;:")
	if n := len(wordsOf(strings.ToLower(d.Decision))); n < 3 || strings.HasSuffix(d.Decision, "?") {
		return baton.Decision{}, false, false
	}
	adj := strings.TrimSpace(m[1])
	compared = adj != "" && comparing.MatchString(adj)
	if d.Rationale == "" && compared {
		d.Rationale = "the " + strings.ToLower(adj) + " approach"
	}
	return d, compared, true
}

// proposalAccepted reads the approach an assistant message offer proposes
// and asks leave for ("The fix is simple: remove X … Want me to make this
// change?") when the steward's reply accepts it.
func proposalAccepted(offer *view, reply string) (baton.Decision, bool) {
	if !accepts(reply) || !askLeave.MatchString(offer.prose) { // the short reply first: the offer is one for many replies
		return baton.Decision{}, false
	}
	ss := sentences(offer.prose)
	for k, s := range ss {
		if d, _, ok := approachOf(plainText(s)); ok {
			if d.Rationale == "" && k+1 < len(ss) && strings.HasPrefix(ss[k+1], "This ") && !strings.HasSuffix(ss[k+1], "?") {
				d.Rationale = plainText(ss[k+1])
			}
			return d, true
		}
	}
	return baton.Decision{}, false
}

// accepts reports whether a steward's short reply takes what was just
// proposed ("yes", "sounds good, go ahead"), not another choice.
func accepts(reply string) bool {
	r := strings.TrimSpace(reply)
	// The message an editor writes when the steward builds the plan it
	// proposed ("Implement the plan as specified, it is attached for your
	// reference. Do NOT edit the plan file itself."): an acceptance, its
	// "not" about the plan file.
	if planBuilt.MatchString(r) {
		return true
	}
	r = acceptanceLead(r)
	// The opening first: most replies open with no acceptance, and the
	// refusing words are many.
	return len(r) <= 200 && opensWithAcceptance(r) && !hasAnyPhrase(r, refusingWords...)
}

// opensWithAcceptance reports whether the reply r is an acceptance or
// opens with one.
func opensWithAcceptance(r string) bool {
	if slices.Contains(exactAcceptances, strings.TrimRight(r, ".!。！")) {
		return true
	}
	for _, a := range acceptances {
		// a alone, or followed by " ", ",", "!" or "." (read in place: the
		// four strings built for each acceptance were most of this check).
		if r == a || len(r) > len(a) && strings.HasPrefix(r, a) && strings.IndexByte(" ,!.", r[len(a)]) >= 0 {
			return true
		}
		// Japanese, Chinese and Korean run on without a space: "はい、お願いします",
		// "好的，开始吧".
		if a[0] >= 0x80 && strings.HasPrefix(r, a) {
			return true
		}
	}
	return false
}

// actedOn reports whether the session changed a file after vs[i] and
// before the steward's next message: an approach the assistant stated and
// then carried out.
func actedOn(vs []view, i int) bool {
	for j := i; j < len(vs); j++ {
		if j > i && vs[j].steward() && vs[j].text {
			return false
		}
		for _, c := range vs[j].calls {
			if op := c.op(); op == "write" || op == "edit" {
				return true
			}
		}
		if editedInText(&vs[j]) {
			return true
		}
	}
	return false
}

// nextRequest opens the sentence after an acceptance that asks for the
// next step ("Awesome. Can you walk me through …", "Yes. Please also
// …"), not one that qualifies the acceptance ("Yes. But …", "OK. No,
// wait").
var nextRequest = regexp.MustCompile(`(?i)^(?:can|could|would|will) you\b|^(?:please|now|next|then|also|and)\b|^(?:let's|let me)\b`)

// acceptanceLead is the part of a reply that accepts: its first sentence
// when that sentence is an acceptance on its own ("Awesome.", "Yes!") and
// the next one asks for the next step; otherwise the whole reply. A
// "don't" in the request that follows ("Please don't write out any
// secrets") does not turn the acceptance down.
func acceptanceLead(r string) string {
	end := strings.IndexAny(r, ".!")
	if end <= 0 || end > 40 {
		return r
	}
	rest := strings.TrimSpace(strings.TrimLeft(r[end:], ".!"))
	if rest == "" || !nextRequest.MatchString(rest) {
		return r
	}
	return r[:end]
}

var (
	// "… for several reasons:", "… because:": a recommendation's reasons
	// announced, to follow below it.
	reasonsFollow = regexp.MustCompile(`(?i)\s+(?:for (?:several|a few|a couple of|these|the following|two|three|many) reasons|because|since|as follows)\s*:?$`)
	// "Option 1 (`git filter-repo`)", "Option B: the install script",
	// "Option 2": an option recommended by its key, with or without its
	// name.
	recommendedKey = regexp.MustCompile(`(?i)^(?:option|approach|choice|variant)\s+([a-e1-6])\b\s*(?:\((.{3,80})\)|[:—–-]\s*(.{3,80}))?$`)
	// A key, with or without its name, and the reason for it after "for",
	// "because", "since" or "as".
	keyThenReason = regexp.MustCompile(`(?i)^((?:option|approach|choice|variant)\s+[a-e1-6]\b(?:\s*\([^()]{3,80}\))?)\s*,?\s+(?:for|because|since|as)\s+(.{4,})$`)
)

// recommendedOption puts a recommendation that names an option by its key
// ("I'd recommend **Option 1 (`git filter-repo`)** for several reasons:")
// as the option itself: its name, or the option's text from the options
// the message offers, the other options its alternatives; reasons
// announced to follow are no part of it.
func recommendedOption(offer *view, d baton.Decision) baton.Decision {
	d.Decision = strings.TrimSpace(reasonsFollow.ReplaceAllString(strings.TrimSpace(d.Decision), ""))
	text := strings.ReplaceAll(plainText(d.Decision), "**", "")
	m := recommendedKey.FindStringSubmatch(text)
	if m == nil {
		// "Option C for the fastest path to a working site", "Option 2
		// because it keeps the history": the key, then why.
		r := keyThenReason.FindStringSubmatch(text)
		if r == nil {
			return d
		}
		m = recommendedKey.FindStringSubmatch(r[1])
		if m == nil {
			return d
		}
		if d.Rationale == "" {
			d.Rationale = strings.TrimSpace(r[2])
		}
	}
	key, name := strings.ToLower(m[1]), strings.TrimSpace(m[2]+m[3])
	var alts []string
	for _, o := range offeredOptions(offer.prose) {
		if o.key == key && name == "" {
			name = o.text
		} else if o.key != key && o.text != "" {
			alts = append(alts, excerpt(o.text, decisionLength))
		}
	}
	if name == "" {
		return d
	}
	d.Decision = name
	if len(d.Alternatives) == 0 {
		d.Alternatives = alts
	}
	return d
}
