package analysis

import (
	"slices"
	"testing"
)

// TestReportedCommandOutcome: an answer that quotes a command and says what
// it did ("`cargo clippy` now passes", "`git status` shows a clean tree")
// ran it, though the transcript kept no call of it; a function's result
// ("`parse()` returns") runs no program.
func TestReportedCommandOutcome(t *testing.T) {
	c := newConvo()
	c.steward("tidy up the warnings in the parser and make sure nothing is left uncommitted")
	c.assistant("Removed the unused imports. `cargo clippy --all-targets` now passes, `parse()` returns the same tree as before, and `git status` shows nothing left to commit.")
	got := technologiesNamed(c)
	for _, want := range []string{"Cargo", "Git"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %s, whose command the answer reports the outcome of", got, want)
		}
	}

	names, _ := reportedChecks("Explain first: the `--dry-run` flag returns the plan, and `access()` returns early.")
	if len(names) != 0 {
		t.Errorf("reportedChecks of an option and a function = %q, want none", names)
	}
}
