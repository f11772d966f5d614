package analysis

import (
	"slices"
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
