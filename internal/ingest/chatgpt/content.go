package chatgpt

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// content is a message's content; which fields are set depends on its
// content_type.
type content struct {
	ContentType      string            `json:"content_type"`
	Parts            []json.RawMessage `json:"parts"`
	Text             string            `json:"text"`
	Language         string            `json:"language"`
	Result           string            `json:"result"`
	Summary          string            `json:"summary"`
	Title            string            `json:"title"`
	URL              string            `json:"url"`
	Domain           string            `json:"domain"`
	Name             string            `json:"name"`
	Content          string            `json:"content"`
	ModelSetContext  string            `json:"model_set_context"`
	UserProfile      string            `json:"user_profile"`
	UserInstructions string            `json:"user_instructions"`
	Thoughts         []struct {
		Summary string `json:"summary"`
		Content string `json:"content"`
	} `json:"thoughts"`
}

// part is a non-text part of a multimodal message.
type part struct {
	ContentType  string `json:"content_type"`
	AssetPointer string `json:"asset_pointer"`
	Text         string `json:"text"`
}

// message converts the message of node id, or reports that it is not shown:
// no message, hidden, or empty.
func (t *tree) message(id string) (baton.Message, bool) {
	n := t.nodes[id]
	if n == nil || n.Message == nil {
		return baton.Message{}, false
	}
	if sourceID(id) == "" {
		t.skipped = append(t.skipped, "a node with an empty id")
		return baton.Message{}, false
	}
	src := n.Message
	var meta messageMeta
	_ = json.Unmarshal(src.Metadata, &meta) // a malformed field leaves the rest usable
	if meta.Hidden {
		return baton.Message{}, false
	}
	var ct content
	_ = json.Unmarshal(src.Content, &ct)
	if ct.ContentType == "reasoning_recap" {
		return baton.Message{}, false // the page's "Thought for 12s" label
	}
	text, contentType, thinking := render(&ct)
	text, thinking = clean(text), clean(thinking)
	if strings.TrimSpace(text) == "" && strings.TrimSpace(thinking) == "" {
		return baton.Message{}, false // hidden system prompts, empty placeholders
	}

	ts := src.CreateTime.time()
	if src.CreateTime == unusable {
		// Such a time would break every read of the session: the message
		// keeps its place in time after the one before, as a Claude Code
		// line with an unusable timestamp does.
		t.skipped = append(t.skipped, fmt.Sprintf("node %s: create_time is not a time in the years 1970 to 9999; the message is kept at the time of the message before it", clean(id)))
	}
	if ts.IsZero() {
		ts = t.prev
	}
	if ts.IsZero() {
		ts = t.c.CreateTime.time()
	}
	t.prev = ts

	text, dropped := baton.CapContent(text)
	m := baton.Message{
		SourceID:    sourceID(id),
		Content:     text,
		ContentType: contentType,
		Thinking:    thinking,
		Timestamp:   ts,
	}
	if dropped > 0 {
		m.Attributes = map[string]any{"truncated_bytes": dropped}
	}
	if status, ok := unfinished(src, &meta); ok {
		// Shown as unfinished on the session page (attribute "unfinished").
		if m.Attributes == nil {
			m.Attributes = map[string]any{}
		}
		m.Attributes["unfinished"] = status
	}
	recipient := clean(src.Recipient)
	switch src.Author.Role {
	case "user":
		m.Role = baton.RoleSteward
	case "assistant":
		m.Role = baton.RoleAssistant
		m.Model = clean(meta.ModelSlug)
		if recipient != "" && recipient != "all" {
			// A message addressed to a tool (python, browser, dalle…) is a call.
			m.Role = baton.RoleToolCall
			m.ToolCalls = []baton.ToolCall{{ID: m.SourceID, Name: recipient, Input: toolInput(&ct, text)}}
		}
	case "tool":
		m.Role = baton.RoleToolResult
		m.Speaker = clean(src.Author.Name)
		m.ToolResult = &baton.ToolResult{
			ToolUseID: t.callBefore(n),
			IsError:   ct.ContentType == "system_error" || meta.AggregateResult != nil && meta.AggregateResult.Status == "error",
		}
	default:
		m.Role = baton.RoleSystem
		if src.Author.Role != "system" {
			m.Speaker = clean(src.Author.Role)
		}
	}
	return m, true
}

// callBefore returns the node id of the tool call a tool message answers:
// its parent, when that is a message addressed to a tool.
func (t *tree) callBefore(n *node) string {
	if n.Parent == nil {
		return ""
	}
	p := t.nodes[*n.Parent]
	if p == nil || p.Message == nil || p.Message.Author.Role != "assistant" {
		return ""
	}
	if r := p.Message.Recipient; r != "" && r != "all" {
		return sourceID(p.ID)
	}
	return ""
}

func toolInput(ct *content, text string) json.RawMessage {
	var v map[string]string
	if ct.ContentType == "code" {
		v = map[string]string{"code": clean(ct.Text)}
		if lang := language(ct.Language); lang != "" {
			v["language"] = clean(lang)
		}
	} else {
		v = map[string]string{"text": text}
	}
	b, _ := json.Marshal(v)
	return b
}

// render turns content into text, its content type and any thinking.
func render(ct *content) (text, contentType, thinking string) {
	switch ct.ContentType {
	case "text", "":
		s, mixed := renderParts(ct.Parts)
		if s == "" {
			s = ct.Text
		}
		if mixed {
			return s, baton.ContentMixed, ""
		}
		return s, textType(s), ""
	case "multimodal_text":
		s, mixed := renderParts(ct.Parts)
		if mixed {
			return s, baton.ContentMixed, ""
		}
		return s, textType(s), ""
	case "code":
		return fence(language(ct.Language), ct.Text), baton.ContentCode, ""
	case "execution_output":
		return fence("", ct.Text), baton.ContentCode, ""
	case "tether_quote":
		return quote(ct.Title, firstNonEmpty(ct.URL, ct.Domain), ct.Text), baton.ContentText, ""
	case "tether_browsing_display":
		return quote(ct.Title, ct.URL, joinNonEmpty("\n\n", ct.Summary, ct.Result)), baton.ContentText, ""
	case "system_error":
		return joinNonEmpty(": ", ct.Name, ct.Text), baton.ContentText, ""
	case "thoughts":
		var b []string
		for _, th := range ct.Thoughts {
			b = append(b, joinNonEmpty("\n", th.Summary, th.Content))
		}
		return "", baton.ContentText, joinNonEmpty("\n\n", b...)
	case "user_editable_context":
		return joinNonEmpty("\n\n", ct.UserProfile, ct.UserInstructions), baton.ContentText, ""
	case "model_editable_context":
		return ct.ModelSetContext, baton.ContentText, ""
	}
	// Kinds this importer does not know: keep whatever text they carry.
	s, _ := renderParts(ct.Parts)
	s = joinNonEmpty("\n\n", ct.Title, ct.Text, ct.Result, ct.Content, s)
	return s, textType(s), ""
}

// renderParts joins message parts: strings as they are, images and audio
// as placeholders. mixed reports a part that was not text.
func renderParts(parts []json.RawMessage) (string, bool) {
	var out []string
	mixed := false
	for _, raw := range parts {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if s != "" {
				out = append(out, s)
			}
			continue
		}
		var p part
		if json.Unmarshal(raw, &p) != nil {
			continue
		}
		switch {
		case p.ContentType == "audio_transcription" && p.Text != "":
			out = append(out, p.Text)
		case p.ContentType == "image_asset_pointer":
			mixed = true
			out = append(out, "[image: "+assetID(p.AssetPointer)+"]")
		case strings.HasPrefix(p.ContentType, "audio_asset_pointer"), strings.Contains(p.ContentType, "audio_video"):
			mixed = true
			if p.AssetPointer != "" {
				out = append(out, "[audio: "+assetID(p.AssetPointer)+"]")
			} else {
				out = append(out, "[audio]")
			}
		case p.Text != "":
			out = append(out, p.Text)
		case p.ContentType != "":
			mixed = true
			out = append(out, "["+p.ContentType+"]")
		}
	}
	return strings.Join(out, "\n"), mixed
}

// assetID shortens "file-service://file-abc" or "sediment://file_abc" to the file id.
func assetID(pointer string) string {
	if i := strings.Index(pointer, "://"); i >= 0 {
		pointer = pointer[i+3:]
	}
	if pointer == "" {
		return "unknown"
	}
	return pointer
}

func language(l string) string {
	if l == "unknown" {
		return ""
	}
	return l
}

func fence(lang, code string) string {
	if code == "" {
		return ""
	}
	f := "```"
	for strings.Contains(code, f) {
		f += "`"
	}
	return f + lang + "\n" + strings.TrimRight(code, "\n") + "\n" + f
}

// quote shows a quoted page: its title and address, then its text.
func quote(title, url, text string) string {
	var lines []string
	if title != "" {
		lines = append(lines, "**"+title+"**")
	}
	if url != "" {
		lines = append(lines, url)
	}
	if text != "" {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
	}
	if len(lines) == 0 {
		return ""
	}
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

func textType(s string) string {
	if strings.Contains(s, "```") {
		return baton.ContentMixed
	}
	return baton.ContentText
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// unfinished reports whether the export marks a message as cut short (the
// answer was stopped, or was still being written when the export was
// made), and how.
func unfinished(m *message, meta *messageMeta) (string, bool) {
	if st := clean(m.Status); st != "" && st != "finished_successfully" {
		return st, true
	}
	if fd := meta.FinishDetails; fd != nil && (fd.Type == "interrupted" || fd.Type == "max_tokens") {
		return clean(fd.Type), true
	}
	return "", false
}
