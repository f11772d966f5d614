package continuity_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
)

// TestEffectivenessOnTwoSessions measures the fixture's bridge against a
// next session that fixes vet, finishes the tests, wires the limiter,
// ignores the README and the question, and fails the old burst test again.
func TestEffectivenessOnTwoSessions(t *testing.T) {
	content := codingDraft(t)
	b := &baton.Bridge{BridgeContent: content}
	todo, _ := json.Marshal(map[string]any{"todos": []map[string]string{
		{"content": "Write tests for limiter", "status": "completed"},
		{"content": "Wire the limiter into the Stripe handler", "status": "in_progress"},
	}})
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSteward, Content: "Pick up where we left off: go vet first."},
		{Seq: 2, Role: baton.RoleAssistant, Content: "Renamed the call in handler.go; go vet ./... is fixed now.",
			ToolCalls: []baton.ToolCall{{ID: "t1", Name: "TodoWrite", Input: todo}}},
		{Seq: 3, Role: baton.RoleToolResult, Content: "ok", ToolResult: &baton.ToolResult{ToolUseID: "t1"}},
		{Seq: 4, Role: baton.RoleAssistant, Content: "Running the burst test again.",
			ToolCalls: []baton.ToolCall{{ID: "t2", Name: "Bash", Input: json.RawMessage(`{"command":"go test ./internal/webhook/..."}`)}}},
		{Seq: 5, Role: baton.RoleToolResult, Content: "--- FAIL: TestLimiterBurst (0.00s)", ToolResult: &baton.ToolResult{ToolUseID: "t2", IsError: true}},
	}
	e := continuity.Effectiveness(b, &baton.Session{ID: "next"}, msgs)
	if want := []string{"Resolve the failing go vet ./...", "Write tests for limiter"}; !reflect.DeepEqual(e.Resolved, want) {
		t.Errorf("resolved = %q, want %q", e.Resolved, want)
	}
	if want := []string{"Wire the limiter into the Stripe handler and rerun go vet"}; !reflect.DeepEqual(e.TakenUp, want) {
		t.Errorf("taken up = %q, want %q", e.TakenUp, want)
	}
	if want := []string{"Update README rate-limit section", "Should the limit be per account or per API key?"}; !reflect.DeepEqual(e.Ignored, want) {
		t.Errorf("ignored = %q, want %q", e.Ignored, want)
	}
	if len(e.Repeated) != 1 || e.Items != 5 {
		t.Errorf("repeated = %q, items %d", e.Repeated, e.Items)
	}
	// 3 of 5 used, less a tenth for the repeat.
	if e.Score != 0.5 {
		t.Errorf("score = %v, want 0.5", e.Score)
	}
}
