package replay

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

func contextFixture() []*baton.Message {
	msgs := run(1,
		"u:List the files",
		`t:Bash|{"command":"ls"}|call_1`,
		"r:call_1|ok|a.go b.go",
		`t:WebFetch|{"url":"http://x"}|call_2`,
		"r:call_2|err|denied",
		"a:There are two files.",
		"u:Now count the lines",
	)
	msgs[1].Content = "Bash: ls" // the importers' summary line of a tool_call message
	return append([]*baton.Message{{ID: 99, Seq: 0, Role: baton.RoleSystem, Content: "recorded system"}}, msgs...)
}

func asJSON(t *testing.T, v any) []map[string]any {
	t.Helper()
	b, _ := json.Marshal(v)
	var out []map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// OpenAI Chat Completions: messages are system / user / assistant / tool;
// an assistant's tool_calls are {id, type: "function", function: {name,
// arguments}} with arguments a JSON-encoded string; a tool message carries
// the tool_call_id it answers. Tools are {type: "function", function: {name, parameters}}.
func TestOpenAIContext(t *testing.T) {
	temp, maxTok := 0.2, 512
	r := &baton.Replay{ID: "r1", Model: "gpt-4o", Temperature: &temp, MaxTokens: &maxTok, SystemPrompt: "override", ExtraContext: "extra", ToolDeny: []string{"WebFetch"}}
	c, err := Export(r, 7, contextFixture(), FormatOpenAI)
	if err != nil {
		t.Fatal(err)
	}
	req := c.Request
	if req["model"] != "gpt-4o" || req["temperature"] != 0.2 || req["max_tokens"] != 512 {
		t.Errorf("parameters %v %v %v", req["model"], req["temperature"], req["max_tokens"])
	}
	msgs := asJSON(t, req["messages"])
	roles := ""
	for _, m := range msgs {
		roles += m["role"].(string) + " "
	}
	if roles != "system user assistant tool assistant user " {
		t.Fatalf("roles = %q", roles)
	}
	if msgs[0]["content"] != "override\n\nextra" {
		t.Errorf("system = %q", msgs[0]["content"])
	}
	call := msgs[2]["tool_calls"].([]any)[0].(map[string]any)
	fn := call["function"].(map[string]any)
	if call["id"] != "call_1" || call["type"] != "function" || fn["name"] != "Bash" || fn["arguments"] != `{"command":"ls"}` {
		t.Errorf("tool call = %v", call)
	}
	if msgs[2]["content"] != nil {
		t.Errorf("assistant content with only tool calls = %v, want null", msgs[2]["content"])
	}
	if msgs[3]["tool_call_id"] != "call_1" || msgs[3]["content"] != "a.go b.go" {
		t.Errorf("tool message = %v", msgs[3])
	}
	tools := asJSON(t, req["tools"])
	if len(tools) != 1 || tools[0]["type"] != "function" || tools[0]["function"].(map[string]any)["name"] != "Bash" {
		t.Errorf("tools = %v", tools)
	}
	if c.ToolFilter.RemovedCalls != 1 || len(c.ToolFilter.RemovedTools) != 1 || c.ToolFilter.RemovedTools[0] != "WebFetch" {
		t.Errorf("filter = %+v", c.ToolFilter)
	}
}

// Anthropic Messages: system is top-level; turns alternate user /
// assistant; tool_use blocks {type, id, name, input object} sit in the
// assistant's turn and tool_result blocks {type, tool_use_id, content,
// is_error} in the next user turn; max_tokens is required.
func TestAnthropicContext(t *testing.T) {
	r := &baton.Replay{ID: "r1", Model: "claude-sonnet-4-5"}
	c, err := Export(r, 7, contextFixture(), FormatAnthropic)
	if err != nil {
		t.Fatal(err)
	}
	req := c.Request
	if req["system"] != "recorded system" || req["max_tokens"] != DefaultMaxTokens {
		t.Errorf("system %v max_tokens %v", req["system"], req["max_tokens"])
	}
	turns := asJSON(t, req["messages"])
	for i, turn := range turns {
		want := "user"
		if i%2 == 1 {
			want = "assistant"
		}
		if turn["role"] != want {
			t.Fatalf("turn %d is %v: turns must alternate starting with user", i, turn["role"])
		}
		if turn["role"] == "system" {
			t.Fatal("a system turn")
		}
	}
	// user, assistant(tool_use Bash), user(tool_result), assistant(tool_use WebFetch), user(tool_result err), assistant(text), user
	if len(turns) != 7 {
		t.Fatalf("%d turns: %v", len(turns), turns)
	}
	use := turns[1]["content"].([]any)[0].(map[string]any)
	if use["type"] != "tool_use" || use["id"] != "call_1" || use["name"] != "Bash" || use["input"].(map[string]any)["command"] != "ls" {
		t.Errorf("tool_use = %v", use)
	}
	res := turns[4]["content"].([]any)[0].(map[string]any)
	if res["type"] != "tool_result" || res["tool_use_id"] != "call_2" || res["is_error"] != true {
		t.Errorf("tool_result = %v", res)
	}
	tools := asJSON(t, req["tools"])
	if len(tools) != 2 || tools[0]["name"] != "Bash" || tools[0]["input_schema"].(map[string]any)["type"] != "object" {
		t.Errorf("tools = %v", tools)
	}
}

func TestAllowListFiltersMessagesAndTools(t *testing.T) {
	r := &baton.Replay{ID: "r1", ToolAllow: []string{"WebFetch"}}
	c, err := Export(r, 7, contextFixture(), FormatAnthropic)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(c.Request)
	if json.Valid(b) && (contains(string(b), `"Bash"`) || contains(string(b), "call_1")) {
		t.Errorf("the filtered-out Bash call or its result is in the context: %s", b)
	}
	if _, err := Export(r, 7, nil, "gemini"); baton.ErrorField(err) != "format" {
		t.Errorf("unknown format: %v", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// Recorded system messages reach both exports: the leading ones as the
// system prompt, one said later in place (OpenAI) or appended to the
// top-level system prompt (Anthropic), each said in the notes; an
// override replaces the recorded prompt and says so.
func TestSystemMessagesKeptInBothExports(t *testing.T) {
	msgs := contextFixture()
	later := &baton.Message{ID: 98, Seq: 4, Role: baton.RoleSystem, Content: "hook: the tests are slow"}
	msgs = append(msgs[:4:4], append([]*baton.Message{later}, msgs[4:]...)...)
	r := &baton.Replay{ID: "r1"}
	oa, _ := Export(r, 8, msgs, FormatOpenAI)
	sent := asJSON(t, oa.Request["messages"])
	if sent[0]["role"] != "system" || sent[0]["content"] != "recorded system" {
		t.Errorf("openai system prompt: %v", sent[0])
	}
	found := false
	for i, m := range sent {
		if m["content"] == "hook: the tests are slow" {
			found = m["role"] == "system" && i > 1
		}
	}
	if !found || !strings.Contains(strings.Join(oa.Notes, " "), "kept in place") {
		t.Errorf("openai dropped the later system message: %v %v", sent, oa.Notes)
	}
	an, _ := Export(r, 8, msgs, FormatAnthropic)
	if an.Request["system"] != "recorded system\n\nhook: the tests are slow" || !strings.Contains(strings.Join(an.Notes, " "), "top-level system prompt") {
		t.Errorf("anthropic system = %q, notes %v", an.Request["system"], an.Notes)
	}
	over, _ := Export(&baton.Replay{ID: "r1", SystemPrompt: "be brief"}, 8, msgs, FormatAnthropic)
	if over.Request["system"] != "be brief\n\nhook: the tests are slow" || !strings.Contains(strings.Join(over.Notes, " "), "override replaced") {
		t.Errorf("override: system %q, notes %v", over.Request["system"], over.Notes)
	}
}
