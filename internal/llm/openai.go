package llm

import (
	"encoding/json"
	"fmt"
	"strings"
)

// openAIBody is a Chat Completions request: a system message first, user
// and assistant turns (tool calls' arguments as a JSON string), and one
// "tool" message per tool result.
func openAIBody(req Request) (map[string]any, error) {
	msgs := []map[string]any{}
	if req.System != "" {
		msgs = append(msgs, map[string]any{"role": "system", "content": req.System})
	}
	for i, m := range req.Messages {
		switch m.Role {
		case RoleUser:
			msgs = append(msgs, map[string]any{"role": "user", "content": m.Content})
		case RoleAssistant:
			out := map[string]any{"role": "assistant", "content": nil}
			if m.Content != "" {
				out["content"] = m.Content
			}
			if len(m.ToolCalls) > 0 {
				var calls []map[string]any
				for _, tc := range m.ToolCalls {
					calls = append(calls, map[string]any{"id": tc.ID, "type": "function",
						"function": map[string]any{"name": tc.Name, "arguments": string(arguments(tc.Arguments))}})
				}
				out["tool_calls"] = calls
			}
			msgs = append(msgs, out)
		case RoleTool:
			msgs = append(msgs, map[string]any{"role": "tool", "tool_call_id": m.ToolCallID, "content": m.Content})
		default:
			return nil, fmt.Errorf("llm: message %d has role %q (user, assistant or tool)", i, m.Role)
		}
	}
	body := map[string]any{"messages": msgs}
	if req.Model != "" {
		body["model"] = req.Model
	}
	if req.Temperature != nil {
		body["temperature"] = *req.Temperature
	}
	if req.MaxTokens > 0 {
		// OpenAI's reasoning models refuse max_tokens; other servers know
		// only max_tokens.
		if reasoningModel(req.Model) {
			body["max_completion_tokens"] = req.MaxTokens
		} else {
			body["max_tokens"] = req.MaxTokens
		}
	}
	if len(req.Tools) > 0 {
		var tools []map[string]any
		for _, t := range req.Tools {
			fn := map[string]any{"name": t.Name, "parameters": objectSchema(t.Parameters)}
			if t.Description != "" {
				fn["description"] = t.Description
			}
			tools = append(tools, map[string]any{"type": "function", "function": fn})
		}
		body["tools"] = tools
	}
	if s := req.Schema; s != nil {
		js := map[string]any{"name": s.Name, "schema": s.Schema, "strict": true}
		if s.Description != "" {
			js["description"] = s.Description
		}
		body["response_format"] = map[string]any{"type": "json_schema", "json_schema": js}
	}
	return body, nil
}

// reasoningModel is OpenAI's o-series and GPT-5, which take
// max_completion_tokens.
func reasoningModel(model string) bool {
	m := strings.ToLower(model)
	for _, p := range []string{"o1", "o3", "o4", "gpt-5"} {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}

// arguments is a call's arguments as a JSON object ({} when empty).
func arguments(a json.RawMessage) json.RawMessage {
	if len(strings.TrimSpace(string(a))) == 0 {
		return json.RawMessage(`{}`)
	}
	return a
}

func objectSchema(s json.RawMessage) json.RawMessage {
	if len(s) == 0 {
		return json.RawMessage(`{"type":"object"}`)
	}
	return s
}

// openAIAnswer is the part of a chat completion read here.
type openAIAnswer struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content   json.RawMessage `json:"content"`
			Refusal   string          `json:"refusal"`
			ToolCalls []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens        int64 `json:"prompt_tokens"`
		CompletionTokens    int64 `json:"completion_tokens"`
		PromptTokensDetails struct {
			CachedTokens int64 `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	} `json:"usage"`
}

func openAIResponse(raw []byte) (*Response, error) {
	var a openAIAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("the model endpoint's answer is not a chat completion: %v", err)
	}
	if len(a.Choices) == 0 {
		return nil, fmt.Errorf("the model endpoint answered with no choices")
	}
	c := a.Choices[0]
	resp := &Response{Model: a.Model, Text: contentText(c.Message.Content)}
	// Cached prompt tokens are counted within prompt_tokens; Baton keeps
	// them apart, as Anthropic does, so each kind is priced once.
	cached := a.Usage.PromptTokensDetails.CachedTokens
	resp.Usage.InputTokens = a.Usage.PromptTokens - cached
	resp.Usage.CacheReadTokens = cached
	resp.Usage.OutputTokens = a.Usage.CompletionTokens
	for _, tc := range c.Message.ToolCalls {
		args := json.RawMessage(tc.Function.Arguments)
		if !json.Valid(args) {
			args = json.RawMessage(`{}`)
		}
		resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: args})
	}
	switch c.FinishReason {
	case "stop", "":
		resp.StopReason = StopEnd
	case "tool_calls", "function_call":
		resp.StopReason = StopToolUse
	case "length":
		resp.StopReason = StopMaxTokens
	case "content_filter":
		resp.StopReason = StopRefusal
	default:
		resp.StopReason = c.FinishReason
	}
	if len(resp.ToolCalls) > 0 && resp.StopReason == StopEnd {
		resp.StopReason = StopToolUse // some servers say "stop" with calls
	}
	if c.Message.Refusal != "" {
		resp.StopReason = StopRefusal
		if resp.Text == "" {
			resp.Text = c.Message.Refusal
		}
	}
	return resp, nil
}

// contentText reads a message's content: a string, null, or (from some
// servers) a list of text parts.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return ""
}
