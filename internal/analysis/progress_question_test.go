package analysis

import (
	"slices"
	"strings"
	"testing"
)

// A question the assistant answered is settled though a linking word
// opens it ("And what does SERIALIZABLE cost in practice?"): it is no
// request left for the next session.
func TestAnsweredFollowUpQuestionIsSettled(t *testing.T) {
	c := newConvo()
	c.steward("Can you explain READ COMMITTED vs SERIALIZABLE in Postgres with a concrete example each?")
	c.assistant("Take a table accounts(id, balance) and two sessions, A and B. READ COMMITTED is the default.")
	c.steward("And what does SERIALIZABLE cost in practice?")
	c.assistant("Less than its reputation suggests: the predicate locks are cheap, and what you pay for is retries under contention.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(p.TasksCompleted, "what does SERIALIZABLE cost in practice") || len(p.TasksRemaining) > 0 {
		t.Errorf("completed %q, remaining %q", p.TasksCompleted, p.TasksRemaining)
	}
}

// A question opened by a contracted question word ("What's …?") is a
// question as "What is …?" is: the answer settles it, and a line that
// labels what was done ("Fix: restarted the pods …") asks for nothing.
func TestContractedQuestionIsSettled(t *testing.T) {
	c := newConvo()
	c.steward("Our team wants one login across many client workspaces. Fix: restarted the worker pods at 10:41 after the outage. What's a sane schema that doesn't touch every query?")
	c.assistant("Put an organization above the workspaces: a table of organizations and a membership table, and keep every query scoped to one workspace as it is today.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if len(p.TasksRemaining) > 0 || len(p.TasksCompleted) != 1 || !strings.HasPrefix(p.TasksCompleted[0], "What's a sane schema") {
		t.Errorf("completed %q, remaining %q", p.TasksCompleted, p.TasksRemaining)
	}
}

// A request for an answer ("Compare … and explain the differences") is
// done once the assistant answers; a request for a change is not done by
// an answer that only says what it will do.
func TestAnsweredExplanationIsDone(t *testing.T) {
	for _, tc := range []struct {
		ask  string
		done bool
	}{
		{"Compare render_a.py and render_b.py and explain the differences", true},
		{"Can you summarise how the cache expires?", true},
		{"Tell me which of the two queues is fairer", true},
		{"Let's discuss how recipients accept a share in phase 14", true},
		{"The sharing flow is odd. How would you find out my public key if you wanted to share a file with me?", true},
		{"How do I commit the latest checkpoints of this repository?", true},
		{"Could you find out my public key and add it to the share?", false},
		{"Add a retry with backoff to the bank client", false},
	} {
		c := newConvo()
		c.steward(tc.ask)
		c.assistant("Both read the same input, but the second one batches the work and keeps one queue per tenant, so a slow tenant no longer holds up the rest.")
		p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if done := len(p.TasksCompleted) == 1 && len(p.TasksRemaining) == 0; done != tc.done {
			t.Errorf("%q: completed %q, remaining %q", tc.ask, p.TasksCompleted, p.TasksRemaining)
		}
	}
}
