package llm

import (
	"encoding/json"
	"fmt"
	"strings"
)

// anthropicBody is a Messages API request: the system prompt top-level,
// user and assistant turns that alternate (neighbouring turns of one role
// are joined), text and tool_use blocks in the assistant's turns, and tool
// results as tool_result blocks of the user's turn that follows.
func anthropicBody(req Request) (map[string]any, error) {
	var turns []map[string]any
	add := func(role string, block map[string]any) {
		if n := len(turns); n > 0 && turns[n-1]["role"] == role {
			turns[n-1]["content"] = append(turns[n-1]["content"].([]map[string]any), block)
			return
		}
		turns = append(turns, map[string]any{"role": role, "content": []map[string]any{block}})
	}
	for i, m := range req.Messages {
		switch m.Role {
		case RoleUser:
			if m.Content != "" { // the API refuses empty text blocks
				add("user", map[string]any{"type": "text", "text": m.Content})
			}
		case RoleAssistant:
			if m.Content != "" {
				add("assistant", map[string]any{"type": "text", "text": m.Content})
			}
			for _, tc := range m.ToolCalls {
				add("assistant", map[string]any{"type": "tool_use", "id": tc.ID, "name": tc.Name, "input": arguments(tc.Arguments)})
			}
		case RoleTool:
			block := map[string]any{"type": "tool_result", "tool_use_id": m.ToolCallID, "content": m.Content}
			if m.IsError {
				block["is_error"] = true
			}
			add("user", block)
		default:
			return nil, fmt.Errorf("llm: message %d has role %q (user, assistant or tool)", i, m.Role)
		}
	}
	if turns == nil {
		turns = []map[string]any{}
	}
	maxTokens := req.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	body := map[string]any{"model": req.Model, "messages": turns, "max_tokens": maxTokens}
	if req.System != "" {
		body["system"] = req.System
	}
	if req.Temperature != nil {
		body["temperature"] = *req.Temperature
	}
	var tools []map[string]any
	for _, t := range req.Tools {
		tool := map[string]any{"name": t.Name, "input_schema": objectSchema(t.Parameters)}
		if t.Description != "" {
			tool["description"] = t.Description
		}
		tools = append(tools, tool)
	}
	if s := req.Schema; s != nil {
		// Anthropic's structured answer: a tool whose input is the answer,
		// which the model is made to call.
		desc := s.Description
		if desc == "" {
			desc = "Record the answer."
		}
		tools = append(tools, map[string]any{"name": s.Name, "description": desc, "input_schema": s.Schema})
		body["tool_choice"] = map[string]any{"type": "tool", "name": s.Name}
	}
	if tools != nil {
		body["tools"] = tools
	}
	return body, nil
}

// anthropicAnswer is the part of a Messages answer read here.
type anthropicAnswer struct {
	Model   string `json:"model"`
	Content []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
	Usage      struct {
		InputTokens              int64 `json:"input_tokens"`
		OutputTokens             int64 `json:"output_tokens"`
		CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
		CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
	} `json:"usage"`
}

func anthropicResponse(raw []byte, schema *Schema) (*Response, error) {
	var a anthropicAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("the model endpoint's answer is not a Messages response: %v", err)
	}
	resp := &Response{Model: a.Model}
	resp.Usage.InputTokens = a.Usage.InputTokens
	resp.Usage.OutputTokens = a.Usage.OutputTokens
	resp.Usage.CacheCreationTokens = a.Usage.CacheCreationInputTokens
	resp.Usage.CacheReadTokens = a.Usage.CacheReadInputTokens
	var text []string
	for _, b := range a.Content {
		switch b.Type {
		case "text":
			text = append(text, b.Text)
		case "tool_use":
			if schema != nil && b.Name == schema.Name && resp.JSON == nil {
				resp.JSON = b.Input
				continue
			}
			resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: b.ID, Name: b.Name, Arguments: arguments(b.Input)})
		}
	}
	resp.Text = strings.Join(text, "")
	switch a.StopReason {
	case "end_turn", "stop_sequence", "":
		resp.StopReason = StopEnd
	default:
		resp.StopReason = a.StopReason // tool_use, max_tokens, refusal, pause_turn
	}
	if resp.StopReason == StopToolUse && len(resp.ToolCalls) == 0 && resp.JSON != nil {
		resp.StopReason = StopEnd // the only call was the forced answer
	}
	return resp, nil
}
