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
