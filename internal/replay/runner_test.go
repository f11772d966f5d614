package replay

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
)

// fakeLLM is a tiny model server of either flavour: each request gets the
// next scripted answer; it keeps the requests it was sent.
type fakeLLM struct {
	path, authHeader, auth string
	answers                []string
	requests               []map[string]any
}

func openAIFake(answers ...string) *fakeLLM {
	return &fakeLLM{path: "/v1/chat/completions", authHeader: "Authorization", auth: "Bearer test-key", answers: answers}
}

func anthropicFake(answers ...string) *fakeLLM {
	return &fakeLLM{path: "/v1/messages", authHeader: "x-api-key", auth: "test-key", answers: answers}
}

func (f *fakeLLM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != f.path || r.Header.Get(f.authHeader) != f.auth {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if f.path == "/v1/messages" && r.Header.Get("anthropic-version") == "" {
		http.Error(w, "anthropic-version is required", http.StatusBadRequest)
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

const anthropicCallBash = `{"model":"claude-tiny","type":"message","role":"assistant","content":[{"type":"text","text":"Listing."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}],"stop_reason":"tool_use","usage":{"input_tokens":50,"output_tokens":5}}`
const anthropicTextAnswer = `{"model":"claude-tiny","type":"message","role":"assistant","content":[{"type":"text","text":"Two files."}],"stop_reason":"end_turn","usage":{"input_tokens":70,"output_tokens":4,"cache_read_input_tokens":30}}`

func runnerFor(t *testing.T, f *fakeLLM) *Runner {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	cfg := llm.Config{Provider: llm.ProviderOpenAI, BaseURL: srv.URL + "/v1", APIKey: "test-key"}
	if f.path == "/v1/messages" {
		cfg = llm.Config{Provider: llm.ProviderAnthropic, BaseURL: srv.URL, APIKey: "test-key"}
	}
	m, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &Runner{Model: m, Now: func() time.Time { at = at.Add(time.Second); return at }}
}

// collect is an emit that keeps the messages.
func collect(out *[]*baton.Message) func(*baton.Message) error {
	return func(m *baton.Message) error { *out = append(*out, m); return nil }
}

func TestRunnerAnswersFromTheRecording(t *testing.T) {
	f := openAIFake(callBash, answerText)
	rn := runnerFor(t, f)
	recorded := contextFixture()
	prefix := recorded[:2] // system and the first prompt
	temp := 0.1
	var got []*baton.Message
	res := rn.Run(t.Context(), &baton.Replay{ID: "r1", Model: "tiny-1", Temperature: &temp}, 1, prefix, recorded, collect(&got))
	if res.Failure != "" {
		t.Fatalf("failure: %s", res.Failure)
	}
	if len(got) != 3 || res.Steps != 2 {
		t.Fatalf("%d messages in %d steps: %+v", len(got), res.Steps, got)
	}
	call, result, answer := got[0], got[1], got[2]
	if call.Role != baton.RoleToolCall || call.ToolCalls[0].Name != "Bash" || call.Model != "tiny-1" || call.Usage.InputTokens != 50 {
		t.Errorf("call %+v", call)
	}
	if result.Role != baton.RoleToolResult || result.Content != "a.go b.go" || result.ToolResult.ToolUseID != "x1" || result.Attributes["replay_answer"] != "recorded" {
		t.Errorf("the recorded result of the same call was not given: %+v", result)
	}
	if answer.Role != baton.RoleAssistant || answer.Content != "Two files: a.go and b.go." {
		t.Errorf("answer %+v", answer)
	}
	// The answer is reported: Bash {"command":"ls"} from the recording, at the fork point, seq 3.
	want := baton.ToolAnswer{CallID: "x1", Tool: "Bash", Input: `{"command": "ls"}`, Recorded: true, RecordedSeq: 3, AtForkPoint: true}
	if len(res.Answers) != 1 || res.Answers[0] != want {
		t.Errorf("answers %+v, want %+v", res.Answers, want)
	}
	// The second request carries the call and its recorded result in OpenAI's shape.
	if len(f.requests) != 2 || f.requests[0]["model"] != "tiny-1" || f.requests[0]["temperature"] != 0.1 {
		t.Fatalf("requests %v", f.requests)
	}
	msgs := f.requests[1]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "tool" || last["tool_call_id"] != "x1" || last["content"] != "a.go b.go" {
		t.Errorf("last message sent = %v", last)
	}
	if first := msgs[0].(map[string]any); first["role"] != "system" || first["content"] != "recorded system" {
		t.Errorf("the recorded system message was not sent: %v", first)
	}
	for _, m := range got {
		if !strings.HasPrefix(m.SourceID, "replay:r1:") || m.Timestamp.IsZero() {
			t.Errorf("message without source id or time: %+v", m)
		}
	}
}

// The Anthropic flavour: the Messages API's request and answer shapes.
func TestRunnerSpeaksAnthropicMessages(t *testing.T) {
	f := anthropicFake(anthropicCallBash, anthropicTextAnswer)
	recorded := contextFixture()
	var got []*baton.Message
	res := runnerFor(t, f).Run(t.Context(), &baton.Replay{ID: "r1", Model: "claude-tiny"}, 1, recorded[:2], recorded, collect(&got))
	if res.Failure != "" || len(got) != 3 {
		t.Fatalf("failure %q, %d messages", res.Failure, len(got))
	}
	if got[0].Role != baton.RoleAssistant || got[0].Content != "Listing." || got[0].ToolCalls[0].ID != "toolu_1" {
		t.Errorf("tool-using answer: %+v", got[0])
	}
	if got[2].Content != "Two files." || got[2].Usage.CacheReadTokens != 30 {
		t.Errorf("answer: %+v", got[2])
	}
	if f.requests[0]["system"] != "recorded system" || f.requests[0]["max_tokens"] != float64(llm.DefaultMaxTokens) {
		t.Errorf("first request: %v", f.requests[0])
	}
	turns := f.requests[1]["messages"].([]any)
	last := turns[len(turns)-1].(map[string]any)
	block := last["content"].([]any)[0].(map[string]any)
	if last["role"] != "user" || block["type"] != "tool_result" || block["tool_use_id"] != "toolu_1" || block["content"] != "a.go b.go" {
		t.Errorf("the recorded answer as a tool_result: %v", last)
	}
}

// The same call made twice gets the recorded results in their order: the
// recorded run's first `go test` answered the first, its second the second.
func TestRepeatedCallsTakeTheirRecordedResultsInOrder(t *testing.T) {
	recorded := run(1,
		"u:Fix it",
		`t:Bash|{"command":"go test"}|c1`,
		"r:c1|err|FAIL",
		"a:Fixed the tokenizer.",
		`t:Bash|{"command":"go test"}|c2`,
		"r:c2|ok|PASS",
	)
	rec := newRecording(recorded, 1)
	first, atFork, ok := rec.answer("Bash", json.RawMessage(`{"command":"go test"}`))
	second, _, _ := rec.answer("Bash", json.RawMessage(`{ "command" : "go test" }`))
	third, thirdAtFork, _ := rec.answer("Bash", json.RawMessage(`{"command":"go test"}`))
	if !ok || !atFork || first.Content != "FAIL" || second.Content != "PASS" {
		t.Fatalf("first %v second %v", first, second)
	}
	if third == nil || thirdAtFork {
		t.Errorf("a third call is answered from elsewhere in the recording, not at the fork point: %v %v", third, thirdAtFork)
	}
}

func TestRunnerStopsOnAnUnrecordedCall(t *testing.T) {
	var got []*baton.Message
	res := runnerFor(t, openAIFake(callUnknown)).Run(t.Context(), &baton.Replay{ID: "r1"}, 1, contextFixture()[:2], contextFixture(), collect(&got))
	if !strings.Contains(res.Failure, "never made") || len(got) != 1 {
		t.Fatalf("failure %q, %d messages", res.Failure, len(got))
	}
	if len(res.Answers) != 1 || res.Answers[0].Recorded || res.Answers[0].Tool != "Bash" || !strings.Contains(res.Answers[0].Input, "rm -rf") {
		t.Errorf("the missing answer is not reported: %+v", res.Answers)
	}
	res = runnerFor(t, openAIFake(callBash)).Run(t.Context(), &baton.Replay{ID: "r1", ToolDeny: []string{"Bash"}}, 1, contextFixture()[:2], contextFixture(), collect(&got))
	if !strings.Contains(res.Failure, "does not allow") {
		t.Fatalf("denied tool: %q", res.Failure)
	}
	res = runnerFor(t, openAIFake()).Run(t.Context(), &baton.Replay{ID: "r1"}, 1, contextFixture()[:2], contextFixture(), collect(&got))
	if !strings.Contains(res.Failure, "answered 500") {
		t.Fatalf("server error: %q", res.Failure)
	}
	res = runnerFor(t, openAIFake(callBash, callBash)).Run(t.Context(), &baton.Replay{ID: "r1"}, 1, contextFixture()[:2], contextFixture(),
		func(*baton.Message) error { return baton.Errorf(baton.EUNAVAILABLE, "the database is busy") })
	if !strings.Contains(res.Failure, "could not be stored") {
		t.Fatalf("store failure: %q", res.Failure)
	}
}
