package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

const (
	fixtureSession = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"
	fixtureProject = "testdata/projects/-home-dev-shop"
)

// u is the uuid of line n of the fixture's main transcript.
func u(n int) string { return fmt.Sprintf("b7c1e0f2-0000-4000-8000-%012d", n) }

// parseFixture reads the fixture session with its subagent, as found by Discover.
func parseFixture(t *testing.T) (baton.ImportDocument, []LineError) {
	t.Helper()
	sessions, err := Discover(filepath.Join(fixtureProject, fixtureSession+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sessions) != 1 {
		t.Fatalf("Discover: %d sessions, want 1", len(sessions))
	}
	doc, lineErrs, err := ParseFiles(sessions[0], Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc, lineErrs
}

// index finds messages by source id across all conversations.
func index(doc baton.ImportDocument) map[string]baton.Message {
	out := map[string]baton.Message{}
	for _, c := range doc.Conversations {
		for _, m := range c.Messages {
			out[m.SourceID] = m
		}
	}
	return out
}

func conversation(t *testing.T, doc baton.ImportDocument, key string) baton.ImportConversation {
	t.Helper()
	for _, c := range doc.Conversations {
		if c.Key == key {
			return c
		}
	}
	t.Fatalf("no conversation %q", key)
	return baton.ImportConversation{}
}

func message(t *testing.T, msgs map[string]baton.Message, sourceID string) baton.Message {
	t.Helper()
	m, ok := msgs[sourceID]
	if !ok {
		t.Fatalf("no message %q", sourceID)
	}
	return m
}

func TestParseSessionFacts(t *testing.T) {
	doc, _ := parseFixture(t)
	s := doc.Session
	want := baton.Session{
		Title:     "Fix flaky Playwright login test", // the summary line whose leaf is in this transcript
		Type:      baton.SessionCode,
		Source:    "claude-code",
		SourceRef: fixtureSession,
		Branch:    "fix/login-flake",
	}
	if s.Title != want.Title || s.Type != want.Type || s.Source != want.Source || s.SourceRef != want.SourceRef || s.Branch != want.Branch {
		t.Errorf("session = %q %q %q %q %q, want %q %q %q %q %q", s.Title, s.Type, s.Source, s.SourceRef, s.Branch,
			want.Title, want.Type, want.Source, want.SourceRef, want.Branch)
	}
	if s.Technical.WorkingDirectory != "/home/dev/shop" || s.Technical.ToolVersion != "2.0.37" {
		t.Errorf("technical = %+v", s.Technical)
	}
	if s.Assistant.ModelVersion != "claude-sonnet-4-5-20250929" {
		t.Errorf("model = %q", s.Assistant.ModelVersion)
	}
	if !s.StartedAt.Equal(time.Date(2025, 11, 3, 9, 14, 0, 1e6, time.UTC)) {
		t.Errorf("started at %v", s.StartedAt)
	}
	if s.EndedAt == nil || !s.EndedAt.After(s.StartedAt) || s.DurationSeconds != int64(s.EndedAt.Sub(s.StartedAt).Seconds()) {
		t.Errorf("ended at %v, duration %d", s.EndedAt, s.DurationSeconds)
	}
	n := 0
	for _, c := range doc.Conversations {
		n += len(c.Messages)
	}
	if s.MessageCount != n {
		t.Errorf("message count %d, want %d", s.MessageCount, n)
	}
	if doc.Conversations[0].Key != MainKey || doc.Conversations[0].ParentKey != "" {
		t.Errorf("first conversation %q (parent %q), want the main one", doc.Conversations[0].Key, doc.Conversations[0].ParentKey)
	}
}

func TestMalformedLineIsReportedAndTheRestImports(t *testing.T) {
	doc, lineErrs := parseFixture(t)
	if len(lineErrs) != 1 {
		t.Fatalf("line errors = %v, want one", lineErrs)
	}
	if e := lineErrs[0]; e.Line != 36 || e.File != fixtureSession+".jsonl" {
		t.Errorf("line error at %s:%d, want %s.jsonl:36", e.File, e.Line, fixtureSession)
	}
	msgs := index(doc)
	message(t, msgs, u(31)) // the line after the broken one
	message(t, msgs, u(34)) // the last line
}

func TestSplitAssistantLinesMergeByMessageID(t *testing.T) {
	doc, _ := parseFixture(t)
	msgs := index(doc)
	// Lines 5–8 are one response (msg_01A): thinking, text, two tool_use blocks.
	m := message(t, msgs, u(5))
	if m.Role != baton.RoleAssistant {
		t.Errorf("role %q, want assistant", m.Role)
	}
	if m.Content != "I'll start by reading the test and looking for where the submit handler is attached." {
		t.Errorf("content %q", m.Content)
	}
	if !strings.HasPrefix(m.Thinking, "Flaky login tests are usually a race") {
		t.Errorf("thinking %q", m.Thinking)
	}
	if len(m.ToolCalls) != 2 || m.ToolCalls[0].ID != "toolu_01Read1" || m.ToolCalls[0].Name != "Read" || m.ToolCalls[1].Name != "Grep" {
		t.Fatalf("tool calls %+v", m.ToolCalls)
	}
	var in struct {
		FilePath string `json:"file_path"`
	}
	if err := json.Unmarshal(m.ToolCalls[0].Input, &in); err != nil || in.FilePath != "/home/dev/shop/tests/auth/login.spec.ts" {
		t.Errorf("input %s (%v)", m.ToolCalls[0].Input, err)
	}
	if m.Model != "claude-sonnet-4-5-20250929" {
		t.Errorf("model %q", m.Model)
	}
	for _, id := range []string{u(6), u(7), u(8)} {
		if _, ok := msgs[id]; ok {
			t.Errorf("line %s made its own message; it belongs to %s", id, u(5))
		}
	}
	// A response of only tool_use blocks is a tool_call message.
	call := message(t, msgs, u(12))
	if call.Role != baton.RoleToolCall || call.Content != "Bash: npx playwright test tests/auth/login.spec.ts --repeat-each=5" {
		t.Errorf("tool-only response: %q %q", call.Role, call.Content)
	}
}

func TestUsageCountedOncePerMessageID(t *testing.T) {
	doc, _ := parseFixture(t)
	msgs := index(doc)
	// msg_01A is written on four lines, each repeating the usage.
	want := baton.Usage{InputTokens: 10, OutputTokens: 412, CacheReadTokens: 12034, CacheCreationTokens: 5120}
	if got := message(t, msgs, u(5)).Usage; got != want {
		t.Errorf("usage of msg_01A = %+v, want %+v", got, want)
	}
	var total baton.Usage
	responses := 0
	for _, m := range msgs {
		if m.Usage != (baton.Usage{}) {
			responses++
			total.InputTokens += m.Usage.InputTokens
			total.OutputTokens += m.Usage.OutputTokens
			total.CacheReadTokens += m.Usage.CacheReadTokens
			total.CacheCreationTokens += m.Usage.CacheCreationTokens
		}
	}
	// 10 responses in the main transcript, 1 in the sidechain, 2 in the subagent.
	if responses != 13 {
		t.Errorf("%d messages with usage, want 13", responses)
	}
	got, ok := doc.Session.Attributes["usage"].(baton.Usage)
	if !ok || got != total {
		t.Errorf("session usage %+v, want %+v", doc.Session.Attributes["usage"], total)
	}
	if total.OutputTokens != 412+96+688+71+203+150+260+58+320+30+40+90+20 {
		t.Errorf("output tokens %d: some response counted more than once", total.OutputTokens)
	}
}

func TestToolResultsPairWithTheirCalls(t *testing.T) {
	doc, _ := parseFixture(t)
	msgs := index(doc)
	tests := []struct {
		sourceID, tool, repliesTo string
		isError                   bool
		content                   string
	}{
		{u(9) + ":toolu_01Read1", "Read", u(5), false, "     1→import { test, expect } from '@playwright/test';"},
		{u(10) + ":toolu_01Grep1", "Grep", u(5), false, "Found 2 files"},
		{u(13) + ":toolu_01Bash1", "Bash", u(12), true, "Exit code 1"},
		// <tool_use_error> marks an error even where the text is all there is.
		{u(17) + ":toolu_01Edit1", "Edit", u(14), true, "File has been modified since read"},
		{u(21) + ":toolu_01Edit2", "Edit", u(20), false, "The file /home/dev/shop/tests/auth/login.spec.ts has been updated."},
	}
	for _, tt := range tests {
		m := message(t, msgs, tt.sourceID)
		toolUseID := tt.sourceID[strings.Index(tt.sourceID, ":")+1:]
		if m.Role != baton.RoleToolResult || m.ToolResult == nil || m.ToolResult.ToolUseID != toolUseID || m.ToolResult.IsError != tt.isError {
			t.Errorf("%s: role %q result %+v, want tool_result for %s error=%v", tt.sourceID, m.Role, m.ToolResult, toolUseID, tt.isError)
		}
		if m.Speaker != tt.tool || m.References.RepliesTo != tt.repliesTo {
			t.Errorf("%s: speaker %q replies to %q, want %q %q", tt.sourceID, m.Speaker, m.References.RepliesTo, tt.tool, tt.repliesTo)
		}
		if !strings.HasPrefix(m.Content, tt.content) {
			t.Errorf("%s: content %q", tt.sourceID, m.Content)
		}
		if strings.Contains(m.Content, "tool_use_error") {
			t.Errorf("%s: content keeps the error tags: %q", tt.sourceID, m.Content)
		}
	}
	// The message that asked for tools stays an assistant message with its calls.
	if m := message(t, msgs, u(14)); m.Role != baton.RoleAssistant || len(m.ToolCalls) != 1 || m.ContentType != baton.ContentMixed {
		t.Errorf("assistant with text, code and a call: %q %q %d calls", m.Role, m.ContentType, len(m.ToolCalls))
	}
}

func TestThinkingWithOnlyASignature(t *testing.T) {
	doc, _ := parseFixture(t)
	m := message(t, index(doc), u(14))
	if m.Thinking != "(thinking redacted)" {
		t.Errorf("thinking %q, want the redaction marker", m.Thinking)
	}
}

func TestToolUseResultShapesAreKept(t *testing.T) {
	doc, _ := parseFixture(t)
	msgs := index(doc)
	attr := func(sourceID string) map[string]any {
		t.Helper()
		v, ok := message(t, msgs, sourceID).Attributes["tool_use_result"].(map[string]any)
		if !ok {
			t.Fatalf("%s: tool_use_result = %#v", sourceID, message(t, msgs, sourceID).Attributes["tool_use_result"])
		}
		return v
	}
	read := attr(u(9) + ":toolu_01Read1")
	file, _ := read["file"].(map[string]any)
	if file["filePath"] != "/home/dev/shop/tests/auth/login.spec.ts" || file["numLines"] != float64(9) {
		t.Errorf("Read: %v", read)
	}
	if _, ok := file["content"]; ok {
		t.Error("Read: the file text is kept twice")
	}
	edit := attr(u(21) + ":toolu_01Edit2")
	if edit["oldString"] != "  await page.click('text=Sign in');" || edit["structuredPatch"] == nil || edit["filePath"] == nil {
		t.Errorf("Edit: %v", edit)
	}
	if _, ok := edit["originalFile"]; ok {
		t.Error("Edit: the original file is kept")
	}
	write := attr(u(32) + ":toolu_01Write1")
	if write["type"] != "create" || write["filePath"] != "/home/dev/shop/tests/support/ready.ts" {
		t.Errorf("Write: %v", write)
	}
	todo := attr(u(23) + ":toolu_01Todo1")
	if len(todo["newTodos"].([]any)) != 2 || len(todo["oldTodos"].([]any)) != 2 {
		t.Errorf("TodoWrite: %v", todo)
	}
	bash := attr("c4d5e6f7-0000-4000-8000-000000000003:toolu_02Bash1")
	if bash["stdout"] != "Running 20 tests using 2 workers\n  20 passed (41.2s)" || bash["interrupted"] != false {
		t.Errorf("Bash: %v", bash)
	}
	// A failed tool's result is a plain string.
	if got := message(t, msgs, u(13)+":toolu_01Bash1").Attributes["tool_use_result"]; got != "Error: Exit code 1\nRunning 5 tests using 2 workers\n  4 passed\n  1 failed" {
		t.Errorf("Bash error: %#v", got)
	}
}

func TestSidechainAndSubagentAreChildConversations(t *testing.T) {
	doc, _ := parseFixture(t)
	if len(doc.Conversations) != 3 {
		t.Fatalf("%d conversations, want main, sidechain, subagent", len(doc.Conversations))
	}
	// Sidechain lines written into the main transcript, with no parent: they
	// branch after the last main message before them (the Task call).
	side := conversation(t, doc, "sidechain:"+u(40))
	if side.Kind != baton.ConversationSidechain || side.ParentKey != MainKey || side.ForkAfterSourceID != u(24) {
		t.Errorf("sidechain: kind %q parent %q after %q", side.Kind, side.ParentKey, side.ForkAfterSourceID)
	}
	if len(side.Messages) != 2 || side.Messages[0].Role != baton.RoleSteward || side.Messages[1].Model != "claude-haiku-4-5-20251001" {
		t.Errorf("sidechain messages: %+v", side.Messages)
	}
	// The subagent file: linked to the Task call through the result's agentId.
	agent := conversation(t, doc, "agent:a1b2c3d")
	if agent.Kind != baton.ConversationSidechain || agent.ParentKey != MainKey || agent.ForkAfterSourceID != u(24) {
		t.Errorf("subagent: kind %q parent %q after %q", agent.Kind, agent.ParentKey, agent.ForkAfterSourceID)
	}
	if agent.Title != "Run the auth suite 20 times" {
		t.Errorf("subagent title %q, want the Task description", agent.Title)
	}
	if len(agent.Messages) != 4 || agent.Messages[1].Role != baton.RoleToolCall || agent.Messages[2].Role != baton.RoleToolResult {
		t.Errorf("subagent messages: %d", len(agent.Messages))
	}
	for _, m := range conversation(t, doc, MainKey).Messages {
		if m.SourceID == u(40) || m.SourceID == u(41) {
			t.Errorf("sidechain line %s is in the main conversation", m.SourceID)
		}
	}
}

func TestCompactionSlashCommandsAndMetaLines(t *testing.T) {
	doc, _ := parseFixture(t)
	msgs := index(doc)
	tests := []struct {
		sourceID    string
		role        baton.Role
		contentType string
		content     string
		event       string
	}{
		{u(1), baton.RoleSystem, baton.ContentCommand, "Caveat: The messages below were generated by the user", "meta"},
		{u(2), baton.RoleSteward, baton.ContentCommand, "/model sonnet", "slash_command"},
		{u(3), baton.RoleSystem, baton.ContentCommand, "Set model to sonnet (claude-sonnet-4-5-20250929)", "command_output"},
		{u(28), baton.RoleSystem, baton.ContentText, "Conversation compacted", "compact_boundary"},
		{u(29), baton.RoleSystem, baton.ContentText, "This session is being continued", "compact_summary"},
		{u(34), baton.RoleSystem, baton.ContentText, "[Request interrupted by user]", "interrupted"},
	}
	for _, tt := range tests {
		m := message(t, msgs, tt.sourceID)
		if m.Role != tt.role || m.ContentType != tt.contentType || !strings.HasPrefix(m.Content, tt.content) || m.Attributes["event"] != tt.event {
			t.Errorf("%s: %q %q %q event %v; want %q %q %q event %q", tt.sourceID, m.Role, m.ContentType, m.Content, m.Attributes["event"],
				tt.role, tt.contentType, tt.content, tt.event)
		}
	}
	cmd := message(t, msgs, u(2))
	if cmd.Attributes["command"] != "/model" || cmd.Attributes["command_args"] != "sonnet" {
		t.Errorf("command attributes %v", cmd.Attributes)
	}
	boundary := message(t, msgs, u(28))
	if boundary.Attributes["trigger"] != "manual" || boundary.Attributes["pre_tokens"] != int64(48211) || boundary.References.RepliesTo != u(26) {
		t.Errorf("compact boundary %v, replies to %q", boundary.Attributes, boundary.References.RepliesTo)
	}
}

func TestUnknownLineTypesAreCountedNotFailed(t *testing.T) {
	doc, lineErrs := parseFixture(t)
	events, _ := doc.Session.Attributes["events"].(map[string]int)
	want := map[string]int{"file-history-snapshot": 1, "queue-operation": 1, "progress": 1, "x-future-thing": 1}
	for k, v := range want {
		if events[k] != v {
			t.Errorf("events[%q] = %d, want %d (all: %v)", k, events[k], v, events)
		}
	}
	for _, e := range lineErrs {
		if e.Line != 36 {
			t.Errorf("unexpected line error %v", e)
		}
	}
	// The Grep result's child is a progress line; the next response still
	// replies to the message before it.
	if m := message(t, index(doc), u(12)); m.References.RepliesTo != u(10)+":toolu_01Grep1" {
		t.Errorf("replies to %q through a progress line", m.References.RepliesTo)
	}
}

func TestSourceIDsAreUniqueAndStableWhenTheTranscriptGrows(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(fixtureProject, fixtureSession+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	full, _, err := Parse(bytes.NewReader(data), fixtureSession+".jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]bool{}
	for _, c := range full.Conversations {
		for _, m := range c.Messages {
			if all[m.SourceID] {
				t.Errorf("source id %q twice", m.SourceID)
			}
			all[m.SourceID] = true
		}
	}
	// Cut the transcript after every line, even inside a split response:
	// every message of the shorter transcript is in the longer one.
	lines := bytes.SplitAfter(data, []byte("\n"))
	for n := 1; n < len(lines); n++ {
		prefix := bytes.Join(lines[:n], nil)
		doc, _, err := Parse(bytes.NewReader(prefix), fixtureSession+".jsonl", Options{})
		if errors.Is(err, ErrNoMessages) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		for _, c := range doc.Conversations {
			for _, m := range c.Messages {
				if !all[m.SourceID] {
					t.Errorf("after %d lines: source id %q is not in the full transcript", n, m.SourceID)
				}
			}
		}
	}
}

// jl joins transcript lines written as Go values.
func jl(t *testing.T, lines ...any) io.Reader {
	t.Helper()
	var buf bytes.Buffer
	for _, l := range lines {
		switch l := l.(type) {
		case string:
			buf.WriteString(l)
		default:
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(b)
		}
		buf.WriteByte('\n')
	}
	return &buf
}

type obj = map[string]any

func userLine(uuid, parent, ts string, content any) obj {
	var p any
	if parent != "" {
		p = parent
	}
	return obj{"type": "user", "uuid": uuid, "parentUuid": p, "timestamp": ts, "sessionId": "s1", "isSidechain": false,
		"message": obj{"role": "user", "content": content}}
}

func assistantLine(uuid, parent, ts, msgID string, block obj, usage obj) obj {
	return obj{"type": "assistant", "uuid": uuid, "parentUuid": parent, "timestamp": ts, "sessionId": "s1", "isSidechain": false,
		"message": obj{"id": msgID, "role": "assistant", "model": "claude-opus-4-5-20251101", "content": []any{block}, "usage": usage}}
}

func text(s string) obj { return obj{"type": "text", "text": s} }

func TestSidechainBranchesFromItsParentMessage(t *testing.T) {
	side := userLine("s1", "m1", "2025-01-01T10:00:05Z", "Look at the tests")
	side["isSidechain"] = true
	sideReply := assistantLine("s2", "s1", "2025-01-01T10:00:06Z", "msg_s", text("They pass."), nil)
	sideReply["isSidechain"] = true
	doc, lineErrs, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "Start"),
		assistantLine("m2", "m1", "2025-01-01T10:00:01Z", "msg_1", text("Starting."), nil),
		userLine("m3", "m2", "2025-01-01T10:00:02Z", "Go on"),
		side, sideReply,
	), "s1.jsonl", Options{})
	if err != nil || len(lineErrs) > 0 {
		t.Fatal(err, lineErrs)
	}
	c := conversation(t, doc, "sidechain:s1")
	if c.ParentKey != MainKey || c.ForkAfterSourceID != "m1" {
		t.Errorf("sidechain forks after %q, want its parent line m1", c.ForkAfterSourceID)
	}
	if len(c.Messages) != 2 || c.Messages[1].References.RepliesTo != "s1" {
		t.Errorf("sidechain messages %+v", c.Messages)
	}
	if doc.Session.SourceRef != "s1" {
		t.Errorf("source ref %q from the lines' sessionId", doc.Session.SourceRef)
	}
}

func TestSubagentWithoutLinkIsPlacedByTime(t *testing.T) {
	main := jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "Start"),
		assistantLine("m2", "m1", "2025-01-01T10:00:01Z", "msg_1", text("Starting."), nil),
		userLine("m3", "m2", "2025-01-01T10:05:00Z", "Later"),
	)
	sub := userLine("a1", "", "2025-01-01T10:02:00Z", "Sub task")
	sub["isSidechain"] = true
	doc, _, err := Parse(main, "s.jsonl", Options{Subagents: map[string]io.Reader{"agent-zz9.jsonl": jl(t, sub)}})
	if err != nil {
		t.Fatal(err)
	}
	c := conversation(t, doc, "agent:zz9")
	if c.ParentKey != MainKey || c.ForkAfterSourceID != "m2" || c.Title != "Sub task" {
		t.Errorf("subagent: parent %q after %q title %q; want main after m2", c.ParentKey, c.ForkAfterSourceID, c.Title)
	}
}

func TestTitles(t *testing.T) {
	prompt := userLine("m1", "", "2025-01-01T10:00:00Z", "<command-name>/clear</command-name>")
	real := userLine("m2", "m1", "2025-01-01T10:00:01Z", "Please   refactor the payment module so that every provider implements one interface and the retry logic lives in one place")
	tests := []struct {
		name  string
		extra []any
		want  string
	}{
		{"first real prompt, written as a title", nil, "Refactor the payment module"},
		{"summary of this transcript", []any{obj{"type": "summary", "summary": "Payment refactor", "leafUuid": "m2"}}, "Payment refactor"},
		{"a summary whose leaf is elsewhere names another conversation", []any{obj{"type": "summary", "summary": "Old session", "leafUuid": "elsewhere"}}, "Refactor the payment module"},
		{"a summary whose leaf is here beats one whose leaf is not", []any{obj{"type": "summary", "summary": "Payment refactor", "leafUuid": "m2"}, obj{"type": "summary", "summary": "Old session", "leafUuid": "elsewhere"}}, "Payment refactor"},
		{"ai-title beats summary", []any{obj{"type": "summary", "summary": "Payment refactor", "leafUuid": "m2"}, obj{"type": "ai-title", "aiTitle": "Refactor payments", "sessionId": "s1"}}, "Refactor payments"},
		{"custom title beats all", []any{obj{"type": "ai-title", "aiTitle": "Refactor payments"}, obj{"type": "custom-title", "customTitle": "PAY-12"}}, "PAY-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := append([]any{prompt, real}, tt.extra...)
			doc, _, err := Parse(jl(t, lines...), "s.jsonl", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if doc.Session.Title != tt.want || doc.Conversations[0].Title != tt.want {
				t.Errorf("title %q, want %q", doc.Session.Title, tt.want)
			}
		})
	}
}

func TestUsageOfOneResponseOnManyLines(t *testing.T) {
	usage := obj{"input_tokens": 3, "output_tokens": 7, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 20}
	final := obj{"input_tokens": 3, "output_tokens": 250, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 20}
	doc, _, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "Go"),
		assistantLine("a1", "m1", "2025-01-01T10:00:01Z", "msg_1", obj{"type": "thinking", "thinking": "hmm", "signature": "x"}, usage),
		assistantLine("a2", "a1", "2025-01-01T10:00:02Z", "msg_1", text("Done."), usage),
		assistantLine("a3", "a2", "2025-01-01T10:00:03Z", "msg_1", obj{"type": "tool_use", "id": "t1", "name": "Bash", "input": obj{"command": "ls"}}, final),
		assistantLine("b1", "a3", "2025-01-01T10:00:04Z", "msg_2", text("Next."), usage),
	), "s.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	msgs := doc.Conversations[0].Messages
	if len(msgs) != 3 {
		t.Fatalf("%d messages, want 3", len(msgs))
	}
	if got, want := msgs[1].Usage, (baton.Usage{InputTokens: 3, OutputTokens: 250, CacheReadTokens: 100, CacheCreationTokens: 20}); got != want {
		t.Errorf("usage %+v, want %+v (once, with the final output count)", got, want)
	}
	total := doc.Session.Attributes["usage"].(baton.Usage)
	if total != (baton.Usage{InputTokens: 6, OutputTokens: 257, CacheReadTokens: 200, CacheCreationTokens: 40}) {
		t.Errorf("session usage %+v", total)
	}
	if !msgs[1].Timestamp.Equal(time.Date(2025, 1, 1, 10, 0, 1, 0, time.UTC)) {
		t.Errorf("merged message time %v, want its first line's", msgs[1].Timestamp)
	}
}

func TestToolResultBlocksAndImages(t *testing.T) {
	doc, _, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", []any{text("What is on this screen?"), obj{"type": "image", "source": obj{"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}}),
		assistantLine("a1", "m1", "2025-01-01T10:00:01Z", "msg_1", obj{"type": "tool_use", "id": "t1", "name": "mcp__browser__snapshot", "input": obj{}}, nil),
		userLine("r1", "a1", "2025-01-01T10:00:02Z", []any{obj{"type": "tool_result", "tool_use_id": "t1", "content": []any{text("Page title: Login"), obj{"type": "image", "source": obj{"type": "base64", "media_type": "image/jpeg", "data": "/9j/"}}}}}),
	), "s.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	msgs := doc.Conversations[0].Messages
	if msgs[0].Content != "What is on this screen?\n\n[image: image/png]" || msgs[0].ContentType != baton.ContentMixed {
		t.Errorf("prompt with image: %q %q", msgs[0].Content, msgs[0].ContentType)
	}
	if msgs[2].Content != "Page title: Login\n\n[image: image/jpeg]" || msgs[2].Speaker != "mcp__browser__snapshot" {
		t.Errorf("result with image: %q from %q", msgs[2].Content, msgs[2].Speaker)
	}
}

// An editor extension sends one prompt in pieces: a mention of a file as
// a block of its own, the words typed after it, and the file it attached.
// The pieces that meet mid-line are one line again; the attached file
// stays a paragraph of its own.
func TestPromptPiecesMeetingMidLineAreOneLine(t *testing.T) {
	doc, _, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", []any{
			text("[@notes.md](file:///home/dev/notes.md)"), text(" holds the release checklist. Shorten it to "),
			text("[@plan.md](file:///home/dev/plan.md)"), text(" size."),
			text("\n<context ref=\"file:///home/dev/notes.md\">\n# Checklist\n</context>"),
		}),
	), "s.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "[@notes.md](file:///home/dev/notes.md) holds the release checklist. Shorten it to [@plan.md](file:///home/dev/plan.md) size." +
		"\n\n\n<context ref=\"file:///home/dev/notes.md\">\n# Checklist\n</context>"
	if got := doc.Conversations[0].Messages[0].Content; got != want {
		t.Errorf("prompt\n got %q\nwant %q", got, want)
	}
}

func TestNULBytesAreStripped(t *testing.T) {
	doc, _, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "bad\u0000byte"),
		assistantLine("a1", "m1", "2025-01-01T10:00:01Z", "msg_1", obj{"type": "tool_use", "id": "t1", "name": "Write", "input": obj{"content": "a\u0000b"}}, nil),
	), "s.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range doc.Conversations[0].Messages {
		if strings.Contains(m.Content, "\x00") {
			t.Errorf("NUL in content %q", m.Content)
		}
		for _, tc := range m.ToolCalls {
			if bytes.Contains(tc.Input, []byte(`\u0000`)) || !json.Valid(tc.Input) {
				t.Errorf("NUL in input %s", tc.Input)
			}
		}
	}
}

func TestStoreLimitsAreKept(t *testing.T) {
	huge := strings.Repeat("é", 700_000) // 1.4 MB of output
	long := strings.Repeat("Make the title longer. ", 40)
	doc, _, err := Parse(jl(t,
		obj{"type": "custom-title", "customTitle": long},
		userLine("m1", "", "2025-01-01T10:00:00Z", "Go"),
		assistantLine("a1", "m1", "2025-01-01T10:00:01Z", "msg_1", obj{"type": "tool_use", "id": "t1", "name": "Bash", "input": obj{"command": "cat big.log"}}, nil),
		userLine(strings.Repeat("u", 600), "a1", "2025-01-01T10:00:02Z", []any{obj{"type": "tool_result", "tool_use_id": "t1", "content": huge}}),
	), "s.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(doc.Session.Title); n > 500 || !utf8.ValidString(doc.Session.Title) {
		t.Errorf("title of %d bytes", n)
	}
	res := doc.Conversations[0].Messages[2]
	if len(res.Content) > 1<<20 || !utf8.ValidString(res.Content) || !strings.HasSuffix(res.Content, "bytes]") || res.Attributes["truncated_bytes"] == nil {
		t.Errorf("result of %d bytes, attributes %v", len(res.Content), res.Attributes)
	}
	if len(res.SourceID) > 500 {
		t.Errorf("source id of %d bytes", len(res.SourceID))
	}
}

func TestLongLineIsReportedAndSkipped(t *testing.T) {
	long := userLine("m2", "m1", "2025-01-01T10:00:01Z", strings.Repeat("x", 4000))
	doc, lineErrs, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "short"),
		long,
		"",
		"[1,2,3]",
		userLine("m3", "m1", "2025-01-01T10:00:02Z", "after"),
	), "s.jsonl", Options{MaxLineBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(lineErrs) != 2 || lineErrs[0].Line != 2 || !errors.Is(lineErrs[0], errLineTooLong) || lineErrs[1].Line != 4 {
		t.Errorf("line errors %v, want line 2 too long and line 4 not an object", lineErrs)
	}
	if n := len(doc.Conversations[0].Messages); n != 2 {
		t.Errorf("%d messages, want 2", n)
	}
}

func TestLinesLongerThanTheReadBuffer(t *testing.T) {
	big := userLine("m2", "m1", "2025-01-01T10:00:01Z", strings.Repeat("y", 3<<20))
	doc, lineErrs, err := Parse(jl(t,
		userLine("m1", "", "2025-01-01T10:00:00Z", "short"),
		big,
		userLine("m3", "m2", "2025-01-01T10:00:02Z", strings.Repeat("z", 2<<20)),
		userLine("m4", "m3", "2025-01-01T10:00:03Z", "end"),
	), "s.jsonl", Options{MaxLineBytes: 5 << 19})
	if err != nil {
		t.Fatal(err)
	}
	if len(lineErrs) != 1 || lineErrs[0].Line != 2 || !errors.Is(lineErrs[0], errLineTooLong) {
		t.Errorf("line errors %v, want line 2 too long", lineErrs)
	}
	msgs := doc.Conversations[0].Messages
	if got := sourceIDs(msgs); strings.Join(got, ",") != "m1,m3,m4" || !strings.HasPrefix(msgs[1].Content, "zzzz") {
		t.Errorf("messages %v", got)
	}
}

func sourceIDs(msgs []baton.Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.SourceID
	}
	return out
}

func TestTranscriptWithoutMessages(t *testing.T) {
	_, _, err := Parse(jl(t,
		obj{"type": "summary", "summary": "Something", "leafUuid": "x"},
		obj{"type": "file-history-snapshot", "messageId": "x", "snapshot": obj{}},
	), "s.jsonl", Options{})
	if !errors.Is(err, ErrNoMessages) || baton.ErrorCode(err) != baton.EINVALID {
		t.Errorf("err = %v, want ErrNoMessages", err)
	}
}

func TestDiscover(t *testing.T) {
	t.Run("projects folder", func(t *testing.T) {
		sessions, err := Discover("testdata/projects")
		if err != nil {
			t.Fatal(err)
		}
		if len(sessions) != 2 {
			t.Fatalf("%d sessions, want 2: %+v", len(sessions), sessions)
		}
		sf := sessions[1]
		if sf.SessionID != fixtureSession || sf.Project != "-home-dev-shop" {
			t.Errorf("session %+v", sf)
		}
		want := []string{filepath.Join(fixtureProject, fixtureSession, "subagents", "agent-a1b2c3d.jsonl")}
		if len(sf.Subagents) != 1 || sf.Subagents[0] != want[0] {
			t.Errorf("subagents %v, want %v (compaction agents left out)", sf.Subagents, want)
		}
	})
	t.Run("project folder", func(t *testing.T) {
		sessions, err := Discover(fixtureProject)
		if err != nil || len(sessions) != 2 {
			t.Fatalf("%d sessions, err %v", len(sessions), err)
		}
	})
	t.Run("older agent files next to the sessions", func(t *testing.T) {
		dir := t.TempDir()
		write := func(name, content string) {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("11111111-2222-4333-8444-555555555555.jsonl", `{"type":"user","sessionId":"11111111-2222-4333-8444-555555555555"}`+"\n")
		write("agent-0c0ffee0.jsonl", `{"type":"user","isSidechain":true,"agentId":"0c0ffee0","sessionId":"11111111-2222-4333-8444-555555555555"}`+"\n")
		write("agent-deadbeef.jsonl", `{"type":"user","isSidechain":true,"sessionId":"99999999-2222-4333-8444-555555555555"}`+"\n")
		sessions, err := Discover(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(sessions) != 2 || len(sessions[0].Subagents) != 1 || filepath.Base(sessions[0].Subagents[0]) != "agent-0c0ffee0.jsonl" {
			t.Errorf("sessions %+v: the agent file belongs to its session; the orphan is its own", sessions)
		}
	})
	t.Run("not a transcript", func(t *testing.T) {
		if _, err := Discover(filepath.Join(fixtureProject, fixtureSession, "tool-results", "toolu_01Read1.txt")); err == nil {
			t.Error("a .txt file was accepted")
		}
	})
}

// A session that switched branches carries on on the last one: that is the
// session's branch (the next session's bridge is chosen by it); a detached
// HEAD and lines without a branch change nothing.
func TestSessionBranchIsTheLastOneWorkedOn(t *testing.T) {
	line := func(uuid, parent, branch, text string) string {
		b, _ := json.Marshal(map[string]any{"type": "user", "uuid": uuid, "parentUuid": parent, "sessionId": "s-branch",
			"timestamp": "2026-02-21T05:18:59.416Z", "gitBranch": branch, "cwd": "/work/app",
			"message": map[string]any{"role": "user", "content": text}})
		return string(b)
	}
	doc, _, err := Parse(strings.NewReader(strings.Join([]string{
		line("u1", "", "feat/old", "Start here."),
		line("u2", "u1", "main", "Switch to main."),
		line("u3", "u2", "feat/sharing", "Now on the new branch."),
		line("u4", "u3", "HEAD", "Detached for a moment."),
		line("u5", "u4", "", "No branch recorded."),
	}, "\n")), "s-branch.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Session.Branch != "feat/sharing" {
		t.Errorf("branch = %q, want the last one worked on", doc.Session.Branch)
	}
}
