package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// census counts a rollout's lines the simple way, independently of the
// parser: response items by kind, and the last token count's total.
type census struct {
	stewardPrompts, contextBlocks, developer, assistantTexts int
	calls, outputs, reasoning                                int
	finalTotal                                               int64
}

func countRollout(t *testing.T, data []byte) census {
	t.Helper()
	var c census
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		p, _ := l["payload"].(map[string]any)
		if _, layered := l["payload"]; !layered {
			p = l // the first layout: the line is the item
		}
		switch l["type"] {
		case "event_msg":
			if p["type"] == "token_count" {
				if info, ok := p["info"].(map[string]any); ok {
					c.finalTotal = int64(info["total_token_usage"].(map[string]any)["total_tokens"].(float64))
				}
			}
			continue
		case "session_meta", "turn_context", "compacted":
			continue
		}
		switch p["type"] {
		case "message":
			text := p["content"].([]any)[0].(map[string]any)["text"].(string)
			switch p["role"] {
			case "user":
				if strings.HasPrefix(text, "<environment_context>") {
					c.contextBlocks++
				} else {
					c.stewardPrompts++
				}
			case "assistant":
				c.assistantTexts++
			default:
				c.developer++
			}
		case "function_call", "custom_tool_call":
			c.calls++
		case "function_call_output", "custom_tool_call_output":
			c.outputs++
		case "reasoning":
			c.reasoning++
		}
	}
	return c
}

func parseFile(t *testing.T, path string) (baton.ImportDocument, []LineError, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, lineErrs, err := Parse(bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	return doc, lineErrs, data
}

func byRole(msgs []baton.Message) map[baton.Role]int {
	out := map[baton.Role]int{}
	for _, m := range msgs {
		out[m.Role]++
	}
	return out
}

func totalUsage(msgs []baton.Message) int64 {
	var n int64
	for _, m := range msgs {
		n += m.Usage.Total()
	}
	return n
}

// TestRealRollout reads a rollout Codex CLI 0.135.0 wrote and checks every
// figure against the independent count.
func TestRealRollout(t *testing.T) {
	doc, lineErrs, data := parseFile(t, "testdata/real-kvsankar-session-01.jsonl")
	if len(lineErrs) != 0 {
		t.Fatalf("line errors: %v", lineErrs)
	}
	want := countRollout(t, data)
	msgs := doc.Conversations[0].Messages
	roles := byRole(msgs)
	if roles[baton.RoleSteward] != want.stewardPrompts || roles[baton.RoleAssistant] != want.assistantTexts || roles[baton.RoleSystem] != want.contextBlocks+want.developer {
		t.Errorf("roles %v; the count says %+v", roles, want)
	}
	if got := totalUsage(msgs); got != want.finalTotal || got != 22549 {
		t.Errorf("tokens %d; the last token count says %d", got, want.finalTotal)
	}
	s := doc.Session
	if s.Source != Source || s.SourceRef != "019e9625-802f-7e91-840a-cfe88d14117a" || s.Technical.WorkingDirectory != "/tmp/agent-history-real-agent/codex/workspace" ||
		s.Technical.ToolVersion != "0.135.0" || s.Assistant.ModelVersion != "gpt-5.5" || s.MessageCount != len(msgs) {
		t.Errorf("session %+v", s)
	}
	if s.Title != "REDACTED_PROMPT" || s.Attributes[analysis.TitleSourceKey] != analysis.TitleFromPrompt {
		t.Errorf("title %q (%v), want one written from the steward's first prompt, which the analysis may rewrite", s.Title, s.Attributes)
	}
	for _, m := range msgs {
		if m.Role == baton.RoleAssistant && m.Model != "gpt-5.5" {
			t.Errorf("assistant message without the turn's model: %+v", m)
		}
	}
}

// TestToolCallsPairedAndUsageCountedOnce reads a rollout with shell calls,
// a patch, reasoning and a repeated token count.
func TestToolCallsPairedAndUsageCountedOnce(t *testing.T) {
	doc, lineErrs, data := parseFile(t, "testdata/tools.jsonl")
	if len(lineErrs) != 0 {
		t.Fatalf("line errors: %v", lineErrs)
	}
	want := countRollout(t, data)
	msgs := doc.Conversations[0].Messages
	roles := byRole(msgs)
	withCalls := 0
	for _, m := range msgs {
		if len(m.ToolCalls) > 0 {
			withCalls++
		}
	}
	if withCalls != want.calls || roles[baton.RoleToolResult] != want.outputs || roles[baton.RoleSteward] != want.stewardPrompts {
		t.Errorf("roles %v; the count says %+v", roles, want)
	}
	if got := totalUsage(msgs); got != want.finalTotal {
		t.Errorf("tokens %d, want %d: each response once, the repeated count skipped", got, want.finalTotal)
	}
	calls := map[string]string{} // call id → source id
	for _, m := range msgs {
		for _, tc := range m.ToolCalls {
			calls[tc.ID] = m.SourceID
		}
	}
	failed := 0
	for _, m := range msgs {
		if m.Role != baton.RoleToolResult {
			continue
		}
		if src, ok := calls[m.ToolResult.ToolUseID]; !ok || m.References.RepliesTo != src || m.Speaker == "" {
			t.Errorf("result %s is not paired with its call: %+v", m.SourceID, m)
		}
		if m.ToolResult.IsError {
			failed++
		}
	}
	if failed != 1 {
		t.Errorf("%d failed results, want 1 (go test exited 1)", failed)
	}
	first := msgs[1] // after the environment context
	if first.Role != baton.RoleSteward || doc.Session.Title != "The cart total ignores discounts" {
		t.Errorf("first prompt %+v, title %q", first, doc.Session.Title)
	}
	var shell baton.Message
	for _, m := range msgs {
		if len(m.ToolCalls) > 0 && m.ToolCalls[0].ID == "call_A1" {
			shell = m
		}
	}
	if shell.Thinking != "**Looking for the total computation**" || !strings.HasPrefix(shell.Content, "shell: rg -n func Total cart") {
		t.Errorf("shell call %+v", shell)
	}
	if doc.Session.Branch != "fix/cart-total" || doc.Session.Technical.Repositories[0] != "git@example.org:ana/shop.git" {
		t.Errorf("branch %q, repositories %v", doc.Session.Branch, doc.Session.Technical.Repositories)
	}
}

// TestFirstLayout reads a rollout of the spring 2025 layout.
func TestFirstLayout(t *testing.T) {
	doc, lineErrs, data := parseFile(t, "testdata/legacy.jsonl")
	if len(lineErrs) != 0 {
		t.Fatalf("line errors: %v", lineErrs)
	}
	want := countRollout(t, data)
	msgs := doc.Conversations[0].Messages
	roles := byRole(msgs)
	if roles[baton.RoleSteward] != want.stewardPrompts || roles[baton.RoleToolCall]+roles[baton.RoleAssistant] != want.calls+want.assistantTexts || roles[baton.RoleToolResult] != want.outputs {
		t.Errorf("roles %v; the count says %+v", roles, want)
	}
	if doc.Session.SourceRef != "5b6a1c2e-1111-4222-8333-944455556666" || doc.Session.Branch != "main" || !doc.Session.StartedAt.Equal(msgs[0].Timestamp) {
		t.Errorf("session %+v", doc.Session)
	}
	if r := msgs[2]; r.Role != baton.RoleToolResult || !strings.Contains(r.Content, "42 total") {
		t.Errorf("tool result %+v", r)
	}
}

// TestBadLinesAreReportedAndSkipped: a broken line and an out-of-range
// time are reported by line; the rest is imported.
func TestBadLinesAreReportedAndSkipped(t *testing.T) {
	data, err := os.ReadFile("testdata/tools.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	lines[5] = `{"timestamp":"2025-11-02T09:00:07.000Z","type":"response_item","payload":` // cut short
	lines[6] = strings.Replace(lines[6], "2025-11-02T09:00:07.500Z", "10000-01-01T00:00:00Z", 1)
	doc, lineErrs, err := Parse(strings.NewReader(strings.Join(lines, "\n")), "x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(lineErrs) != 2 || lineErrs[0].Line != 6 || lineErrs[1].Line != 7 {
		t.Fatalf("line errors %v, want lines 6 and 7", lineErrs)
	}
	for i, m := range doc.Conversations[0].Messages {
		if !baton.ValidTime(m.Timestamp) || (i > 0 && m.Timestamp.Before(doc.Conversations[0].Messages[i-1].Timestamp)) {
			t.Errorf("message %d time %v", i, m.Timestamp)
		}
	}
	if _, _, err := Parse(strings.NewReader(`{"timestamp":"2025-11-02T09:00:00Z","type":"session_meta","payload":{"id":"x"}}`), "empty.jsonl"); err != ErrNoMessages {
		t.Errorf("a rollout without messages: %v", err)
	}
}

// FuzzParse: whatever the bytes, Parse neither panics nor returns a
// message the store would refuse.
func FuzzParse(f *testing.F) {
	for _, p := range []string{"testdata/tools.jsonl", "testdata/legacy.jsonl", "testdata/real-kvsankar-session-01.jsonl"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"a\\u0000b\xff\"}]}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, _, err := Parse(bytes.NewReader(data), "f.jsonl")
		if err != nil {
			return
		}
		for _, m := range doc.Conversations[0].Messages {
			if strings.IndexByte(m.Content, 0) >= 0 || !baton.ValidTime(m.Timestamp) || m.SourceID == "" || !m.Role.Valid() {
				t.Fatalf("unstorable message %+v", m)
			}
		}
	})
}
