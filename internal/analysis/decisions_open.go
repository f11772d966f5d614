package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A plan often closes on the questions it leaves open, each between two
// courses ("Combined searches: split into multiple tool calls or keep as
// one aggregated?"), while its steps already take one of them ("… combined
// searches (split into multiple tool calls)"). A steward who goes ahead
// with the plan without answering them takes the plan as written: the
// course its steps take is the choice, the other the alternative.

// openQuestion is a plan's question between two courses, with the topic
// it opens on: "Output normalization: preserve the original or always
// convert to `0 results`?", "Multi-replace: one call vs one per file?".
var openQuestion = regexp.MustCompile(`(?i)^(?:([^:?]{3,60}):\s+)?(.{3,120}?)\s+(?:or|vs\.?|versus)\s+(.{3,120}?)\?$`)

// settledQuestions reads the questions plan leaves open that its own
// steps settle: a side whose words the rest of the plan uses, far more
// than the other side's.
func settledQuestions(plan string) []baton.Decision {
	var questions []string
	var rest strings.Builder
	for line := range strings.SplitSeq(plan, "\n") {
		t := strings.TrimSpace(line)
		if item := stripListMarker(t); item != t && strings.HasSuffix(item, "?") {
			questions = append(questions, plainText(item))
			continue
		}
		rest.WriteString(t)
		rest.WriteString("\n")
	}
	if len(questions) == 0 {
		return nil
	}
	used := map[string]bool{}
	for _, w := range contentWords(plainText(rest.String())) {
		used[w] = true
	}
	var out []baton.Decision
	for _, q := range questions {
		m := openQuestion.FindStringSubmatch(q)
		if m == nil {
			continue
		}
		a, b := strings.TrimSpace(m[2]), strings.TrimSpace(m[3])
		// "should we keep X or Y?": the question's own lead is no part of
		// the first course.
		a = questionLead.ReplaceAllString(a, "")
		sa, sb := wordsUsed(a, used), wordsUsed(b, used)
		chosen, other := a, b
		// The side the steps take uses more than twice as many of its
		// words as the other: both courses share the question's subject.
		switch {
		case sa >= 2 && sa > 2*sb:
		case sb >= 2 && sb > 2*sa:
			chosen, other = b, a
		default:
			continue
		}
		d := baton.Decision{Decision: chosen, Alternatives: []string{other}}
		if topic := strings.TrimSpace(m[1]); topic != "" {
			d.Decision = topic + ": " + chosen
		}
		out = append(out, d)
	}
	return out
}

// wordsUsed counts the content words of s that used holds.
func wordsUsed(s string, used map[string]bool) int {
	n := 0
	for _, w := range contentWords(plainText(s)) {
		if used[w] {
			n++
		}
	}
	return n
}
