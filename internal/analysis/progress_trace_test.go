package analysis

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// TracedTasks are a session's tasks as the real set's task harness
// (realset_tasks_test.go) reads them: each with the rule that first wrote
// it, and the requests a gate left out or merged into another task.
type TracedTasks struct {
	Tasks   []string
	Origin  []string    // Origin[i] is the rule that wrote Tasks[i]
	Dropped [][2]string // {gate, text}
	// Steward and Assistant are each side's prose, message by message:
	// where a label no rule read may still be found.
	Steward, Assistant []string
}

// TraceTasks computes the progress of a conversation's messages, tracing
// where each task came from.
func TraceTasks(msgs []*baton.Message) TracedTasks {
	vs := buildViews(New(), msgs)
	tr := &taskTrace{origin: map[string]string{}}
	p := progressTraced(vs, tr)
	out := TracedTasks{Tasks: p.TasksDiscussed, Dropped: tr.dropped}
	for _, t := range p.TasksDiscussed {
		out.Origin = append(out.Origin, tr.origin[strings.ToLower(t)])
	}
	for i := range vs {
		switch {
		case vs[i].steward() && vs[i].text:
			out.Steward = append(out.Steward, vs[i].prose)
		case vs[i].assistant() && vs[i].text:
			out.Assistant = append(out.Assistant, vs[i].prose)
		}
	}
	return out
}
