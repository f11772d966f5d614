// Package gemini turns Gemini CLI chats into Baton import documents.
//
// Three files are read, all under ~/.gemini/tmp/<project hash>/:
//   - chats/session-*.json, the automatic chat recording (Gemini CLI 0.5
//     and later): {"sessionId", "projectHash", "startTime", "lastUpdated",
//     "messages", "summary"?}, each message {"id", "timestamp", "type":
//     user|gemini|info|error|warning, "content", "toolCalls", "thoughts",
//     "tokens", "model"}. "content" is a string in the first versions and a
//     list of parts ({"text"}, …) in later ones; both are read.
//   - checkpoint-<tag>.json, a chat saved with /chat save: the model's
//     history, a list of {"role": user|model, "parts": [...]} with function
//     calls and responses as parts, and no times.
//   - logs.json, the prompts the steward typed, per session: only the
//     steward's side, kept for sessions recorded before chat recording.
//
// A chat recording is rewritten whole as it grows; its messages keep their
// ids, so importing it again adds only the new ones.
package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/agentlog"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// Source is the Session.Source of every document this package produces.
const Source = "gemini-cli"

// File kinds Kind tells apart.
const (
	KindChat       = "chat"       // chats/session-*.json
	KindCheckpoint = "checkpoint" // checkpoint-<tag>.json
	KindLogs       = "logs"       // logs.json
)

// Kind tells which Gemini CLI file data is, from its first JSON value's
// keys, or "" when it is none of them.
func Kind(data []byte) string {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return ""
	}
	switch data[0] {
	case '{':
		var probe struct {
			SessionID   *string         `json:"sessionId"`
			ProjectHash *string         `json:"projectHash"`
			Messages    json.RawMessage `json:"messages"`
		}
		if jsonfast.Unmarshal(data, &probe) == nil && probe.SessionID != nil && probe.ProjectHash != nil && len(probe.Messages) > 0 {
			return KindChat
		}
	case '[':
		var probe []map[string]json.RawMessage
		if json.Unmarshal(data, &probe) != nil || len(probe) == 0 {
			return ""
		}
		first := probe[0]
		_, role := first["role"]
		_, parts := first["parts"]
		_, sid := first["sessionId"]
		_, mid := first["messageId"]
		_, uuid := first["uuid"]
		switch {
		case role && parts:
			return KindCheckpoint
		case sid && mid && !uuid:
			return KindLogs
		}
	}
	return ""
}

// Parse reads one Gemini CLI file. name is its path or file name: a
// checkpoint's session is named after its project folder and tag. A
// logs.json file gives one document per session it lists; the others one.
// A checkpoint records no times: its messages take at (the file's
// modification time, where known). skipped lists what was left out, for
// the import result.
func Parse(data []byte, name string, at time.Time) (docs []baton.ImportDocument, skipped []string, err error) {
	// A chat (nearly every file) is decoded once: what Kind would find is
	// read from the decoded file. Anything else, or a chat that does not
	// decode, is told apart by Kind as before.
	var f chatFile
	if d := bytes.TrimSpace(data); len(d) > 0 && d[0] == '{' && jsonfast.Unmarshal(data, &f) == nil &&
		f.SessionID != nil && f.ProjectHash != nil && len(f.Messages) > 0 {
		doc, skipped, err := chatDocument(&f, name)
		if err != nil {
			return nil, skipped, err
		}
		return []baton.ImportDocument{doc}, skipped, nil
	}
	switch Kind(data) {
	case KindChat:
		doc, skipped, err := parseChat(data, name)
		if err != nil {
			return nil, skipped, err
		}
		return []baton.ImportDocument{doc}, skipped, nil
	case KindCheckpoint:
		doc, skipped, err := parseCheckpoint(data, name, at.UTC())
		if err != nil {
			return nil, skipped, err
		}
		return []baton.ImportDocument{doc}, skipped, nil
	case KindLogs:
		return parseLogs(data, name)
	}
	return nil, nil, baton.Invalid("file", "%s is not a Gemini CLI chat, checkpoint or logs.json", filepath.Base(name))
}

type chatFile struct {
	SessionID   *string         `json:"sessionId"` // nil: absent or null (not a chat, for Kind)
	ProjectHash *string         `json:"projectHash"`
	StartTime   string          `json:"startTime"`
	LastUpdated string          `json:"lastUpdated"`
	Summary     string          `json:"summary"`
	Kind        string          `json:"kind"`
	Messages    []chatMessageIn `json:"messages"`
}

type chatMessageIn struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []struct {
		ID            string          `json:"id"`
		Name          string          `json:"name"`
		Args          json.RawMessage `json:"args"`
		Result        json.RawMessage `json:"result"`
		Status        string          `json:"status"`
		Timestamp     string          `json:"timestamp"`
		ResultDisplay json.RawMessage `json:"resultDisplay"`
	} `json:"toolCalls"`
	Thoughts []struct {
		Subject     string `json:"subject"`
		Description string `json:"description"`
	} `json:"thoughts"`
	Tokens *struct {
		Input    int64 `json:"input"`
		Output   int64 `json:"output"`
		Cached   int64 `json:"cached"`
		Thoughts int64 `json:"thoughts"`
		Tool     int64 `json:"tool"`
		Total    int64 `json:"total"`
	} `json:"tokens"`
	Model string `json:"model"`
}

// part is one part of a Gemini content: text, a function call or response,
// or inline data.
type part struct {
	Text         string `json:"text"`
	Thought      bool   `json:"thought"`
	FunctionCall *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string          `json:"id"`
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	} `json:"functionResponse"`
	InlineData *struct {
		MimeType string `json:"mimeType"`
	} `json:"inlineData"`
	FileData *struct {
		MimeType string `json:"mimeType"`
		FileURI  string `json:"fileUri"`
	} `json:"fileData"`
}

// parts reads a content: a string, one part, or a list of parts (or of
// strings).
func parts(raw json.RawMessage) []part {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	// An object or a list never reads as a string: not tried (a list of
	// tool results would be read whole only to fail).
	if raw[0] != '{' && raw[0] != '[' {
		if s, err := jsonfast.String(raw); err == nil {
			return []part{{Text: s}}
		}
	}
	var one part
	if raw[0] == '{' && jsonfast.Unmarshal(raw, &one) == nil {
		return []part{one}
	}
	var list []json.RawMessage
	if jsonfast.Unmarshal(raw, &list) != nil {
		return nil
	}
	var out []part
	for _, r := range list {
		out = append(out, parts(r)...)
	}
	return out
}

// text is the readable text of parts: text parts joined, media as
// placeholders; thoughts and function parts are read elsewhere.
func text(ps []part) string {
	var out []string
	for _, p := range ps {
		switch {
		case p.Thought:
		case p.Text != "":
			out = append(out, p.Text)
		case p.InlineData != nil:
			out = append(out, "["+agentlog.Clean(p.InlineData.MimeType)+"]")
		case p.FileData != nil:
			out = append(out, "[file: "+agentlog.Clean(p.FileData.FileURI)+"]")
		}
	}
	return agentlog.Clean(strings.TrimSpace(strings.Join(out, "\n")))
}

// responseText is what a tool answered: the function response's output
// (or error), else the text parts, else the display string.
func responseText(result, display json.RawMessage) string {
	if out, ok := functionOutput(result); ok {
		return out
	}
	return responseTextByParts(result, display)
}

// functionOutput reads a tool call's result in the shape Gemini CLI
// writes it, a list of parts, decoding the list into its parts at once:
// read as a list of raw parts, then each part, the output (most of a
// chat's bytes) was gone through once more. ok is false for a result
// that is no list, has no function response, or has a part that does not
// decode as a part (a string, a nested list, a field of another type),
// which responseTextByParts reads; what ok answers is what it answers
// (TestFunctionOutputAsByParts).
func functionOutput(result json.RawMessage) (string, bool) {
	result = bytes.TrimSpace(result)
	if len(result) == 0 || result[0] != '[' {
		return "", false
	}
	var list []part
	if jsonfast.Unmarshal(result, &list) != nil {
		return "", false
	}
	for _, p := range list {
		if p.FunctionResponse != nil {
			return functionResponseText(p.FunctionResponse.Response), true
		}
	}
	return "", false
}

// functionResponseText is the output of a function response, or its
// error, or else the response as written.
func functionResponseText(response json.RawMessage) string {
	var r struct {
		Output *string `json:"output"`
		Error  *string `json:"error"`
	}
	if jsonfast.Unmarshal(response, &r) == nil {
		if r.Output != nil {
			return agentlog.Clean(*r.Output)
		}
		if r.Error != nil {
			return agentlog.Clean(*r.Error)
		}
	}
	return agentlog.Clean(string(response))
}

// responseTextByParts is responseText read part by part, for any result.
func responseTextByParts(result, display json.RawMessage) string {
	for _, p := range parts(result) {
		if p.FunctionResponse != nil {
			return functionResponseText(p.FunctionResponse.Response)
		}
	}
	if t := text(parts(result)); t != "" {
		return t
	}
	if s, err := jsonfast.String(display); err == nil {
		return agentlog.Clean(s)
	}
	return ""
}

// stamp tracks message times: an unreadable or out-of-range time takes the
// previous message's, and says so in skipped.
type stamp struct {
	now     time.Time
	skipped *[]string
}

func (s *stamp) at(where, ts string) time.Time {
	if t, ok := agentlog.Time(ts); ok {
		s.now = t
	} else if ts != "" {
		*s.skipped = append(*s.skipped, fmt.Sprintf("%s: timestamp %q unreadable or outside the years 1 to 9999; the previous message's time was used", where, baton.Clip(ts, 40)))
	}
	return s.now
}

func parseChat(data []byte, name string) (baton.ImportDocument, []string, error) {
	var f chatFile
	if err := jsonfast.Unmarshal(data, &f); err != nil {
		return baton.ImportDocument{}, nil, baton.Invalid("file", "%s: not a Gemini CLI chat: %v", filepath.Base(name), err)
	}
	return chatDocument(&f, name)
}

// chatDocument is the document of a decoded chat.
func chatDocument(f *chatFile, name string) (baton.ImportDocument, []string, error) {
	var skipped []string
	st := stamp{skipped: &skipped}
	start, _ := agentlog.Time(f.StartTime)
	st.now = start
	var msgs []baton.Message
	title := ""
	for i := range f.Messages {
		in := &f.Messages[i]
		where := fmt.Sprintf("message %d", i+1)
		src := agentlog.Clean(strings.TrimSpace(in.ID))
		if src == "" {
			src = fmt.Sprintf("m%d", i+1)
		}
		src = baton.CapSourceID(src)
		ts := st.at(where, in.Timestamp)
		ps := parts(in.Content)
		m := baton.Message{SourceID: src, Content: text(ps), Timestamp: ts}
		switch in.Type {
		case "user":
			m.Role = baton.RoleSteward
			if strings.HasPrefix(m.Content, "/") {
				m.ContentType = baton.ContentCommand
			} else if title == "" {
				title = analysis.Title(m.Content)
			}
		case "gemini", "model":
			modelMessage(&m, in)
		default: // info, error, warning
			m.Role, m.Attributes = baton.RoleSystem, map[string]any{"event": agentlog.Clean(in.Type)}
		}
		if m.Content == "" && m.Thinking == "" && len(m.ToolCalls) == 0 {
			continue
		}
		msgs = append(append(msgs, m), toolResults(in, src, ts)...)
	}
	if len(msgs) == 0 {
		return baton.ImportDocument{}, skipped, baton.Invalid("file", "%s: the Gemini CLI chat holds no message", filepath.Base(name))
	}
	fromSummary := false
	if s := strings.TrimSpace(f.Summary); s != "" {
		title = agentlog.TitleFrom(agentlog.Clean(s)) // the CLI's own title for the chat
		fromSummary = true
	}
	ref := agentlog.Clean(strings.TrimSpace(deref(f.SessionID)))
	if ref == "" {
		ref = strings.TrimSuffix(filepath.Base(name), ".json")
	}
	doc := document(name, ref, title, msgs)
	if fromSummary {
		delete(doc.Session.Attributes, analysis.TitleSourceKey) // the CLI's title is kept as it is
	}
	doc.Session.Attributes["project_hash"] = agentlog.Clean(deref(f.ProjectHash))
	if f.Kind != "" && f.Kind != "main" {
		doc.Session.Attributes["kind"] = agentlog.Clean(f.Kind)
	}
	if end, ok := agentlog.Time(f.LastUpdated); ok && end.After(doc.Session.StartedAt) {
		if doc.Session.EndedAt == nil || end.After(*doc.Session.EndedAt) {
			doc.Session.EndedAt = &end
			doc.Session.DurationSeconds = baton.DurationSeconds(doc.Session.StartedAt, end)
		}
	}
	if !start.IsZero() && start.Before(doc.Session.StartedAt) {
		doc.Session.StartedAt = start
	}
	return doc, skipped, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// modelMessage fills m from a model's message: its model, its thoughts
// (subject and description) as thinking, its token usage and its tool
// calls.
func modelMessage(m *baton.Message, in *chatMessageIn) {
	m.Role, m.Model = baton.RoleAssistant, agentlog.Clean(in.Model)
	var thoughts []string
	for _, t := range in.Thoughts {
		th := strings.TrimSpace(strings.TrimSpace(t.Subject) + "\n" + strings.TrimSpace(t.Description))
		if th != "" {
			thoughts = append(thoughts, agentlog.Clean(th))
		}
	}
	m.Thinking = strings.Join(thoughts, "\n\n")
	if in.Tokens != nil {
		m.Usage = baton.Usage{
			InputTokens:     in.Tokens.Input - in.Tokens.Cached + in.Tokens.Tool,
			CacheReadTokens: in.Tokens.Cached,
			OutputTokens:    in.Tokens.Output + in.Tokens.Thoughts,
		}
	}
	for _, tc := range in.ToolCalls {
		m.ToolCalls = append(m.ToolCalls, baton.ToolCall{ID: agentlog.Clean(tc.ID), Name: agentlog.Clean(tc.Name), Input: agentlog.CleanJSON(tc.Args)})
	}
}

// toolResults are the answers to a message's tool calls, each a message
// of its own that replies to the message src, at the call's time (else
// ts).
func toolResults(in *chatMessageIn, src string, ts time.Time) []baton.Message {
	var out []baton.Message
	for _, tc := range in.ToolCalls {
		when := ts
		if t, ok := agentlog.Time(tc.Timestamp); ok {
			when = t
		}
		out = append(out, baton.Message{
			SourceID:   baton.CapSourceID(src + ":" + agentlog.Clean(tc.ID)),
			Role:       baton.RoleToolResult,
			Speaker:    agentlog.Clean(tc.Name),
			Content:    responseText(tc.Result, tc.ResultDisplay),
			ToolResult: &baton.ToolResult{ToolUseID: agentlog.Clean(tc.ID), IsError: tc.Status == "error" || tc.Status == "cancelled"},
			References: baton.References{RepliesTo: src},
			Timestamp:  when,
		})
	}
	return out
}

// document builds the session of one Gemini CLI chat from its messages.
func document(name, ref, title string, msgs []baton.Message) baton.ImportDocument {
	models := []string{}
	for i := range msgs {
		agentlog.Finish(&msgs[i])
		if m := msgs[i].Model; m != "" && (len(models) == 0 || models[len(models)-1] != m) {
			models = append(models, m)
		}
		if i > 0 && msgs[i].References.RepliesTo == "" {
			msgs[i].References.RepliesTo = msgs[i-1].SourceID
		}
	}
	start, end := msgs[0].Timestamp, msgs[len(msgs)-1].Timestamp
	if title == "" {
		title = "Gemini CLI chat " + start.Format("2006-01-02 15:04")
	}
	s := baton.Session{
		Title:        baton.CapTitle(title),
		Type:         baton.SessionCode,
		Source:       Source,
		SourceRef:    baton.CapSourceID(ref),
		StartedAt:    start,
		ReviewStatus: baton.ReviewPending,
		MessageCount: len(msgs),
		// A title written from a prompt, or the stand-in above: the
		// session's analysis may rewrite it.
		Attributes: map[string]any{"usage": agentlog.SessionUsage(msgs), analysis.TitleSourceKey: analysis.TitleFromPrompt},
	}
	if len(models) > 0 {
		s.Assistant.ModelVersion = models[0]
	}
	if dedup := uniq(models); len(dedup) > 1 {
		s.Attributes["models"] = dedup
	}
	if end.After(start) {
		s.EndedAt = &end
		s.DurationSeconds = baton.DurationSeconds(start, end)
	}
	return baton.ImportDocument{
		Key:           filepath.Base(name),
		Session:       s,
		Conversations: []baton.ImportConversation{{Key: "main", Kind: baton.ConversationOriginal, Title: s.Title, Messages: msgs}},
	}
}

func uniq(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

type content struct {
	Role  string            `json:"role"`
	Parts []json.RawMessage `json:"parts"`
}

// parseCheckpoint reads a chat saved with /chat save. It has no times:
// every message takes at, in the order of the history.
func parseCheckpoint(data []byte, name string, at time.Time) (baton.ImportDocument, []string, error) {
	var hist []content
	if err := json.Unmarshal(data, &hist); err != nil {
		return baton.ImportDocument{}, nil, baton.Invalid("file", "%s: not a Gemini CLI checkpoint: %v", filepath.Base(name), err)
	}
	var msgs []baton.Message
	calls := map[string]string{} // function name → source id of its last call
	title := ""
	for i, c := range hist {
		src := fmt.Sprintf("c%d", i+1)
		var ps []part
		for _, r := range c.Parts {
			ps = append(ps, parts(r)...)
		}
		m := baton.Message{SourceID: src, Content: text(ps), Timestamp: at}
		var results []baton.Message
		for j, p := range ps {
			switch {
			case p.FunctionCall != nil:
				id := agentlog.Clean(p.FunctionCall.ID)
				if id == "" {
					id = fmt.Sprintf("%s.%d", src, j)
				}
				m.ToolCalls = append(m.ToolCalls, baton.ToolCall{ID: id, Name: agentlog.Clean(p.FunctionCall.Name), Input: agentlog.CleanJSON(p.FunctionCall.Args)})
				calls[p.FunctionCall.Name] = src
			case p.FunctionResponse != nil:
				fr := p.FunctionResponse
				r := baton.Message{
					SourceID:   fmt.Sprintf("%s.%d", src, j),
					Role:       baton.RoleToolResult,
					Speaker:    agentlog.Clean(fr.Name),
					Content:    responseText(mustJSON(map[string]any{"functionResponse": fr}), nil),
					ToolResult: &baton.ToolResult{ToolUseID: agentlog.Clean(fr.ID)},
					References: baton.References{RepliesTo: calls[fr.Name]},
					Timestamp:  at,
				}
				results = append(results, r)
			case p.Thought && p.Text != "":
				m.Thinking = strings.TrimSpace(m.Thinking + "\n\n" + agentlog.Clean(p.Text))
			}
		}
		switch c.Role {
		case "model":
			m.Role = baton.RoleAssistant
		default:
			m.Role = baton.RoleSteward
			switch {
			case strings.HasPrefix(m.Content, "This is the Gemini CLI"):
				// The context the CLI sets up at the start of every chat.
				m.Role, m.Attributes = baton.RoleSystem, map[string]any{"event": "context"}
			case title == "" && m.Content != "":
				title = analysis.Title(m.Content)
			}
		}
		if m.Content != "" || m.Thinking != "" || len(m.ToolCalls) > 0 {
			msgs = append(msgs, m)
		}
		msgs = append(msgs, results...)
	}
	if len(msgs) == 0 {
		return baton.ImportDocument{}, nil, baton.Invalid("file", "%s: the Gemini CLI checkpoint holds no message", filepath.Base(name))
	}
	tag := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), "checkpoint-"), ".json")
	ref := "checkpoint:" + tag
	if dir := filepath.Base(filepath.Dir(name)); dir != "." && dir != "/" {
		ref = "checkpoint:" + dir + "/" + tag
	}
	if title == "" {
		title = "Gemini CLI chat " + tag
	}
	return document(name, ref, title, msgs), nil, nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

type logEntry struct {
	SessionID string          `json:"sessionId"`
	MessageID json.RawMessage `json:"messageId"`
	Type      string          `json:"type"`
	Message   string          `json:"message"`
	Timestamp string          `json:"timestamp"`
}

// parseLogs reads logs.json: the steward's prompts, one session per
// session id, named "log:<id>" so they never mix with a chat recording of
// the same session (a folder import prefers the recording).
func parseLogs(data []byte, name string) ([]baton.ImportDocument, []string, error) {
	var entries []logEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, nil, baton.Invalid("file", "%s: not a Gemini CLI logs.json: %v", filepath.Base(name), err)
	}
	var skipped []string
	bySession := map[string][]baton.Message{}
	var order []string
	st := stamp{skipped: &skipped}
	for i, e := range entries {
		if e.Type != "user" || strings.TrimSpace(e.Message) == "" {
			continue
		}
		sid := agentlog.Clean(strings.TrimSpace(e.SessionID))
		if sid == "" {
			skipped = append(skipped, fmt.Sprintf("entry %d: no sessionId", i+1))
			continue
		}
		ts := st.at(fmt.Sprintf("entry %d", i+1), e.Timestamp)
		if ts.IsZero() {
			skipped = append(skipped, fmt.Sprintf("entry %d: no readable timestamp", i+1))
			continue
		}
		if _, ok := bySession[sid]; !ok {
			order = append(order, sid)
		}
		mid := strings.Trim(string(e.MessageID), `"`)
		if mid == "" {
			mid = fmt.Sprint(i)
		}
		m := baton.Message{SourceID: baton.CapSourceID("log:" + agentlog.Clean(mid)), Role: baton.RoleSteward, Content: agentlog.Clean(e.Message), Timestamp: ts}
		if strings.HasPrefix(m.Content, "/") {
			m.ContentType = baton.ContentCommand
		}
		bySession[sid] = append(bySession[sid], m)
	}
	var docs []baton.ImportDocument
	for _, sid := range order {
		msgs := bySession[sid]
		sort.SliceStable(msgs, func(i, j int) bool { return msgs[i].Timestamp.Before(msgs[j].Timestamp) })
		title := ""
		for _, m := range msgs {
			if m.ContentType != baton.ContentCommand {
				title = analysis.Title(m.Content)
				break
			}
		}
		doc := document(name, "log:"+sid, title, msgs)
		doc.Key = "session " + sid
		doc.Session.Attributes["prompts_only"] = true
		docs = append(docs, doc)
	}
	if len(docs) == 0 {
		return nil, skipped, baton.Invalid("file", "%s: the Gemini CLI logs hold no prompt", filepath.Base(name))
	}
	return docs, skipped, nil
}
