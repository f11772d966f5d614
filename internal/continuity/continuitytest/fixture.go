// Package continuitytest holds realistic sessions for continuity's tests
// and benchmarks, with what a hand-checked bridge of them contains.
package continuitytest

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Start is when the coding session starts.
var Start = time.Date(2026, 3, 10, 14, 0, 0, 0, time.UTC)

// CodingSession is a Claude Code session adding a rate limiter to a
// webhook handler: a TodoWrite list that moves on, a test failure that is
// fixed, a vet failure that is not, an "almost", an explicit "next I will",
// a decision with the alternative it replaced, a tired steward's question
// the session ends on, and "a TODO app" that is no task.
func CodingSession() (baton.Session, []baton.Message) {
	sess := baton.Session{
		Title: "Rate-limit the Stripe webhook", Type: baton.SessionCode, Source: "claude-code", SourceRef: "fixture-rate-limit",
		Branch: "feature/webhook-rate-limit", StartedAt: Start,
		Technical: baton.TechnicalContext{WorkingDirectory: "/home/ada/invoices", ToolVersion: "2.0.14"},
	}
	n := 0
	next := func() time.Time { n++; return Start.Add(time.Duration(n) * time.Minute) }
	text := func(role baton.Role, content string) baton.Message {
		m := baton.Message{Role: role, Content: content, Timestamp: next()}
		if role == baton.RoleAssistant {
			m.Model = "claude-sonnet-4-5"
		}
		return m
	}
	callID := 0
	call := func(content, tool string, input any) (baton.Message, string) {
		callID++
		id := fmt.Sprintf("toolu_%02d", callID)
		raw, _ := json.Marshal(input)
		m := text(baton.RoleAssistant, content)
		m.ToolCalls = []baton.ToolCall{{ID: id, Name: tool, Input: raw}}
		return m, id
	}
	result := func(id, out string, failed bool) baton.Message {
		m := baton.Message{Role: baton.RoleToolResult, Content: out, Timestamp: next(), ToolResult: &baton.ToolResult{ToolUseID: id, IsError: failed}}
		return m
	}
	todos := func(a, b, c string) map[string]any {
		return map[string]any{"todos": []map[string]string{
			{"content": "Add token-bucket limiter", "status": a, "activeForm": "Adding token-bucket limiter"},
			{"content": "Write tests for limiter", "status": b, "activeForm": "Writing tests for limiter"},
			{"content": "Update README rate-limit section", "status": c, "activeForm": "Updating README"},
		}}
	}
	var msgs []baton.Message
	add := func(ms ...baton.Message) { msgs = append(msgs, ms...) }
	add(text(baton.RoleSteward, "The Stripe webhook handler drops events under load. Add a per-account rate limiter to internal/webhook/handler.go. "+
		"Keep it simple: this is a TODO app for invoices, nothing fancy."))
	m, id := call("I'll plan this out.", "TodoWrite", todos("in_progress", "pending", "pending"))
	add(m, result(id, "Todos have been modified successfully.", false))
	m, id = call("Adding the limiter.", "Write", map[string]string{"file_path": "internal/webhook/limiter.go", "content": "package webhook\n"})
	add(m, result(id, "File created successfully at: internal/webhook/limiter.go", false))
	m, id = call("Running the tests.", "Bash", map[string]string{"command": "go test ./internal/webhook/..."})
	add(m, result(id, "--- FAIL: TestLimiterBurst (0.00s)\n    limiter_test.go:42: expected 10 allowed, got 9\nFAIL", true))
	m, id = call("The burst test fails by one: the bucket starts empty. I'll fill it when it is created.", "Edit",
		map[string]string{"file_path": "internal/webhook/limiter.go", "old_string": "tokens: 0", "new_string": "tokens: burst"})
	add(m, result(id, "The file internal/webhook/limiter.go has been updated.", false))
	m, id = call("Again.", "Bash", map[string]string{"command": "go test ./internal/webhook/... -run Limiter"})
	add(m, result(id, "ok  \tgithub.com/acme/invoices/internal/webhook\t0.21s", false))
	add(text(baton.RoleSteward, "Nice. We decided to use golang.org/x/time/rate instead of our own bucket because it handles bursts correctly."))
	m, id = call("Switching to x/time/rate.", "TodoWrite", todos("completed", "in_progress", "pending"))
	add(m, result(id, "Todos have been modified successfully.", false))
	m, id = call("Checking the package.", "Bash", map[string]string{"command": "go vet ./..."})
	add(m, result(id, "# github.com/acme/invoices/internal/webhook\ninternal/webhook/handler.go:88:2: undefined: limiterFor", true))
	add(text(baton.RoleAssistant, "go vet fails: handler.go still calls limiterFor, which I renamed. The tests are almost passing for the limiter itself. "+
		"Next I will wire the limiter into the Stripe handler and rerun go vet."))
	add(text(baton.RoleSteward, "I'm tired, let's stop here. Should the limit be per account or per API key?"))
	for i := range msgs {
		msgs[i].Seq = int64(i + 1)
		msgs[i].SourceID = fmt.Sprintf("fx-%03d", i+1)
	}
	end := next()
	sess.EndedAt = &end
	return sess, msgs
}

// CodingDecision is the decision the analysis finds in CodingSession.
var CodingDecision = baton.Decision{Decision: "use golang.org/x/time/rate instead of our own bucket", Rationale: "it handles bursts correctly"}

// ExpectedTasks are CodingSession's active tasks, in the order a person
// picks them up: the vet failure blocks; the limiter tests are nearly
// done; the README is pending; wiring the limiter is the stated next step.
var ExpectedTasks = []baton.BridgeTask{
	{Task: "Resolve the failing go vet ./...", Status: baton.TaskBlocked,
		Context: "failed at message 15 and never passed again: internal/webhook/handler.go:88:2: undefined: limiterFor"},
	{Task: "Write tests for limiter", Status: baton.TaskInProgress,
		Context: "nearly done: The tests are almost passing for the limiter itself."},
	{Task: "Update README rate-limit section", Status: baton.TaskPlanned, Context: "pending on the session's last todo list"},
	{Task: "Wire the limiter into the Stripe handler and rerun go vet", Status: baton.TaskPlanned,
		Context: "stated as the next step near the end of the session"},
}

// ExpectedQuestions are CodingSession's open questions.
var ExpectedQuestions = []baton.OpenQuestion{
	{Question: "Should the limit be per account or per API key?", Priority: "high",
		Context: "the steward asked at message 18; the session ended before an answer"},
}

// ExpectedDecisions are CodingSession's recent decisions.
var ExpectedDecisions = []baton.BridgeDecision{
	{Decision: "use golang.org/x/time/rate instead of our own bucket", Rationale: "it handles bursts correctly",
		AlternativesConsidered: []string{"our own bucket"}},
}
