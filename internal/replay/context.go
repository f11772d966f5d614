package replay

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
)

// Context formats.
const (
	FormatOpenAI    = "openai"
	FormatAnthropic = "anthropic"
	FormatBaton     = "baton"
)

// DefaultMaxTokens is what an Anthropic request asks for when the replay
// sets no max_tokens: that API requires the field.
const DefaultMaxTokens = 4096

// ToolFilter says how the replay's tool filter changed the context.
type ToolFilter struct {
	Allow        []string `json:"allow"`
	Deny         []string `json:"deny"`
	Rule         string   `json:"rule"`
	RemovedCalls int      `json:"removed_calls"`
	RemovedTools []string `json:"removed_tools"`
	Tools        []string `json:"tools"`
}

// Context is a replay's context in one provider's shape: Request is the
// body to send to that provider's API as it is.
type Context struct {
	ReplayID   string         `json:"replay_id"`
	Format     string         `json:"format"`
	Messages   int            `json:"messages"`
	ForkSeq    int64          `json:"fork_point_seq"`
	ToolFilter ToolFilter     `json:"tool_filter"`
	Request    map[string]any `json:"request"`
	Notes      []string       `json:"notes"`
}

// filtered is the context after the tool filter: the messages kept, with
// tool calls of filtered-out tools and their results removed.
type filtered struct {
	msgs   []*baton.Message
	filter ToolFilter
}

func applyToolFilter(r *baton.Replay, msgs []*baton.Message) filtered {
	f := ToolFilter{Allow: nonNil(r.ToolAllow), Deny: nonNil(r.ToolDeny),
		Rule: "a tool is kept when the allow list is empty or names it, and the deny list does not name it"}
	removedCall := map[string]bool{}
	removedTools := map[string]bool{}
	kept := map[string]bool{}
	var out []*baton.Message
	for _, m := range msgs {
		if m.ToolResult != nil && removedCall[m.ToolResult.ToolUseID] {
			continue
		}
		if len(m.ToolCalls) == 0 {
			out = append(out, m)
			continue
		}
		c := *m
		c.ToolCalls = nil
		for _, tc := range m.ToolCalls {
			if r.ToolAllowed(tc.Name) {
				c.ToolCalls = append(c.ToolCalls, tc)
				kept[tc.Name] = true
				continue
			}
			f.RemovedCalls++
			removedTools[tc.Name] = true
			if tc.ID != "" {
				removedCall[tc.ID] = true
			}
		}
		if len(c.ToolCalls) == 0 && (c.Role == baton.RoleToolCall || strings.TrimSpace(c.Content) == "") {
			continue // nothing left of it
		}
		out = append(out, &c)
	}
	f.RemovedTools = sortedKeys(removedTools)
	f.Tools = sortedKeys(kept)
	return filtered{msgs: out, filter: f}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// systemParts splits a context's system messages: the leading ones (before
// the first message of another role) are its system prompt; later ones
// were said in the course of the conversation.
func systemParts(msgs []*baton.Message) (leading, later []*baton.Message) {
	started := false
	for _, m := range msgs {
		if m.Role != baton.RoleSystem {
			started = true
			continue
		}
		if strings.TrimSpace(m.Content) == "" {
			continue
		}
		if started {
			later = append(later, m)
		} else {
			leading = append(leading, m)
		}
	}
	return leading, later
}

// systemText is the system prompt of the context: the replay's override,
// or the recorded leading system messages, then the extra context.
func systemText(r *baton.Replay, msgs []*baton.Message) string {
	leading, _ := systemParts(msgs)
	var parts []string
	if r.SystemPrompt != "" {
		parts = append(parts, r.SystemPrompt)
	} else {
		for _, m := range leading {
			parts = append(parts, m.Content)
		}
	}
	if r.ExtraContext != "" {
		parts = append(parts, r.ExtraContext)
	}
	return strings.Join(parts, "\n\n")
}

// systemNotes says what became of the recorded system messages.
func systemNotes(r *baton.Replay, msgs []*baton.Message, format string) []string {
	leading, later := systemParts(msgs)
	var notes []string
	if r.SystemPrompt != "" && len(leading) > 0 {
		notes = append(notes, "the replay's system prompt override replaced the recorded system prompt")
	}
	if len(later) > 0 {
		switch format {
		case FormatOpenAI:
			notes = append(notes, "system messages said during the conversation are kept in place as system messages")
		case FormatAnthropic:
			notes = append(notes, "system messages said during the conversation are appended to the top-level system prompt, which is the only place the Messages API takes them")
		}
	}
	return notes
}

// spokenText is what a message says, without the one-line summary of tool
// calls that importers put in a tool_call message's content.
func spokenText(m *baton.Message) string {
	if m.Role == baton.RoleToolCall {
		return ""
	}
	return m.Content
}

func toolInput(tc baton.ToolCall) json.RawMessage {
	if len(tc.Input) == 0 || !json.Valid(tc.Input) {
		return json.RawMessage(`{}`)
	}
	return tc.Input
}

// Export builds a replay's context: msgs are the transcript up to and
// including the fork point.
func Export(r *baton.Replay, forkSeq int64, msgs []*baton.Message, format string) (*Context, error) {
	f := applyToolFilter(r, msgs)
	c := &Context{ReplayID: r.ID, Format: format, ForkSeq: forkSeq, ToolFilter: f.filter, Notes: []string{}}
	switch format {
	case FormatOpenAI:
		c.Request, c.Messages = openAIRequest(r, f)
	case FormatAnthropic:
		c.Request, c.Messages = anthropicRequest(r, f)
	case FormatBaton:
		c.Request = map[string]any{"replay": r, "system": systemText(r, msgs), "messages": nonNilMsgs(f.msgs), "tools": f.filter.Tools}
		c.Messages = len(f.msgs)
	default:
		return nil, baton.Invalid("format", "format must be openai, anthropic or baton; got %q", format)
	}
	c.Notes = append(c.Notes, systemNotes(r, msgs, format)...)
	if f.filter.RemovedCalls > 0 {
		c.Notes = append(c.Notes, "tool calls of filtered-out tools and their results were removed from the messages")
	}
	if format != FormatBaton {
		c.Notes = append(c.Notes, "tool definitions name the tools the kept messages call; their parameter schemas were not recorded, so each accepts any object")
	}
	return c, nil
}

func nonNilMsgs(m []*baton.Message) []*baton.Message {
	if m == nil {
		return []*baton.Message{}
	}
	return m
}

// openAIRequest is a Chat Completions body: system, user, assistant (with
// tool_calls whose arguments are a JSON string) and tool messages.
func openAIRequest(r *baton.Replay, f filtered) (map[string]any, int) {
	var msgs []map[string]any
	if sys := systemText(r, f.msgs); sys != "" {
		msgs = append(msgs, map[string]any{"role": "system", "content": sys})
	}
	var pending map[string]any // the assistant message tool calls join
	started := false
	for _, m := range f.msgs {
		if m.Role != baton.RoleSystem {
			started = true
		}
		switch m.Role {
		case baton.RoleSystem:
			if started && strings.TrimSpace(m.Content) != "" {
				pending = nil
				msgs = append(msgs, map[string]any{"role": "system", "content": m.Content})
			}
		case baton.RoleSteward:
			pending = nil
			msgs = append(msgs, map[string]any{"role": "user", "content": m.Content})
		case baton.RoleAssistant, baton.RoleToolCall:
			text := spokenText(m)
			if pending == nil || text != "" && pending["content"] != nil {
				pending = map[string]any{"role": "assistant", "content": nil}
				msgs = append(msgs, pending)
			}
			if text != "" {
				if prev, ok := pending["content"].(string); ok {
					text = prev + "\n\n" + text
				}
				pending["content"] = text
			}
			for _, tc := range m.ToolCalls {
				calls, _ := pending["tool_calls"].([]map[string]any)
				pending["tool_calls"] = append(calls, map[string]any{
					"id": tc.ID, "type": "function",
					"function": map[string]any{"name": tc.Name, "arguments": string(toolInput(tc))},
				})
			}
		case baton.RoleToolResult:
			pending = nil
			id := ""
			if m.ToolResult != nil {
				id = m.ToolResult.ToolUseID
			}
			msgs = append(msgs, map[string]any{"role": "tool", "tool_call_id": id, "content": m.Content})
		}
	}
	if msgs == nil {
		msgs = []map[string]any{}
	}
	req := map[string]any{"messages": msgs}
	if r.Model != "" {
		req["model"] = r.Model
	}
	if r.Temperature != nil {
		req["temperature"] = *r.Temperature
	}
	if r.MaxTokens != nil {
		req["max_tokens"] = *r.MaxTokens
	}
	if len(f.filter.Tools) > 0 {
		var tools []map[string]any
		for _, name := range f.filter.Tools {
			tools = append(tools, map[string]any{"type": "function", "function": map[string]any{
				"name": name, "parameters": map[string]any{"type": "object"},
			}})
		}
		req["tools"] = tools
	}
	return req, len(msgs)
}

// anthropicRequest is a Messages API body: a top-level system, and user
// and assistant turns that alternate, whose content is blocks: text,
// tool_use in the assistant's turn, tool_result in the user's.
func anthropicRequest(r *baton.Replay, f filtered) (map[string]any, int) {
	var turns []map[string]any
	add := func(role string, block map[string]any) {
		if n := len(turns); n > 0 && turns[n-1]["role"] == role {
			turns[n-1]["content"] = append(turns[n-1]["content"].([]map[string]any), block)
			return
		}
		turns = append(turns, map[string]any{"role": role, "content": []map[string]any{block}})
	}
	for _, m := range f.msgs {
		switch m.Role {
		case baton.RoleSystem:
			continue
		case baton.RoleSteward:
			if m.Content != "" {
				add("user", map[string]any{"type": "text", "text": m.Content})
			}
		case baton.RoleAssistant, baton.RoleToolCall:
			if text := spokenText(m); text != "" {
				add("assistant", map[string]any{"type": "text", "text": text})
			}
			for _, tc := range m.ToolCalls {
				add("assistant", map[string]any{"type": "tool_use", "id": tc.ID, "name": tc.Name, "input": toolInput(tc)})
			}
		case baton.RoleToolResult:
			block := map[string]any{"type": "tool_result", "content": m.Content}
			if m.ToolResult != nil {
				block["tool_use_id"] = m.ToolResult.ToolUseID
				if m.ToolResult.IsError {
					block["is_error"] = true
				}
			}
			add("user", block)
		}
	}
	if turns == nil {
		turns = []map[string]any{}
	}
	maxTokens := DefaultMaxTokens
	if r.MaxTokens != nil {
		maxTokens = *r.MaxTokens
	}
	req := map[string]any{"messages": turns, "max_tokens": maxTokens}
	if r.Model != "" {
		req["model"] = r.Model
	}
	sys := systemText(r, f.msgs)
	if _, later := systemParts(f.msgs); len(later) > 0 {
		parts := []string{sys}
		for _, m := range later {
			parts = append(parts, m.Content)
		}
		sys = strings.TrimSpace(strings.Join(parts, "\n\n"))
	}
	if sys != "" {
		req["system"] = sys
	}
	if r.Temperature != nil {
		req["temperature"] = *r.Temperature
	}
	if len(f.filter.Tools) > 0 {
		var tools []map[string]any
		for _, name := range f.filter.Tools {
			tools = append(tools, map[string]any{"name": name, "input_schema": map[string]any{"type": "object"}})
		}
		req["tools"] = tools
	}
	return req, len(turns)
}

// modelRequest is a run's next request to the model, in the llm client's
// neutral shape: the replay's parameters, the system prompt (the recorded
// one or the override, then system messages said later, then the extra
// context: neither API takes a system turn mid-conversation through the
// client), and the transcript after the tool filter.
func modelRequest(r *baton.Replay, msgs []*baton.Message) llm.Request {
	f := applyToolFilter(r, msgs)
	sys := systemText(r, f.msgs)
	if _, later := systemParts(f.msgs); len(later) > 0 {
		parts := []string{sys}
		for _, m := range later {
			parts = append(parts, m.Content)
		}
		sys = strings.TrimSpace(strings.Join(parts, "\n\n"))
	}
	req := llm.Request{Model: r.Model, System: sys, Temperature: r.Temperature}
	if r.MaxTokens != nil {
		req.MaxTokens = *r.MaxTokens
	}
	var pending *llm.Message // the assistant turn tool calls join
	for _, m := range f.msgs {
		switch m.Role {
		case baton.RoleSteward:
			pending = nil
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleUser, Content: m.Content})
		case baton.RoleAssistant, baton.RoleToolCall:
			text := spokenText(m)
			if pending == nil || text != "" && pending.Content != "" {
				req.Messages = append(req.Messages, llm.Message{Role: llm.RoleAssistant})
				pending = &req.Messages[len(req.Messages)-1]
			}
			if text != "" {
				if pending.Content != "" {
					text = pending.Content + "\n\n" + text
				}
				pending.Content = text
			}
			for _, tc := range m.ToolCalls {
				pending.ToolCalls = append(pending.ToolCalls, llm.ToolCall{ID: tc.ID, Name: tc.Name, Arguments: toolInput(tc)})
			}
		case baton.RoleToolResult:
			pending = nil
			out := llm.Message{Role: llm.RoleTool, Content: m.Content}
			if m.ToolResult != nil {
				out.ToolCallID, out.IsError = m.ToolResult.ToolUseID, m.ToolResult.IsError
			}
			req.Messages = append(req.Messages, out)
		}
	}
	for _, name := range f.filter.Tools {
		req.Tools = append(req.Tools, llm.Tool{Name: name})
	}
	return req
}
