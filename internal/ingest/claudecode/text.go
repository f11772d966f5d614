package claudecode

import (
	"bytes"
	"encoding/json"
	"github.com/baton-dev/baton/internal/analysis"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	fastjson "github.com/segmentio/encoding/json"
)

// clean removes NUL bytes, which PostgreSQL refuses in text.
func clean(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "")
}

// cleanJSON returns raw JSON without escaped NULs and with valid UTF-8, so
// it can be stored in a JSON column as it is.
func cleanJSON(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	if !bytes.Contains(raw, []byte(`\u0000`)) && utf8.Valid(raw) {
		return raw
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	out, err := json.Marshal(cleanValue(v))
	if err != nil {
		return nil
	}
	return out
}

// maxAttrString caps one string kept in a message's attributes; the full
// text is in the message content.
const maxAttrString = 32 << 10

// cleanValue strips NULs from every string of a decoded JSON value and
// shortens very long strings.
func cleanValue(v any) any {
	switch v := v.(type) {
	case string:
		s := clean(v)
		if len(s) > maxAttrString {
			cut := maxAttrString
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			s = s[:cut] + "…[truncated]"
		}
		return s
	case []any:
		for i := range v {
			v[i] = cleanValue(v[i])
		}
		return v
	case map[string]any:
		for k, x := range v {
			v[k] = cleanValue(x)
		}
		return v
	}
	return v
}

// between returns the text between <tag> and </tag> in s.
func between(s, tag string) (string, bool) {
	open := "<" + tag + ">"
	i := strings.Index(s, open)
	if i < 0 {
		return "", false
	}
	rest := s[i+len(open):]
	j := strings.Index(rest, "</"+tag+">")
	if j < 0 {
		return strings.TrimSpace(rest), true
	}
	return strings.TrimSpace(rest[:j]), true
}

// command is what a user line written by Claude Code itself says: a slash
// command, its output, or a shell command typed with "!".
type command struct {
	content string
	event   string
	steward bool // typed by the steward, not produced by the tool
	name    string
	args    string
}

// parseCommand recognises the tagged lines Claude Code writes for slash
// commands and shell commands.
func parseCommand(s string) (command, bool) {
	if !strings.Contains(s, "<") {
		return command{}, false
	}
	if name, ok := between(s, "command-name"); ok {
		args, _ := between(s, "command-args")
		if name == "" {
			name, _ = between(s, "command-message")
			if name != "" && !strings.HasPrefix(name, "/") {
				name = "/" + name
			}
		}
		return command{content: strings.TrimSpace(name + " " + args), event: "slash_command", steward: true, name: name, args: args}, true
	}
	if in, ok := between(s, "bash-input"); ok {
		return command{content: "!" + in, event: "shell_command", steward: true}, true
	}
	out, okOut := between(s, "local-command-stdout")
	errText, okErr := between(s, "local-command-stderr")
	if okOut || okErr {
		return command{content: stripANSI(joinNonEmpty("\n", out, errText)), event: "command_output"}, true
	}
	out, okOut = between(s, "bash-stdout")
	errText, okErr = between(s, "bash-stderr")
	if okOut || okErr {
		return command{content: stripANSI(joinNonEmpty("\n", out, errText)), event: "shell_output"}, true
	}
	return command{}, false
}

func joinNonEmpty(sep string, parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	return b.String()
}

// appendPromptText appends a text block of the steward's prompt. An
// editor extension sends one prompt in pieces — a file mention as a
// block of its own, then " is the template …" — and a piece that starts
// or ends mid-line (a space at the seam) continues the line; any other
// block is a paragraph of its own, as appendText makes it.
func appendPromptText(dst, s string) string {
	if dst != "" && s != "" && (strings.HasPrefix(s, " ") || strings.HasSuffix(dst, " ")) {
		return dst + s
	}
	return appendText(dst, s)
}

// appendText joins message parts with a blank line.
func appendText(dst, s string) string {
	if s == "" {
		return dst
	}
	if dst == "" {
		return s
	}
	return dst + "\n\n" + s
}

// titleFrom shortens a prompt into a title: one line, at most 80 runes.
func titleFrom(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:79])) + "…"
}

// isTitleCandidate reports whether a steward prompt is worth naming the
// session after: not a tool-generated line, and a subject of two words or
// more once markup, commands and paths are gone ("hello" is not).
func isTitleCandidate(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasPrefix(s, "[Request interrupted") {
		return false
	}
	t := analysis.Title(s)
	return len(strings.Fields(t)) >= 2 || utf8.RuneCountInString(t) >= 4 && strings.ContainsFunc(t, func(r rune) bool { return r >= 0x3040 })
}

// builtinCommands are Claude Code's own slash commands: their arguments
// (a new name, a model) are not the steward's prompt.
var builtinCommands = map[string]bool{
	"clear": true, "rename": true, "model": true, "exit": true, "compact": true, "config": true, "resume": true,
	"login": true, "logout": true, "cost": true, "help": true, "memory": true, "permissions": true, "status": true,
	"add-dir": true, "agents": true, "mcp": true, "hooks": true, "ide": true, "vim": true, "theme": true,
	"terminal-setup": true, "export": true, "doctor": true, "bug": true, "release-notes": true, "output-style": true,
	"statusline": true, "context": true, "usage": true, "rewind": true, "todos": true, "upgrade": true,
}

// toolSummary is a one-line description of a tool call, used as the content
// of a message that only calls tools: the first of its input's summaryKeys
// that is a string, not empty.
func toolSummary(name string, input json.RawMessage) string {
	for _, raw := range summaryValues(input) {
		var v string
		if raw != nil && json.Unmarshal(raw, &v) == nil && v != "" {
			return name + ": " + titleFrom(v)
		}
	}
	return name
}

// summaryKeys are the keys of a tool call's input that describe it, in the
// order toolSummary prefers them.
var summaryKeys = []string{"command", "file_path", "path", "pattern", "url", "query", "description", "prompt", "skill"}

// summaryInput holds a tool call's input's values of summaryKeys, in
// their order.
type summaryInput struct {
	Command     json.RawMessage `json:"command"`
	FilePath    json.RawMessage `json:"file_path"`
	Path        json.RawMessage `json:"path"`
	Pattern     json.RawMessage `json:"pattern"`
	URL         json.RawMessage `json:"url"`
	Query       json.RawMessage `json:"query"`
	Description json.RawMessage `json:"description"`
	Prompt      json.RawMessage `json:"prompt"`
	Skill       json.RawMessage `json:"skill"`
}

// summaryValues is the raw value of each of summaryKeys in input (nil
// where it has none), as decoding input into a map by encoding/json and
// looking each key up gives them: segmentio's decoder into summaryInput,
// its keys matched exactly as a map's are, and encoding/json into a map
// when that fails or leaves more than white space after the object. The
// map was ~1.5% of an import's CPU.
func summaryValues(input json.RawMessage) []json.RawMessage {
	var in summaryInput
	if rest, err := fastjson.Parse(input, &in, fastjson.DontMatchCaseInsensitiveStructFields); err == nil && len(bytes.TrimLeft(rest, " \t\r\n")) == 0 {
		return []json.RawMessage{in.Command, in.FilePath, in.Path, in.Pattern, in.URL, in.Query, in.Description, in.Prompt, in.Skill}
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(input, &m)
	out := make([]json.RawMessage, len(summaryKeys))
	for i, key := range summaryKeys {
		out[i] = m[key]
	}
	return out
}

// stripANSI removes terminal escape sequences (colours, bold) that command
// output keeps.
func stripANSI(s string) string {
	if strings.IndexByte(s, 0x1b) < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			// CSI: parameters and intermediates, then one final byte in @–~.
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		i++ // a two-byte escape
	}
	return b.String()
}

// capContent shortens a message longer than the store takes (a huge tool
// output) and says so in its attributes.
func capContent(m *baton.Message) {
	var dropped int
	if m.Content, dropped = baton.CapContent(m.Content); dropped == 0 {
		return
	}
	if m.Attributes == nil {
		m.Attributes = map[string]any{}
	}
	m.Attributes["truncated_bytes"] = dropped
}

// ToolSummary is the one-line description of a tool call that a message
// only calling tools shows, for tool calls known from elsewhere (hook
// events).
func ToolSummary(name string, input json.RawMessage) string { return toolSummary(name, input) }
