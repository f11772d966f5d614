package analysis

import (
	"slices"
	"testing"
)

// TestAssistantFollowUpsOnlyFromTheClosingTurn: what the assistant says is
// next at the end of an earlier turn ("next step is to …", an unchecked
// box) was taken up or dropped by the steward's next message; only what it
// leaves open in its closing turn is work for later.
func TestAssistantFollowUpsOnlyFromTheClosingTurn(t *testing.T) {
	c := newConvo()
	c.steward("Please add a retry to the upload client.")
	c.assistant("Added the retry.\n\n## Test plan\n- [ ] run the upload tests against staging\n\nNext step is to update the changelog.")
	c.steward("Now rename the upload client to transfer client.")
	c.assistant("Renamed it. We still need to update the import paths in the docs.\n- [ ] announce the rename to the mobile team")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, task := range []string{"run the upload tests against staging", "update the changelog"} {
		if slices.Contains(p.TasksDiscussed, task) {
			t.Errorf("an earlier turn's follow-up %q became a task: %q", task, p.TasksDiscussed)
		}
	}
	for _, task := range []string{"update the import paths in the docs", "announce the rename to the mobile team"} {
		if !slices.Contains(p.TasksRemaining, task) {
			t.Errorf("the closing turn's follow-up %q is not a remaining task: %q", task, p.TasksRemaining)
		}
	}
}

// TestContinuationSummaryAsksNothing: the agent's summary of a
// conversation that ran out of context, exported in the steward's turn,
// restates work asked and done before: none of its lines is a task, and
// the steward's next message is read mid-session.
func TestContinuationSummaryAsksNothing(t *testing.T) {
	c := newConvo()
	c.steward("This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n1. CI failure investigation - User asked me to think hard about making specs run on CI; the first attempt failed.\n5. Pending Tasks:\n   - Fix the lazy download issue")
	c.assistant("Picking up where we left off.")
	c.steward("Please add the future todos to TODO.md.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if want := []string{"add the future todos to TODO.md"}; !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestRestatedRequestIsATask: a steward's message that asks in no form the
// request rules read is taken on by the answer's opening ("I'll update
// deploy.ts to …"): that restatement is the task; an answer that opens
// with a step of its own process ("I'll check the logs first") names none.
func TestRestatedRequestIsATask(t *testing.T) {
	c := newConvo()
	c.steward("Please add a retry to the upload client.")
	c.assistant("Added the retry.")
	c.steward("the deploy script still prints emojis and Chinese text on every step")
	c.assistant("I'll update deploy.ts to replace the emojis and Chinese text with concise English messages.")
	c.steward("the upload log looks odd now")
	c.assistant("I'll check the logs first.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	want := []string{"add a retry to the upload client", "update deploy.ts to replace the emojis and Chinese text with concise English messages"}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}
