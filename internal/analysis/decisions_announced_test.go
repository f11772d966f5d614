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

	// Said, never carried out (the session shows its tool calls, and none
	// changes a file): a diagnosis.
	c = newConvo()
	c.steward("why does the script fail?")
	c.tool("Read", obj{"file_path": "example.sh"}, "l=$1", "")
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

// TestScopedStepCarriedOut: a step the assistant bounds against the
// wider course ("only that hook, leaving the others untouched") and then
// carries out is a decision, with its reason and what it spares; the same
// sentence with nothing done after it, a routine step bounded the same
// way, and a bounded step with no reason and nothing spared are not.
func TestScopedStepCarriedOut(t *testing.T) {
	c := newConvo()
	c.assistant("I'll remove only that stale generated hook so pushes no longer run `prek`, leaving the other active hooks untouched.")
	c.tool("Bash", obj{"command": "rm .git/hooks/pre-push.pre-entire"}, "", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "remove only that stale generated hook, leaving the other active hooks alone",
		Rationale: "pushes no longer run prek", Alternatives: []string{"touch the other active hooks"}}})

	c = newConvo()
	c.assistant("I'll update the workflow without touching the release job.")
	c.tool("Edit", obj{"file_path": ".github/workflows/ci.yml", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "update the workflow, leaving the release job alone",
		Alternatives: []string{"touch the release job"}}})

	// Said in a session with tool calls, and no change made.
	c = newConvo()
	c.tool("Read", obj{"file_path": ".git/hooks/pre-push"}, "exec prek", "")
	c.assistant("I'll remove only that stale generated hook so pushes no longer run `prek`, leaving the other active hooks untouched.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("I'll run only the unit tests so the check stays fast, leaving the e2e suite alone.")
	c.tool("Edit", obj{"file_path": "a.go", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("I'll read only the first part of the log.")
	c.tool("Edit", obj{"file_path": "a.go", "old_string": "a", "new_string": "b"}, "updated", "")
	checkDecisions(t, c, nil)
}

// TestDecisionEvaluatedApproach: the assistant judges one approach the
// best of those in view ("X is the cleanest solution") and the session
// takes it: a decision, with a "since …" clause as its reason. A judgement
// of something pointed at ("this is the recommended approach"), one the
// steward turns down, and one nobody takes up are not.
func TestDecisionEvaluatedApproach(t *testing.T) {
	c := newConvo()
	c.steward("the notes file was committed by mistake, pick the best path forward")
	c.assistant("Since all 17 commits are unpushed, interactive rebase is the cleanest solution.")
	c.steward("will this keep the file on my disk?")
	checkDecisions(t, c, []baton.Decision{{Decision: "use interactive rebase", Rationale: "all 17 commits are unpushed"}})

	c = newConvo()
	c.steward("GitHub blocks the push because of the secrets")
	c.assistant("Looking at the GitHub documentation, the interactive rebase approach is indeed the recommended method for removing secrets from earlier commits.")
	c.tool("Bash", obj{"command": "git rebase -i 01ec942~1"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "use interactive rebase approach for removing secrets from earlier commits"}})

	// Pointed at: the approach is named elsewhere.
	c = newConvo()
	c.steward("how do I install it?")
	c.assistant("Download the install script. This is the recommended approach from the docs.")
	c.steward("done")
	checkDecisions(t, c, nil)

	// Turned down.
	c = newConvo()
	c.steward("the notes file was committed by mistake")
	c.assistant("Interactive rebase is the cleanest solution.")
	c.steward("no, just add a commit that removes it")
	checkDecisions(t, c, nil)

	// Nobody takes it up and nothing is changed, in a session whose tool
	// calls are recorded: the session ends there.
	c = newConvo()
	c.steward("what would you do about the notes file?")
	c.tool("Read", obj{"file_path": "notes.md"}, "draft", "")
	c.assistant("Interactive rebase is the cleanest solution.")
	checkDecisions(t, c, nil)
}
