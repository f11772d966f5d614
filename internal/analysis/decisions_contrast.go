package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A choice the steward states inside a request by setting the course it
// wants against the one it does not: "I don't want to fix the paths before
// publishing. I want to treat them as a failing test", "don't rebuild the
// index, just patch the entry", "do not reinit the tracker, we don't want
// to lose its history". The course turned down is the alternative; the
// clause after a prohibition that says what would be lost is its reason.

var (
	// "I don't want to X", "we do not want X": the course turned down, a
	// sentence of its own.
	notWanted = regexp.MustCompile(`(?i)^(?:(?:but|and|so|also|honestly|actually),?\s+)?(?:i|we)\s+(?:don't|do not|dont)\s+want\s+(?:to\s+)?(.{6,120})$`)
	// "I want to X", "we'd rather X", "I'd prefer to X": the course wanted,
	// the sentence after it.
	wantedInstead = regexp.MustCompile(`(?i)^(?:(?:instead|rather|but),?\s+)?(?:i|we)\s+(?:want|would like|'d like|would rather|'d rather|prefer|would prefer|'d prefer)\s+(?:to\s+)?(.{6,120})$`)
	// "don't rebuild the index, just patch the entry": the course turned
	// down, then the one taken.
	dontJust = regexp.MustCompile(`(?i)^(?:please\s+)?(?:don't|do not|dont)\s+(.{4,100}?)(?:,|;|\s+--|\s+—|\s+-)\s+(?:just|only|simply|instead)\s+(.{6,120})$`)
	// "do not reinit the tracker, we don't want to lose its history":
	// a prohibition and what it keeps from being lost or broken.
	dontLose = regexp.MustCompile(`(?i)^(?:please\s+)?(?:don't|do not|dont|never)\s+(.{4,100}?)(?:,|;|\s+--|\s+—|\s+-)\s+((?:(?:we|i)\s+(?:don't|do not|dont)\s+want\s+to|otherwise|or else|or we(?:'d|'ll| would| will))\s+.{4,})$`)
)

// reportVerbs open a course that only answers ("just identify where the
// issue lies", "only explain it"): "don't change the code, just tell me"
// bounds how the assistant works on a request, it chooses nothing about
// the project.
var reportVerbs = set("identify", "explain", "tell", "show", "describe", "analyze", "analyse", "answer", "list",
	"report", "find", "suggest", "propose", "plan", "read", "summarize", "summarise", "think", "ask", "give", "let")

// reportStep reports whether a course only answers or looks (reportVerbs,
// routineStep).
func reportStep(clause string) bool {
	w := wordsOf(lowerText(clause))
	for len(w) > 0 && (w[0] == "just" || w[0] == "only" || w[0] == "simply" || w[0] == "please") {
		w = w[1:]
	}
	return routineStep(clause) || len(w) > 0 && reportVerbs[w[0]]
}

// mannerVerbs turn down a manner of working, not a course: "don't
// overthink it, just …", "don't ask me again, …".
var mannerVerbs = set("overthink", "worry", "bother", "ask", "apologize", "apologise", "guess", "rush", "speculate",
	"hesitate", "wait", "stop", "forget", "be", "get", "make")

// mannerStep reports whether a turned-down clause is a manner of working
// (mannerVerbs).
func mannerStep(clause string) bool {
	w := wordsOf(lowerText(clause))
	return len(w) > 0 && mannerVerbs[w[0]]
}

var (
	// "I'm leaning to leaving 4.5 as is", "I'm inclined to keep X", "I'd
	// rather X than Y": the course the steward settles on, said as its
	// preference.
	leaningTo  = regexp.MustCompile(`(?i)^(?:(?:so|ok|okay|well|then|yeah|and|but),?\s+)*(?:i'm|i am|we're|we are)\s+(?:leaning|inclined)\s+(?:to|towards?|toward)\s+(.{6,160})$`)
	ratherThan = regexp.MustCompile(`(?i)^(?:(?:so|ok|okay|well|honestly|actually),?\s+)*(?:i'd|i would|we'd|we would)\s+rather\s+(.{4,100}?)\s+than\s+(.{4,100})$`)
)

// contrastCue is a cheap test before stewardContrasts runs.
func contrastCue(lower string) bool {
	return hasAnySubstring(lower, "don't", "do not", "dont", "leaning", "inclined", "rather")
}

// stewardContrasts reads the choices a steward's request states against
// what it turns down, sentence by sentence: a prohibition with what the
// steward does instead or what it protects, "I don't want X. I want Y." as
// two sentences in a row, and a preference it settles on ("I'm leaning to
// X", "I'd rather X than Y").
func stewardContrasts(sentences []string) []baton.Decision {
	var out []baton.Decision
	for k, s := range sentences {
		s = strings.TrimRight(strings.TrimSpace(plainText(s)), ".!")
		if s == "" || strings.HasSuffix(s, "?") || strings.HasPrefix(s, "|") {
			continue
		}
		if m := dontJust.FindStringSubmatch(s); m != nil && !routineStep(m[1]) && !reportStep(m[2]) && !mannerStep(m[1]) {
			out = append(out, baton.Decision{Decision: strings.TrimSpace(m[2]), Alternatives: []string{strings.TrimSpace(m[1])}})
			continue
		}
		if m := dontLose.FindStringSubmatch(s); m != nil && !routineStep(m[1]) && !mannerStep(m[1]) {
			out = append(out, baton.Decision{Decision: "don't " + strings.TrimSpace(m[1]), Rationale: strings.TrimSpace(m[2])})
			continue
		}
		if m := leaningTo.FindStringSubmatch(s); m != nil && !reportStep(courseOfGerund(m[1])) {
			out = append(out, baton.Decision{Decision: courseOfGerund(strings.TrimSpace(m[1]))})
			continue
		}
		if m := ratherThan.FindStringSubmatch(s); m != nil && !reportStep(m[1]) {
			out = append(out, baton.Decision{Decision: strings.TrimSpace(m[1]), Alternatives: []string{strings.TrimSpace(m[2])}})
			continue
		}
		m := notWanted.FindStringSubmatch(s)
		if m == nil || k+1 >= len(sentences) {
			continue
		}
		next := strings.TrimRight(strings.TrimSpace(plainText(sentences[k+1])), ".!")
		if w := wantedInstead.FindStringSubmatch(next); w != nil && !strings.HasSuffix(next, "?") && !routineStep(w[1]) {
			out = append(out, baton.Decision{Decision: strings.TrimSpace(w[1]), Alternatives: []string{strings.TrimSpace(m[1])}})
		}
	}
	return out
}

// courseOfGerund puts a course that opens with a gerund as the imperative
// a decision is written in: "leaving 4.5 as is" is "leave 4.5 as is".
func courseOfGerund(s string) string {
	first, rest, _ := strings.Cut(s, " ")
	stem, ok := strings.CutSuffix(strings.ToLower(first), "ing")
	if !ok || len(stem) < 2 {
		return s
	}
	for _, v := range []string{stem, stem + "e", stem[:len(stem)-1]} {
		if imperativeVerbs[v] || choiceVerbs[v] {
			return strings.TrimSpace(v + " " + rest)
		}
	}
	return s
}

var (
	// "no, I only wanted you to create a task, not work on it", "nah, put
	// it in the config, not in code": a correction that opens by turning
	// down what the assistant did or proposed, then states the course
	// wanted against the one turned down.
	correctionNot = regexp.MustCompile(`(?i)^(?:no|nope|nah|actually|wait)\b[,.!;:]*\s+(?:(?:i|we)\s+(?:only\s+|just\s+)?(?:wanted|meant|asked(?:\s+for)?|said)\s+(?:(?:you|it)\s+)?(?:to\s+)?)?(.{6,120}?)(?:,\s*|\s+and\s+|\s+but\s+)not\s+(?:to\s+)?(.{3,80})$`)
	// "no, put it in the config", "actually, let's keep the old name": a
	// correction whose course opens with a verb that chooses.
	correctionCourse = regexp.MustCompile(`(?i)^(?:no|nope|nah|actually)\b[,.!;:]*\s+(?:let's\s+|let us\s+|we should\s+|just\s+|instead\s+)*(.{6,120})$`)
)

// stewardCorrection reads a steward's reply that reverses what the
// assistant did or proposed: it opens with "no", "nah" or "actually" and
// states the course wanted, against the one turned down ("not Y") or with
// a verb that chooses ("no, put it in X", "actually, let's keep X"). Its
// first sentence is read; a question or a routine step is no correction.
// ss is decisionSentences(prose).
func stewardCorrection(prose string, ss []string) (baton.Decision, bool) {
	if len(ss) == 0 || len(prose) > 1000 {
		return baton.Decision{}, false
	}
	s := strings.TrimRight(strings.TrimSpace(plainText(ss[0])), ".!")
	if strings.HasSuffix(s, "?") {
		return baton.Decision{}, false
	}
	if m := correctionNot.FindStringSubmatch(s); m != nil && !reportStep(m[1]) && !mannerStep(m[1]) {
		return baton.Decision{Decision: strings.TrimSpace(m[1]), Alternatives: []string{strings.TrimSpace(m[2])}}, true
	}
	if m := correctionCourse.FindStringSubmatch(s); m != nil {
		d := baton.Decision{Decision: strings.TrimSpace(m[1])}
		if loc := planReason.FindStringIndex(d.Decision); loc != nil && loc[0] > 0 {
			d.Rationale, d.Decision = strings.TrimSpace(d.Decision[loc[1]:]), strings.TrimSpace(d.Decision[:loc[0]])
		}
		w := wordsOf(lowerText(d.Decision))
		if len(w) >= 3 && choiceVerbs[w[0]] && !reportStep(d.Decision) && !modal.MatchString(d.Decision) {
			return d, true
		}
	}
	return baton.Decision{}, false
}

// notInParentheses is a course with the one it is chosen over set in
// parentheses after it: "rewrite the summary as one paragraph (no
// Markdown)", "squash the work into three commits (not one `git add -A`
// dump)", "ship the CLI as one binary (without CGO)". The course, then
// the word that turns the alternative down, then the alternative.
var notInParentheses = regexp.MustCompile(`(?i)^(?:please,?\s+)?(.{12,200}?)\s*[(](no|not|without)\s+([^()]{2,60})[)]`)

// technicalMark reports whether s names something technical: a code span,
// a capital (a product or a name), or a digit. What a course is chosen
// over is a thing of the work ("no Markdown formatting", "not `git add
// -A`"); a manner ("not crowded", "not generic advice") or an empty
// result pasted from a log ("no files to check") has none of these.
func technicalMark(s string) bool {
	for _, r := range s {
		if r == '`' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}

// parenthesisedAlternatives reads the courses the steward's message i
// states with what they are chosen over in parentheses
// (notInParentheses): a brief's too, its sentences the requirements it
// sets, since naming the course turned down makes the sentence a choice.
// The alternative must name something technical (technicalMark); an
// agent's summary of the conversation written in the steward's turn
// (continuationSummary) states nothing of the steward's.
func (sc *decisionScan) parenthesisedAlternatives(i int) {
	v := &sc.vs[i]
	if continuationSummary(v.prose) {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		m := notInParentheses.FindStringSubmatch(strings.TrimSpace(s))
		if m == nil || strings.HasSuffix(strings.TrimSpace(s), "?") || !technicalMark(m[3]) {
			continue
		}
		course := strings.TrimSpace(plainText(m[1]))
		alt := strings.TrimSpace(plainText(m[3]))
		if len(wordsOf(lowerText(course))) < 3 {
			continue
		}
		sc.add(baton.Decision{Decision: course + ", " + strings.ToLower(m[2]) + " " + alt, Alternatives: []string{alt}}, v)
	}
}
