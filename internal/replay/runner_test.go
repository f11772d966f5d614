package replay

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// fakeLLM is a tiny OpenAI-compatible server: each request gets the next
// scripted answer; it keeps the requests it was sent.
type fakeLLM struct {
	answers  []string
	requests []map[string]any
}

func (f *fakeLLM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	var req map[string]any
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.requests = append(f.requests, req)
	if len(f.answers) == 0 {
		http.Error(w, "no more answers", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(f.answers[0]))
	f.answers = f.answers[1:]
}

const callBash = `{"model":"tiny-1","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x1","type":"function","function":{"name":"Bash","arguments":"{\"command\": \"ls\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":50,"completion_tokens":5}}`
const answerText = `{"model":"tiny-1","choices":[{"message":{"role":"assistant","content":"Two files: a.go and b.go."},"finish_reason":"stop"}],"usage":{"prompt_tokens":70,"completion_tokens":9}}`
const callUnknown = `{"model":"tiny-1","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x2","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"rm -rf /\"}"}}]},"finish_reason":"tool_calls"}]}`

func runnerFor(t *testing.T, f *fakeLLM) *Runner {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	return &Runner{BaseURL: srv.URL + "/v1", APIKey: "test-key", Now: func() time.Time { at = at.Add(time.Second); return at }}
}

func TestRunnerReusesRecordedResults(t *testing.T) {
	f := &fakeLLM{answers: []string{callBash, answerText}}
	rn := runnerFor(t, f)
	recorded := contextFixture()
	prefix := recorded[:2] // system and the first prompt
	temp := 0.1
	res := rn.Run(t.Context(), &baton.Replay{ID: "r1", Model: "tiny-1", Temperature: &temp}, 1, prefix, recorded)
	if res.Failure != "" {
		t.Fatalf("failure: %s", res.Failure)
	}
	if len(res.Messages) != 3 {
		t.Fatalf("%d messages: %+v", len(res.Messages), res.Messages)
	}
	call, result, answer := res.Messages[0], res.Messages[1], res.Messages[2]
	if call.Role != baton.RoleToolCall || call.ToolCalls[0].Name != "Bash" || call.Model != "tiny-1" || call.Usage.InputTokens != 50 {
		t.Errorf("call %+v", call)
	}
	if result.Role != baton.RoleToolResult || result.Content != "a.go b.go" || result.ToolResult.ToolUseID != "x1" {
		t.Errorf("the recorded result of the same call was not reused: %+v", result)
	}
	if answer.Role != baton.RoleAssistant || answer.Content != "Two files: a.go and b.go." {
		t.Errorf("answer %+v", answer)
	}
	// The second request carries the call and its reused result in OpenAI's shape.
	if len(f.requests) != 2 || f.requests[0]["model"] != "tiny-1" || f.requests[0]["temperature"] != 0.1 {
		t.Fatalf("requests %v", f.requests)
	}
	msgs := f.requests[1]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "tool" || last["tool_call_id"] != "x1" || last["content"] != "a.go b.go" {
		t.Errorf("last message sent = %v", last)
	}
	for _, m := range res.Messages {
		if m.SourceID == "" || m.Timestamp.IsZero() {
			t.Errorf("message without source id or time: %+v", m)
		}
	}
}

func TestRunnerStopsOnAnUnrecordedCall(t *testing.T) {
	f := &fakeLLM{answers: []string{callUnknown}}
	res := runnerFor(t, f).Run(t.Context(), &baton.Replay{ID: "r1"}, 1, contextFixture()[:2], contextFixture())
	if !strings.Contains(res.Failure, "never made") || len(res.Messages) != 1 {
		t.Fatalf("failure %q, %d messages", res.Failure, len(res.Messages))
	}
	f = &fakeLLM{answers: []string{callBash}}
	res = runnerFor(t, f).Run(t.Context(), &baton.Replay{ID: "r1", ToolDeny: []string{"Bash"}}, 1, contextFixture()[:2], contextFixture())
	if !strings.Contains(res.Failure, "does not allow") {
		t.Fatalf("denied tool: %q", res.Failure)
	}
	f = &fakeLLM{}
	res = runnerFor(t, f).Run(t.Context(), &baton.Replay{ID: "r1"}, 1, contextFixture()[:2], contextFixture())
	if !strings.Contains(res.Failure, "answered 500") {
		t.Fatalf("server error: %q", res.Failure)
	}
}
