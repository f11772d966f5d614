// Package codex turns Codex CLI session rollouts
// (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl) into Baton import
// documents: one rollout, one session.
//
// Two layouts of the file are read:
//   - the current one (Codex CLI 0.3x and later): every line is
//     {"timestamp", "type", "payload"} with type session_meta, turn_context,
//     response_item, event_msg or compacted;
//   - the first one (spring 2025): the first line is the session's
//     metadata {"id", "timestamp", "instructions", "git"} and every later
//     line a response item itself, with {"record_type": "state"} lines
//     between turns.
//
// Messages come from the response items (the event_msg lines repeat them
// for the terminal); token counts come from the token_count events, each
// response's usage counted once and put on that response's last message.
// Rollouts are only ever appended to, so a message's source id is its
// line number and importing a grown rollout adds only the new lines.
package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/agentlog"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// Source is the Session.Source of every document this package produces.
const Source = "codex-cli"

// maxLineBytes caps one line: tool outputs are written whole on one line.
const maxLineBytes = 64 << 20

// LineError is one line that could not be read; the rest of the file is
// imported without it.
type LineError struct {
	Line int // 1-based
	Err  error
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// ErrNoMessages is returned for a rollout that holds no message at all.
var ErrNoMessages = &baton.Error{Code: baton.EINVALID, Field: "file", Message: "the Codex CLI rollout holds no message"}

// line is one line of the current layout.
type line struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

type sessionMeta struct {
	ID         string `json:"id"`
	Timestamp  string `json:"timestamp"`
	Cwd        string `json:"cwd"`
	CLIVersion string `json:"cli_version"`
	Originator string `json:"originator"`
	Git        *struct {
		Branch        string `json:"branch"`
		RepositoryURL string `json:"repository_url"`
	} `json:"git"`
}

type turnContext struct {
	Cwd   string `json:"cwd"`
	Model string `json:"model"`
}

type item struct {
	Type    string `json:"type"`
	Role    string `json:"role"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Summary []struct {
		Text string `json:"text"`
	} `json:"summary"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Input     json.RawMessage `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Action    json.RawMessage `json:"action"`
	Message   string          `json:"message"` // compacted
}

type event struct {
	Type string `json:"type"`
	Info *struct {
		Total usage `json:"total_token_usage"`
		Last  usage `json:"last_token_usage"`
	} `json:"info"`
}

type usage struct {
	Input     int64 `json:"input_tokens"`
	Cached    int64 `json:"cached_input_tokens"`
	Output    int64 `json:"output_tokens"`
	Reasoning int64 `json:"reasoning_output_tokens"`
	Total     int64 `json:"total_tokens"`
}

// call is a tool call seen, for its result to name and reply to.
type call struct {
	name, source string
}

type builder struct {
	name      string
	meta      sessionMeta
	model     string
	models    []string
	cwd       string
	msgs      []baton.Message
	calls     map[string]call
	thinking  string // reasoning waiting for the message it leads to
	thinkAt   int    // the line of that reasoning's first part
	turnStart int    // index of the first message since the last token count
	lastTotal int64  // total_tokens of the last token count, to skip repeats
	now       time.Time
	lineErrs  []LineError
	title     string
	// lastSource is the source id of the newest message, which a reading
	// in parts (Incremental) may no longer hold in msgs.
	lastSource string
	// pairOnce forgets a call once its result is read (Incremental: a
	// long rollout's calls are not all kept).
	pairOnce bool
}

// Parse reads one rollout. name is the file's name or path (the session id
// comes from the metadata line, else from the name). Lines that cannot be
// read are returned as line errors and left out; err is set only when
// nothing can be imported.
func Parse(r io.Reader, name string) (baton.ImportDocument, []LineError, error) {
	b := &builder{name: name, calls: map[string]call{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	n := 0
	legacy := false
	for sc.Scan() {
		n++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		b.readLine(n, raw, &legacy)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			b.lineErrs = append(b.lineErrs, LineError{Line: n + 1, Err: fmt.Errorf("line longer than %d bytes; the rest of the file was not read", maxLineBytes)})
		} else {
			return baton.ImportDocument{}, b.lineErrs, fmt.Errorf("codex: read %s: %w", filepath.Base(name), err)
		}
	}
	b.flushThinking()
	if len(b.msgs) == 0 {
		return baton.ImportDocument{}, b.lineErrs, ErrNoMessages
	}
	if b.msgs[0].Timestamp.IsZero() && !b.hasStart() {
		return baton.ImportDocument{}, b.lineErrs, baton.Invalid("file", "%s: the Codex CLI rollout records no readable time (no session_meta timestamp, no line timestamps)", filepath.Base(name))
	}
	return b.document(), b.lineErrs, nil
}

// readLine reads line n of the rollout; legacy says (and the first line
// decides) whether the rollout has the first layout.
func (b *builder) readLine(n int, raw []byte, legacy *bool) {
	var err error
	switch {
	case n == 1 && isLegacyMeta(raw):
		*legacy = true
		err = json.Unmarshal(raw, &b.meta)
		b.start(b.meta.Timestamp)
	case *legacy:
		err = b.legacyLine(n, raw)
	default:
		err = b.line(n, raw)
	}
	if err != nil {
		b.lineErrs = append(b.lineErrs, LineError{Line: n, Err: err})
	}
}

// isLegacyMeta reports whether a first line is the first layout's
// metadata: an object with an id and no type.
func isLegacyMeta(raw []byte) bool {
	var probe struct {
		ID   *string         `json:"id"`
		Type *string         `json:"type"`
		Ins  json.RawMessage `json:"instructions"`
	}
	return json.Unmarshal(raw, &probe) == nil && probe.ID != nil && probe.Type == nil
}

// hasStart reports whether some message or the metadata has a time.
func (b *builder) hasStart() bool {
	if _, ok := agentlog.Time(b.meta.Timestamp); ok {
		return true
	}
	for i := range b.msgs {
		if !b.msgs[i].Timestamp.IsZero() {
			return true
		}
	}
	return false
}

func (b *builder) start(ts string) {
	if t, ok := agentlog.Time(ts); ok && b.now.IsZero() {
		b.now = t
	}
}

func (b *builder) line(n int, raw []byte) error {
	if il, ok := decodeItemLine(raw); ok {
		b.lineTime(n, il.Timestamp)
		b.readItem(n, &il.Payload)
		return nil
	}
	var l line
	if err := jsonfast.Unmarshal(raw, &l); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	b.lineTime(n, l.Timestamp)
	switch l.Type {
	case "session_meta":
		var m sessionMeta
		if err := jsonfast.Unmarshal(l.Payload, &m); err != nil {
			return fmt.Errorf("session_meta: %w", err)
		}
		if b.meta.ID == "" {
			b.meta = m
			b.start(m.Timestamp)
		}
	case "turn_context":
		var tc turnContext
		if err := jsonfast.Unmarshal(l.Payload, &tc); err != nil {
			return fmt.Errorf("turn_context: %w", err)
		}
		b.setModel(tc.Model)
		if tc.Cwd != "" {
			b.cwd = tc.Cwd
		}
	case "response_item":
		return b.item(n, l.Payload)
	case "compacted":
		var it item
		if err := jsonfast.Unmarshal(l.Payload, &it); err != nil {
			return fmt.Errorf("compacted: %w", err)
		}
		if strings.TrimSpace(it.Message) != "" {
			b.add(baton.Message{SourceID: id(n), Role: baton.RoleSystem, Content: agentlog.Clean(it.Message), Attributes: map[string]any{"event": "compact_summary"}})
		}
	case "event_msg":
		var ev event
		if err := jsonfast.Unmarshal(l.Payload, &ev); err != nil {
			return fmt.Errorf("event_msg: %w", err)
		}
		if ev.Type == "token_count" && ev.Info != nil {
			b.tokenCount(ev.Info.Total, ev.Info.Last)
		}
	}
	return nil
}

// lineTime takes the time of line n: its messages are at that time.
func (b *builder) lineTime(n int, timestamp string) {
	if t, ok := agentlog.Time(timestamp); ok {
		b.now = t
	} else if timestamp != "" {
		// One rule for every transcript: an unreadable or out-of-range
		// time takes the previous message's, and the line says so.
		b.lineErrs = append(b.lineErrs, LineError{Line: n, Err: fmt.Errorf("timestamp %q unreadable or outside the years 1 to 9999; the previous message's time was used", baton.Clip(timestamp, 40))})
	}
}

// itemLine is a line of the current layout that holds a response item,
// decoded with its item.
type itemLine struct {
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Payload   item   `json:"payload"`
}

// decodeItemLine decodes a response item's line in one pass: line and
// item read it in two, the line with its payload kept raw and then the
// payload, and response items are most of a rollout's bytes (the tools'
// outputs). ok is false for any other line, for one with its payload key
// written twice (line keeps the last payload whole, where this would mix
// the two) and for one this cannot decode: line reads those as before.
func decodeItemLine(raw []byte) (l itemLine, ok bool) {
	// Codex writes the type before the payload, after the timestamp; a
	// writer that sorts the keys writes it last.
	typed := []byte(`"type":"response_item"`)
	if !bytes.Contains(raw[:min(len(raw), 96)], typed) && !bytes.Contains(raw[max(0, len(raw)-96):], typed) ||
		bytes.Count(raw, []byte(`"payload"`)) != 1 {
		return itemLine{}, false
	}
	if jsonfast.Unmarshal(raw, &l) != nil || l.Type != "response_item" {
		return itemLine{}, false
	}
	return l, true
}

func (b *builder) legacyLine(n int, raw []byte) error {
	var probe struct {
		RecordType string `json:"record_type"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	if probe.RecordType != "" {
		return nil // state between turns
	}
	return b.item(n, raw)
}

func id(n int) string { return fmt.Sprintf("L%d", n) }

func (b *builder) setModel(m string) {
	m = agentlog.Clean(strings.TrimSpace(m))
	if m == "" || m == b.model {
		return
	}
	b.model = m
	for _, seen := range b.models {
		if seen == m {
			return
		}
	}
	b.models = append(b.models, m)
}

func (b *builder) item(n int, raw json.RawMessage) error {
	var it item
	if err := jsonfast.Unmarshal(raw, &it); err != nil {
		return fmt.Errorf("response item: %w", err)
	}
	b.readItem(n, &it)
	return nil
}

// readItem reads response item it, of line n.
func (b *builder) readItem(n int, it *item) {
	switch it.Type {
	case "message":
		b.message(n, it)
	case "reasoning":
		var parts []string
		for _, s := range it.Summary {
			if t := strings.TrimSpace(s.Text); t != "" {
				parts = append(parts, agentlog.Clean(t))
			}
		}
		for _, c := range it.Content {
			if t := strings.TrimSpace(c.Text); t != "" && c.Type == "reasoning_text" {
				parts = append(parts, agentlog.Clean(t))
			}
		}
		if len(parts) > 0 {
			if b.thinking == "" {
				b.thinkAt = n
			}
			b.thinking = strings.TrimSpace(b.thinking + "\n\n" + strings.Join(parts, "\n\n"))
		}
	case "function_call", "custom_tool_call", "local_shell_call", "web_search_call":
		b.toolCall(n, it)
	case "function_call_output", "custom_tool_call_output":
		b.toolResult(n, it)
	}
}

func (b *builder) message(n int, it *item) {
	var texts []string
	images := 0
	for _, c := range it.Content {
		switch c.Type {
		case "input_text", "output_text", "text":
			if t := strings.TrimSpace(c.Text); t != "" {
				texts = append(texts, agentlog.Clean(c.Text))
			}
		case "input_image":
			images++
			texts = append(texts, "[image]")
		}
	}
	text := strings.TrimSpace(strings.Join(texts, "\n\n"))
	if text == "" {
		return
	}
	m := baton.Message{SourceID: id(n), Content: text}
	switch it.Role {
	case "assistant":
		m.Role, m.Model = baton.RoleAssistant, b.model
		m.Thinking, b.thinking = b.thinking, ""
	case "user":
		if agentlog.IsContextBlock(text) {
			m.Role, m.Attributes = baton.RoleSystem, map[string]any{"event": "context"}
		} else {
			m.Role = baton.RoleSteward
			if images > 0 {
				m.ContentType = baton.ContentMixed
			}
			if b.title == "" {
				// The subject in at most eight words, which the session's
				// analysis may rewrite from the whole session.
				b.title = analysis.Title(text)
			}
		}
	default: // developer, system
		m.Role, m.Attributes = baton.RoleSystem, map[string]any{"event": "instructions"}
	}
	b.add(m)
}

// flushThinking keeps reasoning that no message followed (a turn cut
// short) as an assistant message of its own.
func (b *builder) flushThinking() {
	if b.thinking == "" {
		return
	}
	b.add(baton.Message{SourceID: id(b.thinkAt), Role: baton.RoleAssistant, Model: b.model, Thinking: b.thinking})
	b.thinking = ""
}

func (b *builder) toolCall(n int, it *item) {
	name := it.Name
	var input json.RawMessage
	switch it.Type {
	case "function_call":
		input = agentlog.CleanJSON(json.RawMessage(it.Arguments))
	case "custom_tool_call":
		s, _ := json.Marshal(map[string]string{"input": agentlog.Clean(it.inputString())})
		input = s
	case "local_shell_call":
		name = "shell"
		input = actionCommand(it.Action)
	case "web_search_call":
		name = "web_search"
		input = agentlog.CleanJSON(it.Action)
	}
	if name == "" {
		name = it.Type
	}
	name = agentlog.Clean(name)
	callID := agentlog.Clean(it.CallID)
	if callID == "" {
		callID = id(n)
	}
	m := baton.Message{
		SourceID:  id(n),
		Role:      baton.RoleAssistant,
		Model:     b.model,
		ToolCalls: []baton.ToolCall{{ID: callID, Name: name, Input: input}},
	}
	m.Thinking, b.thinking = b.thinking, ""
	b.calls[callID] = call{name: name, source: m.SourceID}
	b.add(m)
}

func (it *item) inputString() string {
	var s string
	if json.Unmarshal(it.Input, &s) == nil {
		return s
	}
	return string(it.Input)
}

// actionCommand is a local shell call's command as {"command": "…"}.
func actionCommand(action json.RawMessage) json.RawMessage {
	var a struct {
		Command []string `json:"command"`
	}
	if json.Unmarshal(action, &a) != nil || len(a.Command) == 0 {
		return agentlog.CleanJSON(action)
	}
	b, _ := json.Marshal(map[string]string{"command": agentlog.Clean(strings.Join(a.Command, " "))})
	return b
}

func (b *builder) toolResult(n int, it *item) {
	text, isErr := outputText(it.Output)
	callID := agentlog.Clean(it.CallID)
	m := baton.Message{
		SourceID:   id(n),
		Role:       baton.RoleToolResult,
		Content:    agentlog.Clean(text),
		ToolResult: &baton.ToolResult{ToolUseID: callID, IsError: isErr},
	}
	if c, ok := b.calls[callID]; ok {
		m.Speaker = c.name
		m.References.RepliesTo = c.source
		if b.pairOnce {
			delete(b.calls, callID)
		}
	}
	b.add(m)
}

// maybeString reports whether a JSON value may decode into a string: an
// object or an array never does, and skipping them spares reading them
// whole to fail (a tool's output is often a long list of items).
func maybeString(raw []byte) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) == 0 || (raw[0] != '{' && raw[0] != '[')
}

// outputText reads a tool's output: a string (which may itself be JSON
// with "output" and "metadata.exit_code"), or an object with "content"
// and "success", or a list of content items.
func outputText(raw json.RawMessage) (string, bool) {
	if maybeString(raw) {
		if s, err := jsonfast.String(raw); err == nil {
			if out, failed, ok := wrappedOutput(s); ok {
				return out, failed
			}
			return s, false
		}
	}
	var obj struct {
		Content *string `json:"content"`
		Success *bool   `json:"success"`
	}
	if jsonfast.Unmarshal(raw, &obj) == nil && obj.Content != nil {
		return *obj.Content, obj.Success != nil && !*obj.Success
	}
	var items []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if jsonfast.Unmarshal(raw, &items) == nil {
		var parts []string
		for _, i := range items {
			if i.Text != "" {
				parts = append(parts, i.Text)
			} else if i.Type != "" {
				parts = append(parts, "["+i.Type+"]")
			}
		}
		return strings.Join(parts, "\n"), false
	}
	return string(raw), false
}

// wrappedOutput reads a shell call's output written as JSON in a string,
// {"output": "…", "metadata": {"exit_code": N}}; ok is false for any
// other string. The output (most of the bytes, full of escapes) is kept
// raw and read by jsonfast.String, which is several times faster on it
// than the struct decoder.
func wrappedOutput(s string) (out string, failed, ok bool) {
	if !strings.HasPrefix(strings.TrimSpace(s), "{") {
		return "", false, false
	}
	if out, failed, ok := wrappedOutputAsWritten(s); ok {
		return out, failed, true
	}
	return wrappedOutputDecoded(s)
}

// wrappedOutputDecoded is wrappedOutput of any object, decoded whole.
func wrappedOutputDecoded(s string) (out string, failed, ok bool) {
	var wrapped struct {
		Output   json.RawMessage `json:"output"`
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if jsonfast.Unmarshal([]byte(s), &wrapped) != nil {
		return "", false, false
	}
	out, set, err := jsonfast.OptionalString(wrapped.Output)
	if !set || err != nil {
		return "", false, false
	}
	return out, wrapped.Metadata.ExitCode != nil && *wrapped.Metadata.ExitCode != 0, true
}

// wrappedOutputAsWritten is wrappedOutput of the object as Codex writes
// it, {"output":"…","metadata":{…}} (or with its keys sorted, the
// metadata first) and nothing else, read without the decoder going through
// the output twice (once to find its end, once to read it): the output is
// read by jsonfast.String and the small metadata decoded on its own. ok is
// false for any other object, which wrappedOutput decodes whole: what this
// reads is one object of those two keys, each once, so it decodes the same.
func wrappedOutputAsWritten(s string) (out string, failed, ok bool) {
	const outputKey, metadataKey = `"output":`, `"metadata":`
	var output, metadata string
	switch {
	case strings.HasPrefix(s, "{"+outputKey+`"`):
		from := len("{" + outputKey)
		end := stringEnd(s, from)
		if end < 0 {
			return "", false, false
		}
		rest := s[end:]
		if !strings.HasPrefix(rest, ","+metadataKey) || !strings.HasSuffix(rest, "}") {
			return "", false, false
		}
		output, metadata = s[from:end], rest[len(","+metadataKey):len(rest)-1]
	case strings.HasPrefix(s, "{"+metadataKey):
		at := strings.Index(s, ","+outputKey+`"`)
		if at < 0 {
			return "", false, false
		}
		from := at + len(","+outputKey)
		if end := stringEnd(s, from); end != len(s)-1 || s[end] != '}' {
			return "", false, false
		}
		output, metadata = s[from:len(s)-1], s[len("{"+metadataKey):at]
	default:
		return "", false, false
	}
	var meta struct {
		ExitCode *int `json:"exit_code"`
	}
	if err := jsonfast.Unmarshal([]byte(metadata), &meta); err != nil {
		return "", false, false
	}
	out, err := jsonfast.String([]byte(output))
	if err != nil {
		return "", false, false
	}
	return out, meta.ExitCode != nil && *meta.ExitCode != 0, true
}

// stringEnd is where the JSON string that opens at byte from of s ends,
// past its closing quote, or -1 when it does not end.
func stringEnd(s string, from int) int {
	for i := from + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// tokenCount puts one response's usage on the last message since the
// previous count. Codex repeats a count (the same total) when nothing was
// spent in between; a repeat is skipped, so each response counts once.
func (b *builder) tokenCount(total, last usage) {
	if total.Total != 0 && total.Total == b.lastTotal {
		return
	}
	b.lastTotal = total.Total
	if last.Total == 0 && last.Input == 0 && last.Output == 0 {
		return
	}
	u := baton.Usage{
		InputTokens:     last.Input - last.Cached,
		CacheReadTokens: last.Cached,
		OutputTokens:    last.Output,
	}
	if u.InputTokens < 0 {
		u.InputTokens, u.CacheReadTokens = last.Input, 0
	}
	for i := len(b.msgs) - 1; i >= b.turnStart && i >= 0; i-- {
		if r := b.msgs[i].Role; r == baton.RoleAssistant {
			b.msgs[i].Usage = addUsage(b.msgs[i].Usage, u)
			b.turnStart = len(b.msgs)
			return
		}
	}
	// No assistant message since the last count (an aborted turn): the
	// usage goes on the newest message so the session's total stays whole.
	if len(b.msgs) > 0 {
		b.msgs[len(b.msgs)-1].Usage = addUsage(b.msgs[len(b.msgs)-1].Usage, u)
	}
	b.turnStart = len(b.msgs)
}

func addUsage(a, b baton.Usage) baton.Usage {
	a.InputTokens += b.InputTokens
	a.OutputTokens += b.OutputTokens
	a.CacheReadTokens += b.CacheReadTokens
	a.CacheCreationTokens += b.CacheCreationTokens
	return a
}

func (b *builder) add(m baton.Message) {
	m.Timestamp = b.now
	if m.References.RepliesTo == "" {
		m.References.RepliesTo = b.lastSource
	}
	b.lastSource = m.SourceID
	b.msgs = append(b.msgs, m)
}

func (b *builder) document() baton.ImportDocument {
	var start time.Time
	for i := range b.msgs {
		if !b.msgs[i].Timestamp.IsZero() {
			start = b.msgs[i].Timestamp
			break
		}
	}
	start = b.startOr(start)
	for i := range b.msgs {
		if b.msgs[i].Timestamp.IsZero() {
			b.msgs[i].Timestamp = start
		}
		agentlog.Finish(&b.msgs[i])
	}
	s := b.session(start, b.msgs[len(b.msgs)-1].Timestamp, len(b.msgs), agentlog.SessionUsage(b.msgs))
	return baton.ImportDocument{
		Key:           filepath.Base(b.name),
		Session:       s,
		Conversations: []baton.ImportConversation{{Key: "main", Kind: baton.ConversationOriginal, Title: s.Title, Messages: b.msgs}},
	}
}

// startOr is the session's start: the metadata's time, else first (the
// first message's).
func (b *builder) startOr(first time.Time) time.Time {
	if t, ok := agentlog.Time(b.meta.Timestamp); ok {
		return t
	}
	return first
}

// session is the document's session: what the metadata and the lines
// read said, with the given span, message count and token usage.
func (b *builder) session(start, end time.Time, count int, usage baton.Usage) baton.Session {
	ref := agentlog.Clean(strings.TrimSpace(b.meta.ID))
	if ref == "" {
		ref = strings.TrimSuffix(filepath.Base(b.name), ".jsonl")
	}
	cwd := b.meta.Cwd
	if cwd == "" {
		cwd = b.cwd
	}
	title := b.title
	if title == "" {
		title = "Codex CLI session " + start.Format("2006-01-02 15:04")
	}
	s := baton.Session{
		Title:        baton.CapTitle(title),
		Type:         baton.SessionCode,
		Source:       Source,
		SourceRef:    baton.CapSourceID(ref),
		StartedAt:    start,
		Assistant:    baton.Assistant{ModelVersion: firstOr(b.models, "")},
		Technical:    baton.TechnicalContext{WorkingDirectory: agentlog.Clean(cwd), ToolVersion: agentlog.Clean(b.meta.CLIVersion)},
		ReviewStatus: baton.ReviewPending,
		MessageCount: count,
		Attributes:   map[string]any{"usage": usage, analysis.TitleSourceKey: analysis.TitleFromPrompt},
	}
	if b.meta.Git != nil {
		s.Branch = agentlog.Clean(b.meta.Git.Branch)
		if u := agentlog.Clean(b.meta.Git.RepositoryURL); u != "" {
			s.Technical.Repositories = []string{u}
		}
	}
	if len(b.models) > 1 {
		s.Attributes["models"] = b.models
	}
	if end.After(start) {
		s.EndedAt = &end
		s.DurationSeconds = baton.DurationSeconds(start, end)
	}
	return s
}

func firstOr(s []string, def string) string {
	if len(s) > 0 {
		return s[0]
	}
	return def
}
