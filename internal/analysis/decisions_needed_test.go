package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionNeededCourse: the assistant says what something needs
// instead of what it has, with a reason, and then changes the file: a
// choice between two courses. Without the change, the alternative or the
// reason it is a diagnosis or a step.
func TestDecisionNeededCourse(t *testing.T) {
	c := newConvo()
	c.steward("the script fails: the argument '-l' is ambiguous")
	c.assistant("I see the problem.\n\n1. The command line arguments need to use full flag names (--luminance, --chroma) instead of short forms (-l, -c) as there's ambiguity with --lut_size\n\nLet me fix it:")
	c.tool("Edit", obj{"file_path": "example.sh", "old_string": "-l \"$l\"", "new_string": "--luminance \"$l\""}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "use full flag names (--luminance, --chroma) instead of short forms (-l, -c)",
		Rationale: "ambiguity with --lut_size", Alternatives: []string{"short forms"}}})

	// Said, never carried out: a diagnosis.
	c = newConvo()
	c.steward("why does the script fail?")
	c.assistant("The command line arguments need to use full flag names instead of short forms as there's ambiguity with --lut_size.")
	c.steward("thanks, I'll look at it tomorrow")
	checkDecisions(t, c, nil)

	// No alternative: a step of the fix.
	c = newConvo()
	c.steward("the test fails")
	c.assistant("The regex needs to require whitespace after the ID because the long one matches too.")
	c.tool("Edit", obj{"file_path": "trailers.go", "old_string": "{12}", "new_string": "{12}(?:\\s|$)"}, "ok", "")
	checkDecisions(t, c, nil)

	// No reason: a step too.
	c = newConvo()
	c.steward("clean up the script")
	c.assistant("The loop needs to use printf instead of echo.")
	c.tool("Edit", obj{"file_path": "run.sh", "old_string": "echo", "new_string": "printf"}, "ok", "")
	checkDecisions(t, c, nil)
}
