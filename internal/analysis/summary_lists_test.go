package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestOutcomesLeaveOutListsOfStepsAndReasons: the items of a list the
// assistant opens with "Next steps:", "Here's why:" or "Would you like me
// to:" are steps still to take, reasons or offers, never outcomes, though
// they say "changed" or "finished"; the report above them is one.
func TestOutcomesLeaveOutListsOfStepsAndReasons(t *testing.T) {
	c := newConvo()
	c.steward("Add the homepage field to every manifest under packages and pick a layout for the list command.")
	c.assistant("Added the homepage field to all 72 manifests under packages.\n\n" +
		"My recommendation is a command group. Here's why:\n\n" +
		"1. Consistency: we'll likely want `list finished` later, and a group keeps that clean.\n" +
		"2. Nothing that exists changes.\n\n" +
		"**Next steps:**\n" +
		"- Review `git status` to verify only the intended manifests changed.\n" +
		"- Double-check any package that should stay private before publishing.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, o := range sum.MainOutcomes {
		if strings.Contains(o, "git status") || strings.Contains(o, "list finished") {
			t.Errorf("outcome from a list of steps or reasons: %q", o)
		}
	}
	if !slices.ContainsFunc(sum.MainOutcomes, func(o string) bool { return strings.HasPrefix(o, "Added the homepage field") }) {
		t.Errorf("outcomes = %q, want the report above the lists", sum.MainOutcomes)
	}
}

// A word of work done after a quantifier describes a thing ("several
// completed features"), as after a determiner.
func TestOutcomeWordAfterQuantifierIsNoOutcome(t *testing.T) {
	for s, want := range map[string]bool{
		"several completed features including cloud status filtering": false,
		"some resolved threads are still open":                        false,
		"completed the cloud status filter":                           true,
	} {
		if got := isOutcome(strings.Fields(s)); got != want {
			t.Errorf("isOutcome(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestAheadLead(t *testing.T) {
	for line, want := range map[string]bool{
		"**Next steps:**":                   true,
		"## Next steps":                     true,
		"My recommendation. Here's why:":    true,
		"Would you like me to:":             true,
		"Pros:":                             true,
		"The project has:":                  false,
		"Changes made:":                     false,
		"## Summary":                        false,
		"I found the prospects list empty:": false,
	} {
		if got := aheadLead(line); got != want {
			t.Errorf("aheadLead(%q) = %v, want %v", line, got, want)
		}
	}
}

// A line of a log the steward pasted opens with its date and time, in
// ISO form or as Go's log package and many others write it
// ("2026/02/19 11:48:19 WARNING …"): machine output, not their words.
func TestStartsAsLogDateForms(t *testing.T) {
	for s, want := range map[string]bool{
		"2026-02-19 11:48:19 WARNING autologging: unexpected error": true,
		"2026/02/19 11:48:19 WARNING autologging: unexpected error": true,
		"On 2026/02/19 the upload folder moved to uploads":          false,
	} {
		if got := startsAsLog(s); got != want {
			t.Errorf("startsAsLog(%q) = %v, want %v", s, got, want)
		}
	}
}
