package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

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
		if d, ok := approachEvaluated(plainText(s)); ok && (carriedOut(sc.vs, i) || goneAlongWith(sc.vs, i)) {
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
