package analysis

import (
	"slices"
	"testing"
)

// TestReportedChecks: an answer whose transcript kept no calls, reporting
// that it checked its work with a program ("Verified with pyright"), ran
// that program; a check "with" a common word or no program is nothing.
func TestReportedChecks(t *testing.T) {
	c := newConvo()
	c.steward("the parser rejects hosts with a dash in them, please fix it")
	c.assistant("[Changed the host pattern in parse_site]\n\nThe pattern now allows dashes. Verified with pyright - no errors, " +
		"and formatted the code using `ruff`. I also checked it with care against the examples in the README.")
	got := technologiesNamed(c)
	for _, want := range []string{"Pyright", "Ruff"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q, which the answer reports it ran", got, want)
		}
	}
	if names, _ := reportedChecks("We tested with black boxes and validated using a checklist."); len(names) != 0 {
		t.Errorf("reportedChecks found %q in a sentence naming no program", names)
	}
}

// TestReportedCommit: an answer whose transcript kept no calls, reporting
// a commit it made by its hash ("Committed: 3572b26 …", "Committed locally
// (`499dc70`, not pushed)") or with its push, worked in Git; a word that
// only looks like a hash after "committed" is no report of one.
func TestReportedCommit(t *testing.T) {
	c := newConvo()
	c.steward("the site parser rejects org names with dots, fix it")
	c.assistant("[Changed the site pattern in parse_site]\n\nFixed and type-checked.\n\nCommitted: 5b2e91a \"accept dotted org names\"")
	if got := technologiesNamed(c); !slices.Contains(got, "Git") {
		t.Errorf("technologies %q lack Git, which the answer reports committing with", got)
	}
	for _, said := range []string{"Committed locally (`499dc70`, not pushed).", "Everything committed and pushed to main."} {
		if names, _ := reportedChecks(said); !slices.Contains(names, "Git") {
			t.Errorf("reportedChecks(%q) = %q, want Git", said, names)
		}
	}
	if names, _ := reportedChecks("The team committed to a defaced badge and a deadline."); len(names) != 0 {
		t.Errorf("reportedChecks found %q in a sentence that reports no commit", names)
	}
}
