package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Runner drives a replay against an OpenAI-compatible chat completions
// endpoint: it sends the replay's context, appends the answer, and where
// the model calls a tool it reuses the recorded result of the same call
// (same tool, same arguments) or stops and says why.
type Runner struct {
	BaseURL string // as BATON_LLM_BASE_URL: "http://host:port/v1"
	APIKey  string
	Client  *http.Client
	// MaxSteps bounds the model calls of one run.
	MaxSteps int
	// Now stamps the messages the run adds.
	Now func() time.Time
}

// RunResult is what a run produced: the messages to append to the replay's
// conversation and, when it could not finish, why.
type RunResult struct {
	Messages []*baton.Message
	Failure  string
}

// chatResponse is the part of a chat completions answer the runner reads.
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content   *string `json:"content"`
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
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
}

// recordedResult finds, in the recorded run, the result of a call of the
// same tool with the same arguments.
func recordedResult(recorded []*baton.Message, name string, args json.RawMessage) (*baton.Message, bool) {
	results := map[string]*baton.Message{}
	for _, m := range recorded {
		if m.ToolResult != nil {
			results[m.ToolResult.ToolUseID] = m
		}
	}
	for _, m := range recorded {
		for _, tc := range m.ToolCalls {
			if tc.Name == name && sameJSON(toolInput(tc), args) {
				if r, ok := results[tc.ID]; ok {
					return r, true
				}
			}
		}
	}
	return nil, false
}

// Run drives one replay: prefix is its context (up to the fork
// point), recorded the whole transcript of the conversation it was forked
// from (where tool results are reused from).
func (rn *Runner) Run(ctx context.Context, r *baton.Replay, forkSeq int64, prefix []*baton.Message, recorded []*baton.Message) RunResult {
	var res RunResult
	exported, err := Export(r, forkSeq, prefix, FormatOpenAI)
	if err != nil {
		res.Failure = err.Error()
		return res
	}
	req := exported.Request
	msgs, _ := req["messages"].([]map[string]any)
	steps := rn.MaxSteps
	if steps <= 0 {
		steps = 8
	}
	now := rn.Now
	if now == nil {
		now = time.Now
	}
	n := 0
	add := func(m *baton.Message) {
		n++
		m.SourceID = fmt.Sprintf("run-%d-%d", now().UnixNano(), n)
		m.Timestamp = now()
		res.Messages = append(res.Messages, m)
	}
	for step := 0; step < steps; step++ {
		req["messages"] = msgs
		answer, err := rn.complete(ctx, req)
		if err != nil {
			res.Failure = err.Error()
			return res
		}
		if len(answer.Choices) == 0 {
			res.Failure = "the model answered with no choices"
			return res
		}
		choice := answer.Choices[0].Message
		model := answer.Model
		if model == "" {
			model = r.Model
		}
		text := ""
		if choice.Content != nil {
			text = *choice.Content
		}
		out := &baton.Message{Role: baton.RoleAssistant, Content: text, Model: model,
			Usage: baton.Usage{InputTokens: answer.Usage.PromptTokens, OutputTokens: answer.Usage.CompletionTokens}}
		assistant := map[string]any{"role": "assistant", "content": choice.Content}
		var calls []map[string]any
		for _, tc := range choice.ToolCalls {
			args := json.RawMessage(tc.Function.Arguments)
			if !json.Valid(args) {
				args = json.RawMessage(`{}`)
			}
			out.ToolCalls = append(out.ToolCalls, baton.ToolCall{ID: tc.ID, Name: tc.Function.Name, Input: args})
			calls = append(calls, map[string]any{"id": tc.ID, "type": "function", "function": map[string]any{"name": tc.Function.Name, "arguments": tc.Function.Arguments}})
		}
		if len(calls) > 0 {
			assistant["tool_calls"] = calls
			if text == "" {
				out.Role = baton.RoleToolCall
			}
		}
		add(out)
		msgs = append(msgs, assistant)
		if len(out.ToolCalls) == 0 {
			return res // the model answered: the run is done
		}
		for _, tc := range out.ToolCalls {
			if !r.ToolAllowed(tc.Name) {
				res.Failure = fmt.Sprintf("the model called %s, which the replay's tool filter does not allow", tc.Name)
				return res
			}
			rec, ok := recordedResult(recorded, tc.Name, tc.Input)
			if !ok {
				res.Failure = fmt.Sprintf("the model called %s with %s, a call the recorded run never made: there is no result to reuse", tc.Name, clipText(string(tc.Input), 200))
				return res
			}
			isErr := rec.ToolResult != nil && rec.ToolResult.IsError
			add(&baton.Message{Role: baton.RoleToolResult, Content: rec.Content, ToolResult: &baton.ToolResult{ToolUseID: tc.ID, IsError: isErr}})
			msgs = append(msgs, map[string]any{"role": "tool", "tool_call_id": tc.ID, "content": rec.Content})
		}
	}
	res.Failure = fmt.Sprintf("the model was still calling tools after %d steps", steps)
	return res
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// complete sends one chat completions request.
func (rn *Runner) complete(ctx context.Context, req map[string]any) (*chatResponse, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	url := strings.TrimRight(rn.BaseURL, "/") + "/chat/completions"
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	if rn.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+rn.APIKey)
	}
	client := rn.Client
	if client == nil {
		client = &http.Client{Timeout: 2 * time.Minute}
	}
	resp, err := client.Do(hreq)
	if err != nil {
		return nil, fmt.Errorf("the model endpoint did not answer: %v", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the model endpoint answered %d: %s", resp.StatusCode, clipText(strings.TrimSpace(string(raw)), 300))
	}
	var out chatResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("the model endpoint's answer is not a chat completion: %v", err)
	}
	return &out, nil
}
