package continuity_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
)

// TestEffectivenessOnTwoSessions measures the fixture's bridge against a
// next session that fixes vet, finishes the tests, wires the limiter,
// ignores the README and the question, fails the old burst test again and
// asks again about the limiter package the bridge says was decided.
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
		{Seq: 6, Role: baton.RoleSteward, Content: "Hm. Should we use golang.org/x/time/rate or keep our own bucket?"},
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
	if want := []string{continuitytest.ExpectedDecisions[0].Decision}; !reflect.DeepEqual(e.ReAsked, want) {
		t.Errorf("re-asked = %q, want %q", e.ReAsked, want)
	}
	// (2 finished + ½ × 1 picked up) of 5, less a tenth for the repeat and
	// a tenth for the question asked again.
	if e.Score != 0.3 {
		t.Errorf("score = %v, want 0.3", e.Score)
	}
	// Nothing handed over: nothing to measure, whatever was said.
	empty := continuity.Effectiveness(&baton.Bridge{}, &baton.Session{ID: "next"}, msgs)
	if empty.Items != 0 || empty.Score != 0 {
		t.Errorf("empty bridge: %+v", empty)
	}
}
