// Package agentlog holds what the parsers of agent transcripts other than
// Claude Code (Codex CLI, Gemini CLI) share: cleaning text for storage,
// timestamps with a fallback, titles from prompts, one-line summaries of
// tool calls, and the finishing touches every imported message gets.
package agentlog

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// Clean makes text storable: valid UTF-8 and no NUL bytes (PostgreSQL
// refuses them in text).
func Clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return s
}

// CleanJSON returns raw JSON that a JSON column can hold: NUL escapes
// dropped, valid UTF-8, and null for anything that is not valid JSON.
func CleanJSON(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	if bytes.Contains(raw, []byte(`\u0000`)) {
		raw = bytes.ReplaceAll(raw, []byte(`\u0000`), nil)
	}
	if !utf8.Valid(raw) {
		raw = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
	}
	if !jsonfast.Valid(raw) {
		b, _ := json.Marshal(string(raw))
		return b
	}
	return raw
}

// Time parses an RFC 3339 timestamp. ok is false when s is empty, cannot
// be read, or is outside the years Baton stores (baton.ValidTime); the
// caller then uses the previous message's time and reports the line.
func Time(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil || !baton.ValidTime(t) {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// TitleFrom shortens a prompt into a title: its first non-empty line, at
// most 80 characters, cut at a word boundary.
func TitleFrom(s string) string {
	for _, line := range strings.Split(s, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			continue
		}
		if utf8.RuneCountInString(line) <= 80 {
			return line
		}
		r := []rune(line)[:80]
		cut := strings.LastIndexByte(string(r), ' ')
		if cut < 40 {
			return strings.TrimSpace(string(r[:79])) + "…"
		}
		return strings.TrimSpace(string(r)[:cut]) + "…"
	}
	return ""
}

// ToolSummary is a one-line description of a tool call, the content of a
// message that only calls tools: the name and its most telling argument.
func ToolSummary(name string, input json.RawMessage) string {
	// jsonfast: every tool call of every transcript is read here, some
	// with a whole file's text in their input. A malformed input keeps
	// what encoding/json reads of it, as before.
	var in map[string]json.RawMessage
	_ = jsonfast.Unmarshal(input, &in)
	for _, key := range []string{"command", "cmd", "file_path", "absolute_path", "path", "pattern", "url", "query", "description", "prompt"} {
		raw, ok := in[key]
		if !ok {
			continue
		}
		if v, err := jsonfast.String(raw); err == nil && v != "" {
			return name + ": " + TitleFrom(v)
		}
		var argv []string
		if jsonfast.Unmarshal(raw, &argv) == nil && len(argv) > 0 {
			return name + ": " + TitleFrom(strings.Join(argv, " "))
		}
	}
	return name
}

// Finish gives an imported message what every stored message needs: a
// role for an assistant turn that only calls tools, a content type, and
// content within baton.MaxContentBytes (the cut noted in its attributes).
func Finish(m *baton.Message) {
	if m.Role == baton.RoleAssistant && strings.TrimSpace(m.Content) == "" && len(m.ToolCalls) > 0 {
		lines := make([]string, len(m.ToolCalls))
		for i, tc := range m.ToolCalls {
			lines[i] = ToolSummary(tc.Name, tc.Input)
		}
		m.Content = strings.Join(lines, "\n")
		if m.Thinking == "" {
			m.Role = baton.RoleToolCall
		}
	}
	if m.ContentType == "" {
		m.ContentType = baton.ContentText
		if strings.Contains(m.Content, "```") {
			m.ContentType = baton.ContentMixed
		}
	}
	if content, dropped := baton.CapContent(m.Content); dropped > 0 {
		m.Content = content
		if m.Attributes == nil {
			m.Attributes = map[string]any{}
		}
		m.Attributes["content_truncated_bytes"] = dropped
	}
}

// SessionUsage adds up the usage of every message of a document, for the
// session's "usage" attribute.
func SessionUsage(msgs []baton.Message) baton.Usage {
	var u baton.Usage
	for i := range msgs {
		u.InputTokens += msgs[i].Usage.InputTokens
		u.OutputTokens += msgs[i].Usage.OutputTokens
		u.CacheReadTokens += msgs[i].Usage.CacheReadTokens
		u.CacheCreationTokens += msgs[i].Usage.CacheCreationTokens
	}
	return u
}

// IsContextBlock reports whether a "user" message is context the agent
// injects (environment, instructions, AGENTS.md), not the steward's words.
func IsContextBlock(text string) bool {
	t := strings.TrimSpace(text)
	for _, p := range []string{"<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<permissions instructions>", "<INSTRUCTIONS>", "<user_shell_command>", "<turn_aborted>"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}
