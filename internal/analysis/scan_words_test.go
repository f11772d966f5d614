package analysis

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

// asksReplyIn answers what asksReply answers: each of the pattern's
// phrases in any case, inside longer prose or not, with the Kelvin sign
// it folds, a question mark alone, and prose that asks nothing.
func TestAsksReplyInAgreesWithItsPattern(t *testing.T) {
	re, err := syntax.Parse(asksReply.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	phrases := expand(t, re.Simplify())
	if len(phrases) < 5 {
		t.Fatalf("read %d phrases from the pattern: %q", len(phrases), phrases)
	}
	var cases []string
	for _, p := range phrases {
		if p != "?" && !asksReplyWords.in(p) {
			t.Errorf("asksReply matches %q, which holds none of asksReplyWords", p)
		}
		cases = append(cases, p, strings.ToUpper(p), "Done. "+strings.ToUpper(p[:1])+p[1:]+" when ready.",
			strings.ReplaceAll(p, "k", "\u212a"), strings.TrimSuffix(p, p[len(p)-1:]), "x"+p+"x")
	}
	cases = append(cases, "", "I ran the tests and they pass.", "approved", "tell meaning", "let me knowledge", "replying with")
	for _, c := range cases {
		if got, want := asksReplyIn(c), asksReply.MatchString(c); got != want {
			t.Errorf("asksReplyIn(%q) = %v, the pattern says %v", c, got, want)
		}
	}
}

// The words looked for before optionHead's and whyNotBecause's scans are
// the patterns' own, and prose the pattern matches holds one of them.
func TestWordsBeforeAScanHoldWhereThePatternMatches(t *testing.T) {
	for _, c := range []struct {
		re    *regexp.Regexp
		group string
		words *foldWords
		cases []string
	}{
		{optionHead, "(?:option|approach|choice|variant)", optionHeadWords, []string{
			"Option A: rebase", "## OPTION 2 — merge", "> Approach b) squash", "**Choice 3.** keep", "Variant e: none",
			"Two ways:\n\nOption 1: rebase\nOption 2: merge", "options are fine", "the approach works", ""}},
		{optionsIntro, "(?:options|approaches|alternatives|choices|(?:two|three|a few|several|some) ways)", optionsIntroWords, []string{
			"I see two options:", "**Possible APPROACHES:**", "There are a few ways to do this:", "Alternatives:", "Choices: ", ""}},
		{whyNotBecause, "why not\\s+", whyNotWords, []string{
			"As a suggestion, why not just include the media files in the test, so that these don't need to be generated",
			"WHY NOT cache the result since it is pure", "ok - Why Not use rebase because it keeps history", "why nothing works", ""}},
	} {
		if !strings.Contains(c.re.String(), c.group) {
			t.Errorf("%s no longer holds %s: make its words before the scan its own again", c.re, c.group)
		}
		for _, s := range c.cases {
			if c.re.MatchString(s) && !c.words.in(s) {
				t.Errorf("%q: the pattern matches but holds none of %q", s, c.words.words)
			}
		}
	}
}
