package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
)

// buildsMessage reports whether an event becomes a message of a session
// whose transcript cannot be read: a prompt, a tool call, a tool's result.
func buildsMessage(name string) bool {
	switch name {
	case HookUserPromptSubmit, HookPreToolUse, HookPostToolUse, HookPostToolFailure:
		return true
	}
	return false
}

// maxEventToolInput is the largest tool input kept whole in a message
// built from an event; a larger one (a file written) is kept abridged.
const maxEventToolInput = 64 << 10

// eventMessages are the messages an event stands for when the transcript
// cannot be read (source ids start with hookMessagePrefix; a resent event
// adds them once):
//   - UserPromptSubmit: the steward's prompt.
//   - PreToolUse: the tool call (hook:tool:<tool_use_id>).
//   - PostToolUse, PostToolUseFailure: the tool call (added only if its
//     PreToolUse was not seen) and its result (hook:tool:<tool_use_id>:result),
//     an error when the event is a failure or the response says so.
//
// Without a tool_use_id, a PostToolUse brings its own call, named after the
// request. The transcript, once read, replaces them (ImportDocument.EventPrefix).
func eventMessages(ev *hookEvent) []baton.Message {
	switch ev.name {
	case HookUserPromptSubmit:
		prompt, _ := baton.CapContent(strings.TrimSpace(ev.str("prompt")))
		if prompt == "" {
			return nil
		}
		return []baton.Message{{SourceID: hookMessagePrefix + ev.requestID, Role: baton.RoleSteward, Content: prompt, Timestamp: ev.at}}
	case HookPreToolUse, HookPostToolUse, HookPostToolFailure:
	default:
		return nil
	}
	name := baton.Clip(ev.str("tool_name"), 200)
	if name == "" {
		return nil
	}
	useID := baton.Clip(ev.str("tool_use_id"), 200)
	callSource := hookMessagePrefix + "tool:" + useID
	if useID == "" {
		callSource = hookMessagePrefix + ev.requestID
	}
	callSource = baton.CapSourceID(callSource)
	input := eventToolInput(ev.fields["tool_input"])
	call := baton.Message{
		SourceID:  callSource,
		Role:      baton.RoleToolCall,
		Content:   claudecode.ToolSummary(name, input),
		ToolCalls: []baton.ToolCall{{ID: useID, Name: name, Input: input}},
		Timestamp: ev.at,
	}
	if ev.name == HookPreToolUse {
		return []baton.Message{call}
	}
	text, isErr := eventToolResponse(ev)
	content, _ := baton.CapContent(text)
	resultUseID := useID
	if resultUseID == "" {
		// The result answers the call this event brings.
		resultUseID = callSource
		call.ToolCalls[0].ID = callSource
	}
	result := baton.Message{
		SourceID:   baton.CapSourceID(callSource + ":result"),
		Role:       baton.RoleToolResult,
		Speaker:    name,
		Content:    content,
		ToolResult: &baton.ToolResult{ToolUseID: resultUseID, IsError: isErr},
		References: baton.References{RepliesTo: callSource},
		Timestamp:  ev.at,
	}
	return []baton.Message{call, result}
}

// eventToolInput is a tool_input as a tool call keeps it: an object,
// abridged when large.
func eventToolInput(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		return nil
	}
	if len(raw) > maxEventToolInput {
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			return nil
		}
		raw = keptPayload(raw, fields)
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return nil
	}
	return buf.Bytes()
}

// eventToolResponse reads what a tool answered from a PostToolUse's
// tool_response (a string, or an object such as Bash's stdout and stderr)
// or a PostToolUseFailure's error, and whether it failed: a failure event,
// or a response with is_error, success false or an error.
func eventToolResponse(ev *hookEvent) (string, bool) {
	if ev.name == HookPostToolFailure {
		text := ev.str("error")
		if text == "" {
			text = "The tool failed."
		}
		return text, true
	}
	raw := bytes.TrimSpace(ev.fields["tool_response"])
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
		if inner, ok := strings.CutPrefix(strings.TrimSpace(s), "<tool_use_error>"); ok {
			return strings.TrimSpace(strings.TrimSuffix(inner, "</tool_use_error>")), true
		}
		return s, false
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return strings.ToValidUTF8(string(raw), "\uFFFD"), false
	}
	str := func(key string) string {
		var v string
		_ = json.Unmarshal(obj[key], &v)
		return strings.ToValidUTF8(strings.ReplaceAll(v, "\x00", ""), "\uFFFD")
	}
	flag := func(key string) (value, set bool) {
		set = json.Unmarshal(obj[key], &value) == nil && len(obj[key]) > 0
		return value, set
	}
	isErr := false
	if v, ok := flag("is_error"); ok && v {
		isErr = true
	}
	if v, ok := flag("success"); ok && !v {
		isErr = true
	}
	if str("error") != "" {
		isErr = true
	}
	var parts []string
	for _, key := range []string{"error", "stdout", "stderr", "content", "output", "result", "message"} {
		if v := strings.TrimSpace(str(key)); v != "" {
			parts = append(parts, v)
		}
	}
	if len(parts) > 0 {
		return strings.Join(parts, "\n"), isErr
	}
	// Another shape: its fields, as JSON, in a stable order.
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, baton.ClipMarked(string(obj[k]), 2000))
	}
	return strings.ToValidUTF8(strings.TrimSpace(b.String()), "\uFFFD"), isErr
}

// transcriptImportedKey is the session attribute that says the transcript
// of a session the hooks could not read was imported from a file since.
const transcriptImportedKey = "transcript_imported"

// noteTranscriptImported marks a hooked session whose transcript the hooks
// could not read as now holding the imported transcript, so its page no
// longer says it was built from the events only.
func (im *Importer) noteTranscriptImported(ctx context.Context, stewardID int64, sessionID string) error {
	sess, err := im.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	hook, _ := sess.Attributes["hook"].(map[string]any)
	if hook["transcript_error"] == nil || sess.Attributes[transcriptImportedKey] == true {
		return nil
	}
	src := *sess
	src.Attributes = map[string]any{transcriptImportedKey: true}
	return im.store.UpdateSourceFacts(ctx, stewardID, sessionID, &src)
}
