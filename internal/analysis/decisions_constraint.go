package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Constraints the steward states that settle a design: a rule for the
// whole work ("as a rule, business logic lives in domain modules"), a
// shape every part must take ("each rule should be its own file"), a
// requirement that rules other courses out ("the tab should only appear
// for members", "… without test-specific sleeps"), a prohibition with its
// reason ("don't write docstrings in specs, they repeat the names").

var (
	// "note that as a rule, we want to X", "as a convention, X".
	asARule = regexp.MustCompile(`(?i)^(?:note that\s+|also,?\s+|and\s+)?as an? (?:rule|convention|principle|general rule),?\s+(?:we want to\s+|we\s+|i want to\s+|you should\s+)?(.{8,})$`)
	// "make sure to X", "make sure that X".
	makeSure = regexp.MustCompile(`(?i)^(?:also,?\s+|and\s+|please\s+)?make sure (?:to|that)\s+(.{8,})$`)
	// "each rule should be a distinct file", "every command should live in
	// its own directory": a shape every part takes.
	eachShould = regexp.MustCompile(`(?i)^(?:each|every|all)\s+((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:should|must)\s+(?:always\s+)?(?:be|have|live|go|use|get|stay|sit)\s+(.{3,})$`)
	// "please don't write docstrings in specs, these are redundant with
	// X": a prohibition and its reason.
	// "the full schema should not be updated ever, it is a point in time
	// snapshot": a rule against a course, with its reason.
	shouldNotBecause = regexp.MustCompile(`(?i)^((?:the\s+|our\s+|this\s+|that\s+)?[\w./-]+(?:\s+[\w./-]+){0,3}\s+(?:should|must|shall)(?:\s+not|n't|\s+never)\s+(?:ever\s+)?(?:be\s+)?.{3,60}?)(?:,|;|\s+--|\s+—|\s+-|:)\s+((?:(?:it|this|that|they|these)(?:'s|'re|\s+is|\s+are)|because|since|as)\s+.{4,})$`)
	// "I don't want it to show a decimal point, but an integer": the
	// course not wanted and the one wanted instead.
	dontWantBut = regexp.MustCompile(`(?i)^(?:(?:like|so|and|but|also|honestly|actually),?\s+)?((?:i|we)\s+(?:don't|do not|dont)\s+want\s+(.{3,80}?),?\s+but\s+(?:rather\s+|instead\s+)?.{2,80})$`)
	// "as a suggestion, why not just include the media files in the
	// test, so that these don't need to be generated every time": a course
	// put as a suggestion, with the reason for it.
	whyNotBecause = regexp.MustCompile(`(?i)(?:^|[,;:]\s+|\s[-—–]\s+)(?:as a suggestion,?\s+|maybe\s+)?why not\s+(?:just\s+|simply\s+)?([^,;?]{6,120}?),?\s+(?:so that|so|because|since|as)\s+([^?]{6,})$`)
	// "the for you tab should only appear for members", "cleanup should
	// tolerate file locks without test-specific sleeps": a requirement on
	// how a part behaves that rules other courses out, by "only",
	// "always", "never" or the course it is to do without.
	shouldOnly = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|plus),?\s+)?((?:the\s+|our\s+|this\s+|that\s+|each\s+|every\s+|all\s+)?[\w./-]+(?:\s+[\w./-]+){0,4}\s+(?:should|must)\s+(?:only|always|never)\s+.{4,120})$`)
	// "the title should be ai-generated in the conventional commits
	// format", "the highlighting should be a subtle shift of the whole
	// segment": what a named part of the work is to be, a design the
	// steward sets for it.
	shouldBeDesign = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|ok|okay|yes|no|i think),?\s+)*((?:the|this|that|our)\s+[\w./-]+(?:\s+[\w./-]+){0,3}\s+(?:should|must)\s+be\s+(\w+).{4,120})$`)
	shouldWithout  = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|plus),?\s+)?((?:the\s+|our\s+|this\s+|that\s+|each\s+|every\s+|all\s+)?[\w./-]+(?:\s+[\w./-]+){0,4}\s+(?:should|must)\s+[^,;]{3,80}?)\s+without\s+([^,;]{3,60})$`)
	// "I want us to be working only on one scenario at a time", "we can
	// start only with the GOOS book": a course the steward narrows to one
	// thing, "only" within its first words.
	onlyCourse = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|ok|okay|yes|no),?\s+)*(?:i want (?:us |you )?to|i'd like (?:us |you )?to|we can|let's|we should|we'll|we will)\s+((?:[\w'-]+\s+){0,3}only\s+.{4,120})$`)
	// "let's keep the async stuff separate", "keep the parsers in their
	// own package": parts kept apart, against putting them together.
	keepApart = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|ok|okay|yes|no),?\s+)*(?:let's\s+|we should\s+|i want to\s+|i'd like to\s+|please\s+)?(keep\s+(?:the\s+|all\s+|this\s+|these\s+|those\s+)?[^,;]{3,50}?\s+(?:separate|apart|distinct|decoupled|isolated|in (?:its|their) own\s+[\w-]+)(?:\s+from\s+[^,;]{3,50})?)$`)
	// "this should not be flatpak - too restrictive", "they should not be
	// explained away unless the explanation is very robust": a course the
	// steward rules out for a part, with the reason after a dash or the
	// one case that allows it. Without either it is a remark ("the build
	// should not take this long").
	shouldNot = regexp.MustCompile(`(?i)^(?:(?:also|and|plus),?\s+)?((?:the\s+|our\s+|this\s+|that\s+|these\s+|those\s+|each\s+|every\s+|all\s+)?[\w./-]+(?:\s+[\w./-]+){0,4}\s+(?:should|must|shall)(?:\s+not\b|n't\b)\s+(?:.{4,120}?\s+[-—–]\s+(.{3,80})|.{4,80}?\s+unless\s+.{4,120}))$`)
	// What a part should not do when the steward reports a fault ("it
	// should not crash unless …"), not a course ruled out.
	faultExpected = regexp.MustCompile(`(?i)\b(?:crash|fail|break|throw|error|panic|hang|freeze|happen|be the case|but|otherwise)\w*\b`)
	// "if in doubt, always prefer the idiomatic form", "never store
	// the token in local storage": a rule for every case of the work, in
	// the imperative.
	alwaysNever = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|please|if in doubt|when in doubt|in general|from now on|going forward|in future|in the future),?\s+)*((?:always|never)\s+(\w+)\s+.{4,140})$`)
	// "Truly circular is a must", "offline support is non-negotiable": a
	// property the steward requires of the work, which rules out the
	// designs without it.
	isAMust     = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|ok|okay|yes),?\s+)*((?:[\w./'-]+\s+){0,6}?[\w./'-]+\s+(?:is|are)\s+(?:a must|an absolute must|mandatory|non-negotiable|a hard requirement))\s*$`)
	dontBecause = regexp.MustCompile(`(?i)^(?:please\s+)?(?:don't|do not|never)\s+(.{6,}?)(?:,|;|\s+--|\s+—|\s+-)\s+(?:(?:these|they|this|it|that)(?:'s|'re| is| are)\s+|because\s+|since\s+|as\s+)(.{6,})$`)
)

// stateExpected are the words after "should be" that expect a state of
// the work, not a design of it: "the user should be able to …", "the
// tests should be fixed", "this should be done by Friday".
var stateExpected = set("able", "fixed", "done", "working", "there", "visible", "possible", "fine", "ok", "okay", "good",
	"enough", "ready", "finished", "complete", "completed", "updated", "removed", "deleted", "added", "run", "called",
	"shown", "displayed", "set", "same", "correct", "right", "wrong", "in", "on", "at", "here", "gone")

// rationaleLead is the conjunction before a reason: "because", "since", "as".
var rationaleLead = regexp.MustCompile(`(?i)^(?:because|since|as)\s+`)

// stewardConstraint reads the constraint a steward's sentence states, if
// it states one.
func stewardConstraint(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	if s == "" || strings.HasSuffix(s, "?") || strings.HasPrefix(s, "|") {
		return baton.Decision{}, false
	}
	lower := strings.ToLower(s) // once, for the hypothetical's words and the patterns'
	// "If in doubt, always …" sets a rule for the doubtful case; other
	// "if"s put a case that may not arise.
	if mayBeHypotheticalLower(s, lower) && hypothetical.MatchString(s) && !strings.HasPrefix(lower, "if in doubt") {
		return baton.Decision{}, false
	}
	// Each pattern is tried only when the sentence has a word it needs:
	// most sentences have none, and the patterns' scans of every sentence
	// a steward writes were most of reading the constraints.
	has := constraintWords(s, lower)
	var d baton.Decision
	switch {
	case has(cwRule|cwConvention|cwPrinciple) && asARule.MatchString(s):
		d.Decision = asARule.FindStringSubmatch(s)[1]
	case has(cwMakeSure) && makeSure.MatchString(s):
		d.Decision = makeSure.FindStringSubmatch(s)[1]
		if routineStep(d.Decision) || !choiceClause(d.Decision) {
			return baton.Decision{}, false
		}
	case has(cwKeep) && keepApart.MatchString(s):
		d.Decision = keepApart.FindStringSubmatch(s)[1]
	case has(cwShould|cwMust) && eachShould.MatchString(s):
		d.Decision = s
	case has(cwDont|cwDoNot|cwNever) && dontBecause.MatchString(s):
		m := dontBecause.FindStringSubmatch(s)
		d.Decision, d.Rationale = "don't "+m[1], m[2]
		if routineStep(m[1]) {
			return baton.Decision{}, false
		}
	case has(cwAlways|cwNever) && alwaysNever.MatchString(s):
		m := alwaysNever.FindStringSubmatch(s)
		if !imperativeRule(m[2]) || routineStep(m[1][strings.IndexByte(m[1], ' ')+1:]) {
			return baton.Decision{}, false
		}
		d.Decision = s
	case (has(cwMust) || strings.Contains(lower, "mandatory") || strings.Contains(lower, "non-negotiable") || strings.Contains(lower, "requirement")) && isAMust.MatchString(s):
		d.Decision = isAMust.FindStringSubmatch(s)[1]
	case whyNotWords.in(s) && whyNotBecause.MatchString(s):
		m := whyNotBecause.FindStringSubmatch(s)
		d.Decision, d.Rationale = m[1], m[2]
		if routineStep(m[1]) {
			return baton.Decision{}, false
		}
	case has(cwShould|cwMust|cwShall) && shouldNotBecause.MatchString(s):
		m := shouldNotBecause.FindStringSubmatch(s)
		d.Decision, d.Rationale = m[1], rationaleLead.ReplaceAllString(m[2], "")
	case has(cwOnly) && onlyCourse.MatchString(s):
		course := aside.ReplaceAllString(onlyCourse.FindStringSubmatch(s)[1], "")
		if c, ok := strings.CutPrefix(course, "be "); ok {
			course = courseOfGerund(c) // "be working only on X": "working only on X", or "start only …" for a choice verb
		}
		if routineStep(course) || reportStep(course) {
			return baton.Decision{}, false
		}
		d.Decision = course
	case has(cwShould|cwMust) && shouldOnly.MatchString(s):
		d.Decision = shouldOnly.FindStringSubmatch(s)[1]
	case has(cwShould|cwMust) && shouldBeDesign.MatchString(s) && !faultExpected.MatchString(s):
		m := shouldBeDesign.FindStringSubmatch(s)
		if stateExpected[strings.ToLower(m[2])] {
			return baton.Decision{}, false
		}
		d.Decision = m[1]
	case has(cwShould|cwMust|cwShall) && shouldNot.MatchString(s) && !faultExpected.MatchString(s):
		m := shouldNot.FindStringSubmatch(s)
		d.Decision = m[1]
		if m[2] != "" {
			d.Decision, d.Rationale = strings.TrimSpace(strings.TrimSuffix(m[1], m[2])), m[2]
			d.Decision = strings.TrimRight(d.Decision, " -—–")
		}
	case has(cwWithout) && shouldWithout.MatchString(s):
		m := shouldWithout.FindStringSubmatch(s)
		d.Decision, d.Alternatives = s, []string{strings.TrimSpace(m[2])}
		return d, true
	case has(cwWant) && dontWantBut.MatchString(s):
		m := dontWantBut.FindStringSubmatch(s)
		d.Decision, d.Alternatives = m[1], []string{strings.TrimSpace(m[2])}
		if routineStep(m[2]) {
			return baton.Decision{}, false
		}
		return d, true
	default:
		return baton.Decision{}, false
	}
	settleReason(&d)
	if n := len(wordsOf(lowerText(d.Decision))); n < 2 || n > maxDecisionWords {
		return baton.Decision{}, false
	}
	return d, true
}

// constraintWords returns whether s, lower-cased lower, holds any of
// some of constraintWordList (a mask of their bits), in any case: the
// words a case-insensitive pattern needs before it can match s. It says
// yes to every word for a sentence with a long s (ſ), which (?i) folds to
// s and lower-casing does not (the Kelvin sign lower-cases to k, as (?i)
// folds it). The sentence is read once for all the words
// (constraintMask), not once for each word of each pattern tried.
func constraintWords(s, lower string) func(words uint16) bool {
	if strings.ContainsRune(s, 'ſ') {
		return func(uint16) bool { return true }
	}
	held := constraintMask(lower)
	return func(words uint16) bool { return held&words != 0 }
}

// constraintWordList are the words stewardConstraint's patterns need; the
// constants after it are their bits, in the same order.
var constraintWordList = []string{"rule", "convention", "principle", "make sure", "keep", "should", "must",
	"don't", "do not", "never", "shall", "only", "without", "want", "always"}

const (
	cwRule uint16 = 1 << iota
	cwConvention
	cwPrinciple
	cwMakeSure
	cwKeep
	cwShould
	cwMust
	cwDont
	cwDoNot
	cwNever
	cwShall
	cwOnly
	cwWithout
	cwWant
	cwAlways
)

// notImperative are the words after "always" or "never" that make a
// statement, not a rule: "never mind", "always been", "never worked".
var notImperative = set("mind", "been", "was", "were", "is", "are", "had", "has", "have", "the", "a", "an", "it", "this",
	"that", "there", "works", "worked", "fails", "failed", "seems", "seemed", "happens", "happened", "gets", "got", "ever")

// imperativeRule reports whether the word after "always" or "never" opens
// an instruction ("always prefer …", "never store …").
func imperativeRule(word string) bool {
	w := strings.ToLower(word)
	return !notImperative[w] && !strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "ing")
}

// constraintWordsByFirst holds, by byte, the indexes of the words of
// constraintWordList that start with it.
var constraintWordsByFirst = func() (t [256][]uint8) {
	for i, w := range constraintWordList {
		t[w[0]] = append(t[w[0]], uint8(i))
	}
	return t
}()

// constraintMask has bit i set when lower holds constraintWordList[i]
// (strings.Contains of each), read in one pass.
func constraintMask(lower string) uint16 {
	var held uint16
	for i := 0; i < len(lower); i++ {
		for _, k := range constraintWordsByFirst[lower[i]] {
			if strings.HasPrefix(lower[i:], constraintWordList[k]) {
				held |= 1 << k
			}
		}
	}
	return held
}

// hypotheticalStarts are the words hypothetical finds at a sentence's
// start, lower-cased; elsewhere it finds "if you".
var hypotheticalStarts = []string{"if", "should", "could", "would", "what if", "do you", "can we", "shall"}

// mayBeHypothetical is false when hypothetical cannot match s: s starts
// with none of hypotheticalStarts and holds no "if you", in any case.
// Looking first spares most sentences the pattern's scan (its "if you"
// is looked for at every place), which cost more than the rest of reading
// the steward's constraints. The pattern's (?i) also folds the long s
// (ſ) to s, which lower-casing does not: a sentence with one is left to it.
func mayBeHypothetical(s string) bool {
	return mayBeHypotheticalLower(s, strings.ToLower(s))
}

// mayBeHypotheticalLower is mayBeHypothetical given s lower-cased.
func mayBeHypotheticalLower(s, lower string) bool {
	if strings.ContainsRune(s, 'ſ') {
		return true
	}
	if strings.Contains(lower, "if you") {
		return true
	}
	for _, w := range hypotheticalStarts {
		if strings.HasPrefix(lower, w) {
			return true
		}
	}
	return false
}

// settleReason moves the reason a decision's text gives ("X because Y")
// to its rationale unless it has one, names the alternative it turns
// down ("X instead of Y"), and trims the text's closing punctuation.
func settleReason(d *baton.Decision) {
	if loc := rationaleAt(d.Decision); loc != nil && d.Rationale == "" {
		d.Rationale, d.Decision = d.Decision[loc[1]:], d.Decision[:loc[0]]
	}
	if alt := alternativeOf(d.Decision); alt != "" {
		d.Alternatives = []string{alt}
	}
	d.Decision = strings.TrimRight(strings.TrimSpace(d.Decision), ".!,;:")
}
