// Package llm is Baton's one client for chat models: the replay runner and
// the optional model-written analysis both speak through it. It talks to
// two kinds of server:
//
//   - OpenAI-compatible chat completions (POST {base}/chat/completions, a
//     bearer key): OpenAI itself, Ollama, vLLM, llama.cpp, LM Studio and the
//     many gateways that copy its shape;
//   - Anthropic Messages, natively (POST {base}/v1/messages, x-api-key and
//     anthropic-version headers, a top-level system, content blocks).
//
// A Request is written once, in a neutral shape (system, messages with tool
// calls and tool results, tools, temperature, max tokens, an optional JSON
// schema the answer must follow), and each provider's wire format is made
// from it; the Response reads the same whichever server answered. Every
// failure is an error that says what happened: the HTTP status with the
// provider's own message, a timeout with its limit, an answer that is not
// the JSON the schema asked for.
package llm

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Providers: the wire format a Config speaks.
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
)

// Roles of a Message.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool" // a tool's answer to one of the assistant's calls
)

// Stop reasons, the same for both providers.
const (
	StopEnd       = "end_turn"   // the model finished its answer
	StopToolUse   = "tool_use"   // the model is waiting for its tool calls' results
	StopMaxTokens = "max_tokens" // the answer was cut at the token limit
	StopRefusal   = "refusal"    // the provider's filter stopped the answer
)

// DefaultTimeout bounds one request when the Config names none: a long
// answer of a slow local model fits in it, a server that hangs does not.
const DefaultTimeout = 2 * time.Minute

// DefaultMaxTokens is the answer limit sent to Anthropic, which requires
// one, when a request sets none.
const DefaultMaxTokens = 4096

// Message is one turn of the conversation sent to the model.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content,omitempty"`
	// ToolCalls are the calls an assistant turn made.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID is, on a RoleTool message, the call it answers; IsError
	// says the tool failed.
	ToolCallID string `json:"tool_call_id,omitempty"`
	IsError    bool   `json:"is_error,omitempty"`
}

// ToolCall is the model asking for a tool: an id the result refers back
// to, the tool's name and its arguments as a JSON object.
type ToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Tool is a tool the model may call; Parameters is the JSON schema of its
// arguments (an object schema; nil means any object).
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

// Schema asks for an answer that is one JSON value following a JSON
// schema. OpenAI-compatible servers get it as response_format json_schema
// (strict); Anthropic gets a tool named Name whose input_schema is the
// schema, and is made to call it. Either way the answer is parsed and
// validated here (servers that ignore the request are common), and lands
// in Response.JSON.
type Schema struct {
	Name        string          `json:"name"` // letters, digits, _ and -
	Description string          `json:"description,omitempty"`
	Schema      json.RawMessage `json:"schema"`
}

// Request is one chat completion.
type Request struct {
	// Model names the model; empty uses the Config's.
	Model    string
	System   string
	Messages []Message
	Tools    []Tool
	// Temperature is sent only when set.
	Temperature *float64
	// MaxTokens bounds the answer; 0 sends none (Anthropic gets
	// DefaultMaxTokens, which it requires).
	MaxTokens int
	// Schema, when set, asks for a JSON answer that follows it.
	Schema *Schema
}

// Response is the model's answer.
type Response struct {
	// Model is the model that answered, as the server names it.
	Model string
	// Text is the answer's text (Anthropic's text blocks joined).
	Text      string
	ToolCalls []ToolCall
	// JSON is the answer to a Schema request: parsed and valid against it.
	JSON       json.RawMessage
	Usage      baton.Usage
	StopReason string
}

// Error is a request the server refused or could not serve: the HTTP
// status and the provider's own words (its error type and message).
type Error struct {
	Provider string
	Status   int
	Type     string // as "rate_limit_error", "invalid_request_error"; may be empty
	Message  string
}

func (e *Error) Error() string {
	msg := e.Message
	if e.Type != "" {
		msg = e.Type + ": " + msg
	}
	return fmt.Sprintf("the model endpoint (%s) answered %d: %s", e.Provider, e.Status, msg)
}

// InvalidOutputError is an answer that is not what a Schema asked for:
// not JSON, or JSON the schema does not allow.
type InvalidOutputError struct {
	Reason string
}

func (e *InvalidOutputError) Error() string {
	return "the model's answer does not follow the schema: " + e.Reason
}
