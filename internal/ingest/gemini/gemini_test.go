package gemini

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

const chatPath = "testdata/tmp/7f3e9a/chats/session-2025-10-18T14-57-a1b2c3d4.json"

var fileTime = time.Date(2025, 10, 17, 9, 5, 0, 0, time.UTC)

func parseOne(t *testing.T, path string) (baton.ImportDocument, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	docs, skipped, err := Parse(data, path, fileTime)
	if err != nil || len(docs) != 1 || len(skipped) != 0 {
		t.Fatalf("parse %s: %d documents, skipped %v, %v", path, len(docs), skipped, err)
	}
	return docs[0], data
}

// recordCount counts a chat recording the simple way, independently of
// the parser.
type recordCount struct {
	user, gemini, other, toolCalls int
	tokens                         int64
}

func countRecording(t *testing.T, data []byte) recordCount {
	t.Helper()
	var f struct {
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var c recordCount
	for _, m := range f.Messages {
		switch m["type"] {
		case "user":
			c.user++
		case "gemini":
			c.gemini++
		default:
			c.other++
		}
		calls, _ := m["toolCalls"].([]any)
		c.toolCalls += len(calls)
		if tok, ok := m["tokens"].(map[string]any); ok {
			c.tokens += int64(tok["total"].(float64))
		}
	}
	return c
}

func roles(msgs []baton.Message) map[baton.Role]int {
	out := map[baton.Role]int{}
	for _, m := range msgs {
		out[m.Role]++
	}
	return out
}

func tokens(msgs []baton.Message) int64 {
	var n int64
	for _, m := range msgs {
		n += m.Usage.Total()
	}
	return n
}

// TestRealChatRecording reads a chat Gemini CLI recorded (content as a
// list of parts) and checks every figure against the independent count.
func TestRealChatRecording(t *testing.T) {
	doc, data := parseOne(t, "testdata/real-kvsankar-session-01.json")
	want := countRecording(t, data)
	msgs := doc.Conversations[0].Messages
	r := roles(msgs)
	if r[baton.RoleSteward] != want.user || r[baton.RoleAssistant] != want.gemini || len(msgs) != want.user+want.gemini+want.other+want.toolCalls {
		t.Errorf("roles %v; the count says %+v", r, want)
	}
	if got := tokens(msgs); got != want.tokens || got != 4419 {
		t.Errorf("tokens %d; the recording says %d", got, want.tokens)
	}
	s := doc.Session
	if s.Source != Source || s.SourceRef != "dcbe78d3-ea75-4786-929e-d6cff0fc00ed" || s.Assistant.ModelVersion != "gemini-2.5-flash" || s.Title != "REDACTED_PROMPT" || s.Attributes[analysis.TitleSourceKey] != analysis.TitleFromPrompt {
		t.Errorf("session %+v", s)
	}
	if !s.StartedAt.Equal(time.Date(2026, 6, 5, 4, 59, 39, 932e6, time.UTC)) || s.EndedAt == nil || !s.EndedAt.Equal(time.Date(2026, 6, 5, 4, 59, 44, 839e6, time.UTC)) {
		t.Errorf("started %v, ended %v", s.StartedAt, s.EndedAt)
	}
	if a := msgs[1]; a.Thinking != "Generating Specific Response\n[REDACTED_THOUGHT]" || a.Content != "[REDACTED_ASSISTANT_TEXT]" {
		t.Errorf("answer %+v", a)
	}
}

// TestChatWithToolCalls: string content, tool calls paired with their
// results (one failed), thoughts, an info line, the CLI's own title.
func TestChatWithToolCalls(t *testing.T) {
	doc, data := parseOne(t, chatPath)
	want := countRecording(t, data)
	msgs := doc.Conversations[0].Messages
	r := roles(msgs)
	if r[baton.RoleSteward] != want.user || r[baton.RoleToolResult] != want.toolCalls || r[baton.RoleSystem] != want.other {
		t.Errorf("roles %v; the count says %+v", r, want)
	}
	if got := tokens(msgs); got != want.tokens {
		t.Errorf("tokens %d; the recording says %d", got, want.tokens)
	}
	if doc.Session.Title != "Add pytest tests for util.py" {
		t.Errorf("title %q, want the CLI's summary", doc.Session.Title)
	}
	failed := 0
	for i, m := range msgs {
		if m.Role != baton.RoleToolResult {
			continue
		}
		call := msgs[i-1]
		if m.References.RepliesTo != call.SourceID || call.ToolCalls[0].ID != m.ToolResult.ToolUseID || m.Speaker != call.ToolCalls[0].Name {
			t.Errorf("result %+v not paired with %+v", m, call)
		}
		if m.ToolResult.IsError {
			failed++
			if m.Content != "Permission denied" {
				t.Errorf("failed result content %q", m.Content)
			}
		}
	}
	if failed != 1 {
		t.Errorf("%d failed results, want 1", failed)
	}
	if msgs[1].Content != "glob: **/*.py" || msgs[1].Thinking == "" || !strings.Contains(msgs[2].Content, "Found 3 file(s)") {
		t.Errorf("tool call %+v, result %+v", msgs[1], msgs[2])
	}
}

// TestCheckpoint: a /chat save file, with no times, takes the file's time
// and pairs the function call with its response.
func TestCheckpoint(t *testing.T) {
	doc, _ := parseOne(t, "testdata/tmp/7f3e9a/checkpoint-refactor.json")
	msgs := doc.Conversations[0].Messages
	if doc.Session.SourceRef != "checkpoint:7f3e9a/refactor" || doc.Session.Title != "Split config.py into a package?" {
		t.Errorf("session %+v", doc.Session)
	}
	r := roles(msgs)
	if r[baton.RoleSteward] != 1 || r[baton.RoleSystem] != 1 || r[baton.RoleToolResult] != 1 || len(msgs) != 6 {
		t.Errorf("roles %v (%d messages)", r, len(msgs))
	}
	for _, m := range msgs {
		if !m.Timestamp.Equal(fileTime) {
			t.Errorf("message %s at %v, want the file's time", m.SourceID, m.Timestamp)
		}
		if m.Role == baton.RoleToolResult && (m.Speaker != "read_file" || !strings.Contains(m.Content, "DB_URL") || m.References.RepliesTo != "c4") {
			t.Errorf("result %+v", m)
		}
	}
}

// TestLogs: the prompt log gives one prompts-only session per session id,
// in time order.
func TestLogs(t *testing.T) {
	data, err := os.ReadFile("testdata/tmp/7f3e9a/logs.json")
	if err != nil {
		t.Fatal(err)
	}
	docs, _, err := Parse(data, "logs.json", fileTime)
	if err != nil || len(docs) != 2 {
		t.Fatalf("%d documents, %v", len(docs), err)
	}
	second := docs[1]
	if second.Session.SourceRef != "log:0d9c8b7a-0000-4000-8000-00000000cafe" || second.Session.Title != "Split config.py into a package?" {
		t.Errorf("session %+v", second.Session)
	}
	msgs := second.Conversations[0].Messages
	if len(msgs) != 2 || msgs[0].Content != "How do I split config.py into a package?" || msgs[1].ContentType != baton.ContentCommand {
		t.Errorf("messages %+v", msgs)
	}
}

func TestKind(t *testing.T) {
	for path, want := range map[string]string{
		chatPath:                                       KindChat,
		"testdata/real-kvsankar-session-01.json":       KindChat,
		"testdata/tmp/7f3e9a/logs.json":                KindLogs,
		"testdata/tmp/7f3e9a/checkpoint-refactor.json": KindCheckpoint,
	} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Kind(data); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	if Kind([]byte(`[{"type":"user","uuid":"u1","sessionId":"s","message":{}}]`)) != "" {
		t.Error("a Claude Code array taken for Gemini")
	}
}

// FuzzParse: whatever the bytes, Parse neither panics nor returns a
// message the store would refuse.
func FuzzParse(f *testing.F) {
	for _, p := range []string{chatPath, "testdata/real-kvsankar-session-01.json", "testdata/tmp/7f3e9a/logs.json", "testdata/tmp/7f3e9a/checkpoint-refactor.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _, err := Parse(data, "f.json", fileTime)
		if err != nil {
			return
		}
		for _, d := range docs {
			for _, m := range d.Conversations[0].Messages {
				if strings.IndexByte(m.Content, 0) >= 0 || !baton.ValidTime(m.Timestamp) || m.SourceID == "" || !m.Role.Valid() {
					t.Fatalf("unstorable message %+v", m)
				}
			}
		}
	})
}
