package llm

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeServer answers each request with the next scripted status and body,
// and keeps what it was sent.
type fakeServer struct {
	mu       sync.Mutex
	answers  []fakeAnswer
	requests []fakeRequest
}

type fakeAnswer struct {
	status int
	body   string
}

type fakeRequest struct {
	path   string
	header http.Header
	body   map[string]any
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, fakeRequest{path: r.URL.Path, header: r.Header.Clone(), body: body})
	if len(f.answers) == 0 {
		f.mu.Unlock()
		http.Error(w, "no more answers", http.StatusInternalServerError)
		return
	}
	a := f.answers[0]
	f.answers = f.answers[1:]
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if a.status == 0 {
		a.status = http.StatusOK
	}
	w.WriteHeader(a.status)
	_, _ = w.Write([]byte(a.body))
}

func newClient(t *testing.T, provider, basePath string, answers ...fakeAnswer) (*Client, *fakeServer) {
	t.Helper()
	f := &fakeServer{answers: answers}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c, err := New(Config{Provider: provider, BaseURL: srv.URL + basePath, APIKey: "test-key", Model: "tiny-1"})
	if err != nil {
		t.Fatal(err)
	}
	return c, f
}

// toolConversation is a conversation with a tool call and its result: the
// shape the replay runner sends.
func toolConversation() Request {
	temp := 0.2
	return Request{
		System: "You are terse.",
		Messages: []Message{
			{Role: RoleUser, Content: "List the files."},
			{Role: RoleAssistant, Content: "Looking.", ToolCalls: []ToolCall{{ID: "c1", Name: "Bash", Arguments: json.RawMessage(`{"command":"ls"}`)}}},
			{Role: RoleTool, ToolCallID: "c1", Content: "a.go b.go"},
			{Role: RoleUser, Content: "And the tests?"},
		},
		Tools:       []Tool{{Name: "Bash", Description: "Run a command", Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}}}`)}},
		Temperature: &temp,
		MaxTokens:   300,
	}
}

func TestOpenAIConversationWithTools(t *testing.T) {
	c, f := newClient(t, ProviderOpenAI, "/v1", fakeAnswer{body: `{"model":"tiny-1-0501","choices":[{"message":{"role":"assistant","content":null,
		"tool_calls":[{"id":"c2","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"ls *_test.go\"}"}}]},"finish_reason":"tool_calls"}],
		"usage":{"prompt_tokens":120,"completion_tokens":12,"prompt_tokens_details":{"cached_tokens":100}}}`})
	resp, err := c.Complete(t.Context(), toolConversation())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Model != "tiny-1-0501" || resp.StopReason != StopToolUse || len(resp.ToolCalls) != 1 {
		t.Fatalf("response %+v", resp)
	}
	if tc := resp.ToolCalls[0]; tc.ID != "c2" || tc.Name != "Bash" || string(tc.Arguments) != `{"command":"ls *_test.go"}` {
		t.Errorf("tool call %+v", tc)
	}
	if u := resp.Usage; u.InputTokens != 20 || u.CacheReadTokens != 100 || u.OutputTokens != 12 {
		t.Errorf("usage %+v: cached prompt tokens are counted apart", u)
	}
	r := f.requests[0]
	if r.path != "/v1/chat/completions" || r.header.Get("Authorization") != "Bearer test-key" {
		t.Errorf("sent to %s with %q", r.path, r.header.Get("Authorization"))
	}
	if r.body["model"] != "tiny-1" || r.body["temperature"] != 0.2 || r.body["max_tokens"] != 300.0 {
		t.Errorf("parameters %v", r.body)
	}
	msgs := r.body["messages"].([]any)
	want := []string{"system", "user", "assistant", "tool", "user"}
	if len(msgs) != len(want) {
		t.Fatalf("messages %v", msgs)
	}
	for i, role := range want {
		if msgs[i].(map[string]any)["role"] != role {
			t.Errorf("message %d: %v, want role %s", i, msgs[i], role)
		}
	}
	call := msgs[2].(map[string]any)["tool_calls"].([]any)[0].(map[string]any)
	if call["id"] != "c1" || call["function"].(map[string]any)["arguments"] != `{"command":"ls"}` {
		t.Errorf("tool call sent as %v (arguments are a JSON string)", call)
	}
	if tool := msgs[3].(map[string]any); tool["tool_call_id"] != "c1" || tool["content"] != "a.go b.go" {
		t.Errorf("tool result sent as %v", tool)
	}
	fn := r.body["tools"].([]any)[0].(map[string]any)["function"].(map[string]any)
	if fn["name"] != "Bash" || fn["parameters"].(map[string]any)["type"] != "object" {
		t.Errorf("tools sent as %v", r.body["tools"])
	}
}

func TestAnthropicConversationWithTools(t *testing.T) {
	c, f := newClient(t, ProviderAnthropic, "", fakeAnswer{body: `{"id":"msg_1","type":"message","role":"assistant","model":"claude-tiny",
		"content":[{"type":"text","text":"Checking."},{"type":"tool_use","id":"toolu_2","name":"Bash","input":{"command":"ls *_test.go"}}],
		"stop_reason":"tool_use","usage":{"input_tokens":30,"output_tokens":15,"cache_creation_input_tokens":5,"cache_read_input_tokens":90}}`})
	resp, err := c.Complete(t.Context(), toolConversation())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Model != "claude-tiny" || resp.Text != "Checking." || resp.StopReason != StopToolUse {
		t.Fatalf("response %+v", resp)
	}
	if len(resp.ToolCalls) != 1 || resp.ToolCalls[0].ID != "toolu_2" || string(resp.ToolCalls[0].Arguments) != `{"command":"ls *_test.go"}` {
		t.Errorf("tool calls %+v", resp.ToolCalls)
	}
	if u := resp.Usage; u.InputTokens != 30 || u.OutputTokens != 15 || u.CacheCreationTokens != 5 || u.CacheReadTokens != 90 {
		t.Errorf("usage %+v", u)
	}
	r := f.requests[0]
	if r.path != "/v1/messages" || r.header.Get("x-api-key") != "test-key" || r.header.Get("anthropic-version") != AnthropicVersion || r.header.Get("Authorization") != "" {
		t.Errorf("sent to %s with headers %v", r.path, r.header)
	}
	if r.body["system"] != "You are terse." || r.body["model"] != "tiny-1" || r.body["max_tokens"] != 300.0 || r.body["temperature"] != 0.2 {
		t.Errorf("parameters %v", r.body)
	}
	// user, assistant (text + tool_use), user (tool_result + text): the
	// tool result and the next prompt share one user turn.
	turns := r.body["messages"].([]any)
	if len(turns) != 3 {
		t.Fatalf("turns %v", turns)
	}
	asst := turns[1].(map[string]any)["content"].([]any)
	if asst[1].(map[string]any)["type"] != "tool_use" || asst[1].(map[string]any)["id"] != "c1" || asst[1].(map[string]any)["input"].(map[string]any)["command"] != "ls" {
		t.Errorf("assistant turn %v", asst)
	}
	user := turns[2].(map[string]any)
	blocks := user["content"].([]any)
	if user["role"] != "user" || len(blocks) != 2 || blocks[0].(map[string]any)["type"] != "tool_result" ||
		blocks[0].(map[string]any)["tool_use_id"] != "c1" || blocks[1].(map[string]any)["text"] != "And the tests?" {
		t.Errorf("tool result turn %v", user)
	}
	if tool := r.body["tools"].([]any)[0].(map[string]any); tool["name"] != "Bash" || tool["input_schema"] == nil {
		t.Errorf("tools %v", r.body["tools"])
	}
}

func TestAnthropicBaseURLWithV1(t *testing.T) {
	c, f := newClient(t, ProviderAnthropic, "/v1", fakeAnswer{body: `{"model":"m","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn","usage":{}}`})
	if _, err := c.Complete(t.Context(), Request{Messages: []Message{{Role: RoleUser, Content: "hi"}}}); err != nil {
		t.Fatal(err)
	}
	if f.requests[0].path != "/v1/messages" {
		t.Errorf("sent to %s", f.requests[0].path)
	}
	if f.requests[0].body["max_tokens"] != float64(DefaultMaxTokens) {
		t.Errorf("Anthropic requires max_tokens: %v", f.requests[0].body)
	}
}

var titleSchema = &Schema{Name: "session_title", Schema: json.RawMessage(`{"type":"object","additionalProperties":false,
	"required":["title","tags"],"properties":{"title":{"type":"string","maxLength":40},"tags":{"type":"array","maxItems":3,"items":{"type":"string"}}}}`)}

func TestOpenAIStructuredOutput(t *testing.T) {
	c, f := newClient(t, ProviderOpenAI, "/v1",
		fakeAnswer{body: `{"model":"tiny-1","choices":[{"message":{"content":"{\"title\":\"Fix the flaky test\",\"tags\":[\"ci\"]}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":8}}`},
		fakeAnswer{body: `{"model":"tiny-1","choices":[{"message":{"content":"Sure! The title is: Fix the flaky test"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":9}}`},
		fakeAnswer{body: `{"model":"tiny-1","choices":[{"message":{"content":"{\"title\":\"Fix the flaky test\",\"tags\":[\"ci\",1]}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":9}}`},
		fakeAnswer{body: "{\"model\":\"tiny-1\",\"choices\":[{\"message\":{\"content\":\"```json\\n{\\\"title\\\":\\\"Fenced\\\",\\\"tags\\\":[]}\\n```\"},\"finish_reason\":\"stop\"}]}"},
	)
	req := Request{Messages: []Message{{Role: RoleUser, Content: "Title this."}}, Schema: titleSchema}
	resp, err := c.Complete(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.JSON) != `{"title":"Fix the flaky test","tags":["ci"]}` {
		t.Errorf("JSON %s", resp.JSON)
	}
	rf := f.requests[0].body["response_format"].(map[string]any)
	js := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["name"] != "session_title" || js["strict"] != true || js["schema"].(map[string]any)["type"] != "object" {
		t.Errorf("response_format %v", rf)
	}

	var invalid *InvalidOutputError
	resp, err = c.Complete(t.Context(), req)
	if !errors.As(err, &invalid) || !strings.Contains(err.Error(), "not JSON") {
		t.Errorf("prose answer: %v", err)
	}
	if resp == nil || resp.Usage.OutputTokens != 9 {
		t.Errorf("an invalid answer still reports its usage: %+v", resp)
	}
	_, err = c.Complete(t.Context(), req)
	if !errors.As(err, &invalid) || !strings.Contains(err.Error(), "$.tags[1]: is a number, not string") {
		t.Errorf("schema violation: %v", err)
	}
	resp, err = c.Complete(t.Context(), req)
	if err != nil || string(resp.JSON) != `{"title":"Fenced","tags":[]}` {
		t.Errorf("fenced JSON: %v %s", err, resp.JSON)
	}
}

func TestAnthropicStructuredOutputIsAForcedTool(t *testing.T) {
	c, f := newClient(t, ProviderAnthropic, "",
		fakeAnswer{body: `{"model":"claude-tiny","content":[{"type":"tool_use","id":"toolu_1","name":"session_title","input":{"title":"Fix the flaky test","tags":["ci"]}}],
			"stop_reason":"tool_use","usage":{"input_tokens":40,"output_tokens":20}}`},
		fakeAnswer{body: `{"model":"claude-tiny","content":[{"type":"tool_use","id":"toolu_1","name":"session_title","input":{"title":"Fix the flaky test","extra":1,"tags":[]}}],
			"stop_reason":"tool_use","usage":{"input_tokens":40,"output_tokens":20}}`},
	)
	req := Request{System: "Title sessions.", Messages: []Message{{Role: RoleUser, Content: "Title this."}}, Schema: titleSchema}
	resp, err := c.Complete(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.JSON) != `{"title":"Fix the flaky test","tags":["ci"]}` || len(resp.ToolCalls) != 0 || resp.StopReason != StopEnd {
		t.Errorf("response %+v", resp)
	}
	body := f.requests[0].body
	tc := body["tool_choice"].(map[string]any)
	tool := body["tools"].([]any)[0].(map[string]any)
	if tc["type"] != "tool" || tc["name"] != "session_title" || tool["name"] != "session_title" || tool["input_schema"].(map[string]any)["required"] == nil {
		t.Errorf("forced tool %v %v", tc, tool)
	}
	var invalid *InvalidOutputError
	if _, err := c.Complete(t.Context(), req); !errors.As(err, &invalid) || !strings.Contains(err.Error(), "extra is not allowed") {
		t.Errorf("schema violation: %v", err)
	}
}

func TestProviderErrors(t *testing.T) {
	for _, tc := range []struct {
		name, provider string
		answer         fakeAnswer
		want           string
		status         int
	}{
		{"openai rate limit", ProviderOpenAI, fakeAnswer{429, `{"error":{"message":"Rate limit reached for gpt-4o","type":"requests","code":"rate_limit_exceeded"}}`},
			"the model endpoint (openai) answered 429: requests: Rate limit reached for gpt-4o", 429},
		{"anthropic overloaded", ProviderAnthropic, fakeAnswer{529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
			"the model endpoint (anthropic) answered 529: overloaded_error: Overloaded", 529},
		{"ollama string error", ProviderOpenAI, fakeAnswer{404, `{"error":"model \"llama9\" not found, try pulling it first"}`},
			`answered 404: model "llama9" not found`, 404},
		{"gateway page", ProviderOpenAI, fakeAnswer{502, `<html>Bad Gateway</html>`}, "answered 502: <html>Bad Gateway</html>", 502},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newClient(t, tc.provider, "", tc.answer)
			_, err := c.Complete(t.Context(), Request{Messages: []Message{{Role: RoleUser, Content: "hi"}}})
			var e *Error
			if !errors.As(err, &e) || e.Status != tc.status || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestTimeoutSaysSo(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	c, err := New(Config{BaseURL: srv.URL, Timeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(t.Context(), Request{Messages: []Message{{Role: RoleUser, Content: "hi"}}})
	if err == nil || !strings.Contains(err.Error(), "did not answer within 20ms") {
		t.Errorf("error %v", err)
	}
}

func TestNewChecksTheConfig(t *testing.T) {
	c, err := New(Config{BaseURL: "https://api.anthropic.com/"})
	if err != nil || c.Provider() != ProviderAnthropic || c.BaseURL() != "https://api.anthropic.com" {
		t.Errorf("anthropic guessed from its URL: %v %+v", err, c)
	}
	c, err = New(Config{BaseURL: "http://localhost:11434/v1"})
	if err != nil || c.Provider() != ProviderOpenAI {
		t.Errorf("anything else speaks OpenAI's shape: %v", err)
	}
	c, err = New(Config{Provider: "Anthropic"})
	if err != nil || c.BaseURL() != "https://api.anthropic.com" {
		t.Errorf("a provider alone uses its public API: %v", err)
	}
	for cfg, want := range map[Config]string{
		{Provider: "gemini"}:                      "BATON_LLM_PROVIDER",
		{BaseURL: "localhost:11434"}:              "BATON_LLM_BASE_URL",
		{BaseURL: "http://x", Timeout: -1}:        "BATON_LLM_TIMEOUT",
		{Provider: "openai", BaseURL: "ftp://x/"}: "BATON_LLM_BASE_URL",
	} {
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%+v) = %v, want an error naming %s", cfg, err, want)
		}
	}
	a, _ := New(Config{Provider: ProviderAnthropic})
	if _, err := a.Complete(t.Context(), Request{Messages: []Message{{Role: RoleUser, Content: "hi"}}}); err == nil || !strings.Contains(err.Error(), "BATON_LLM_MODEL") {
		t.Errorf("Anthropic without a model: %v", err)
	}
}

func TestReasoningModelsGetMaxCompletionTokens(t *testing.T) {
	c, f := newClient(t, ProviderOpenAI, "/v1", fakeAnswer{body: `{"choices":[{"message":{"content":"ok"},"finish_reason":"length"}]}`})
	resp, err := c.Complete(t.Context(), Request{Model: "gpt-5-mini", MaxTokens: 50, Messages: []Message{{Role: RoleUser, Content: "hi"}}})
	if err != nil {
		t.Fatal(err)
	}
	if f.requests[0].body["max_completion_tokens"] != 50.0 || f.requests[0].body["max_tokens"] != nil {
		t.Errorf("body %v", f.requests[0].body)
	}
	if resp.StopReason != StopMaxTokens || resp.Model != "gpt-5-mini" {
		t.Errorf("response %+v", resp)
	}
}
