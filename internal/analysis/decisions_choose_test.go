package analysis

import (
	"regexp/syntax"
	"strings"
	"testing"
)

// asksToChoose answers what choosePrompt alone answers: each of the
// pattern's phrases in any case, inside longer prose or not, with the
// long s and the Kelvin sign it folds, and prose that asks nothing.
func TestAsksToChooseAgreesWithItsPattern(t *testing.T) {
	re, err := syntax.Parse(choosePrompt.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	phrases := expand(t, re.Simplify())
	if len(phrases) < 20 {
		t.Fatalf("read %d phrases from the pattern: %q", len(phrases), phrases)
	}
	var cases []string
	for _, p := range phrases {
		cases = append(cases, p, strings.ToUpper(p), "So, "+strings.ToUpper(p[:1])+p[1:]+" — A or B?",
			strings.ReplaceAll(p, "s", "ſ"), strings.ReplaceAll(p, "k", "\u212a"), strings.TrimSuffix(p, p[len(p)-1:]))
	}
	cases = append(cases, "", "I ran the tests and they pass.", "Which", "wh ich one", "the preferences file", "let me knowledge")
	for _, c := range cases {
		if got, want := asksToChoose(c), choosePrompt.MatchString(c); got != want {
			t.Errorf("asksToChoose(%q) = %v, the pattern says %v", c, got, want)
		}
	}
}

// expand lists the literal phrases an alternation of literals matches
// (lower-case, the pattern's (?i) left to the cases above).
func expand(t *testing.T, re *syntax.Regexp) []string {
	t.Helper()
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture:
		return expand(t, re.Sub[0])
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			out = append(out, expand(t, s)...)
		}
		return out
	case syntax.OpCharClass:
		// A class of one letter in its two cases.
		return []string{strings.ToLower(string(re.Rune[0]))}
	case syntax.OpWordBoundary, syntax.OpEmptyMatch:
		return []string{""}
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			var next []string
			for _, head := range out {
				for _, tail := range expand(t, s) {
					next = append(next, head+tail)
				}
			}
			out = next
		}
		return out
	}
	t.Fatalf("choosePrompt holds %v, which this test does not expand", re.Op)
	return nil
}

// mayBeHypothetical is true wherever hypothetical matches.
func TestMayBeHypotheticalWhereverThePatternMatches(t *testing.T) {
	for _, c := range []string{"If we do that", "if", "Should we rebase", "SHALL I", "What if it fails", "Do you mind",
		"Can we skip it", "could be", "Would it work", "Use rebase if you want", "Keep it, IF YOU PREFER", "only if you need it",
		"ſhould we", "ſhall I", "Use it if you ſee fit", "Iffy", "Rebase, then merge", "", "I know if it works", "iF You Want"} {
		if hypothetical.MatchString(c) && !mayBeHypothetical(c) {
			t.Errorf("mayBeHypothetical(%q) is false, but the pattern matches", c)
		}
	}
}
