package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

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
