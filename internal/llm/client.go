package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Config says which server to talk to and how. cmd/baton fills it from the
// environment (BATON_LLM_PROVIDER, BATON_LLM_BASE_URL, BATON_LLM_API_KEY
// or BATON_LLM_API_KEY_FILE, BATON_LLM_MODEL, BATON_LLM_TIMEOUT).
type Config struct {
	// Provider is ProviderOpenAI or ProviderAnthropic; empty guesses from
	// the base URL (api.anthropic.com speaks Anthropic, anything else
	// OpenAI's shape).
	Provider string
	// BaseURL is where the API lives: "http://localhost:11434/v1" for an
	// OpenAI-compatible server (requests go to {base}/chat/completions),
	// "https://api.anthropic.com" for Anthropic (requests go to
	// {base}/v1/messages; a base that already ends in /v1 is accepted).
	// Empty uses the provider's public API.
	BaseURL string
	APIKey  string
	// Model is used by requests that name none.
	Model string
	// Timeout bounds one request, answer read included; 0 is DefaultTimeout.
	Timeout time.Duration
	// HTTPClient, when set, sends the requests (its own Timeout, if any,
	// applies as well).
	HTTPClient *http.Client
}

// AnthropicVersion is the anthropic-version header sent with every
// Anthropic request.
const AnthropicVersion = "2023-06-01"

// Client sends chat completions to one configured server. It is safe for
// concurrent use.
type Client struct {
	cfg  Config
	http *http.Client
}

// New checks a Config and returns its Client.
func New(cfg Config) (*Client, error) {
	cfg.Provider = strings.ToLower(strings.TrimSpace(cfg.Provider))
	if cfg.Provider == "" {
		cfg.Provider = ProviderOpenAI
		if strings.Contains(strings.ToLower(cfg.BaseURL), "anthropic.com") {
			cfg.Provider = ProviderAnthropic
		}
	}
	switch cfg.Provider {
	case ProviderOpenAI:
		if cfg.BaseURL == "" {
			cfg.BaseURL = "https://api.openai.com/v1"
		}
	case ProviderAnthropic:
		if cfg.BaseURL == "" {
			cfg.BaseURL = "https://api.anthropic.com"
		}
	default:
		return nil, fmt.Errorf("BATON_LLM_PROVIDER: %q is not a provider (openai or anthropic)", cfg.Provider)
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("BATON_LLM_BASE_URL: %q is not an http(s) URL", cfg.BaseURL)
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Timeout < 0 {
		return nil, fmt.Errorf("BATON_LLM_TIMEOUT: %s is negative", cfg.Timeout)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	return &Client{cfg: cfg, http: hc}, nil
}

// Provider is the wire format the client speaks.
func (c *Client) Provider() string { return c.cfg.Provider }

// Model is the model requests that name none are sent to.
func (c *Client) Model() string { return c.cfg.Model }

// BaseURL is the server's base URL, as configured.
func (c *Client) BaseURL() string { return c.cfg.BaseURL }

// Complete sends one request and reads its answer. With a Schema, the
// answer is parsed and validated, and an answer that does not follow it is
// an *InvalidOutputError (the Response is returned too, for its usage: the
// tokens were spent).
func (c *Client) Complete(ctx context.Context, req Request) (*Response, error) {
	if req.Model == "" {
		req.Model = c.cfg.Model
	}
	if req.Schema != nil {
		if req.Schema.Name == "" || !json.Valid(req.Schema.Schema) {
			return nil, fmt.Errorf("llm: a schema needs a name and a JSON schema")
		}
	}
	var (
		path string
		body any
		err  error
	)
	switch c.cfg.Provider {
	case ProviderAnthropic:
		if req.Model == "" {
			return nil, fmt.Errorf("no model named: set BATON_LLM_MODEL (Anthropic requires one)")
		}
		path = "/v1/messages"
		if strings.HasSuffix(c.cfg.BaseURL, "/v1") {
			path = "/messages"
		}
		body, err = anthropicBody(req)
	default:
		path = "/chat/completions"
		body, err = openAIBody(req)
	}
	if err != nil {
		return nil, err
	}
	raw, err := c.post(ctx, path, body)
	if err != nil {
		return nil, err
	}
	var resp *Response
	if c.cfg.Provider == ProviderAnthropic {
		resp, err = anthropicResponse(raw, req.Schema)
	} else {
		resp, err = openAIResponse(raw)
	}
	if err != nil {
		return nil, err
	}
	if resp.Model == "" {
		resp.Model = req.Model
	}
	if req.Schema != nil {
		if err := structured(resp, req.Schema); err != nil {
			return resp, err
		}
	}
	return resp, nil
}

// structured fills resp.JSON from the answer (Anthropic's forced tool call
// is already there; OpenAI's is the text) and checks it against the schema.
func structured(resp *Response, s *Schema) error {
	out := resp.JSON
	if out == nil {
		text := strings.TrimSpace(resp.Text)
		// Servers without structured output often fence the JSON.
		if strings.HasPrefix(text, "```") {
			text = strings.TrimPrefix(text, "```json")
			text = strings.TrimPrefix(text, "```")
			text = strings.TrimSuffix(strings.TrimSpace(text), "```")
		}
		out = json.RawMessage(strings.TrimSpace(text))
	}
	if resp.StopReason == StopMaxTokens {
		return &InvalidOutputError{Reason: "the answer was cut at the token limit"}
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		return &InvalidOutputError{Reason: "not JSON: " + err.Error()}
	}
	if err := Validate(s.Schema, v); err != nil {
		return &InvalidOutputError{Reason: err.Error()}
	}
	resp.JSON = out
	return nil
}

// post sends a JSON body and returns the answer's body, or an error that
// says what went wrong.
func (c *Client) post(ctx context.Context, path string, body any) ([]byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	switch c.cfg.Provider {
	case ProviderAnthropic:
		hreq.Header.Set("anthropic-version", AnthropicVersion)
		if c.cfg.APIKey != "" {
			hreq.Header.Set("x-api-key", c.cfg.APIKey)
		}
	default:
		if c.cfg.APIKey != "" {
			hreq.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
		}
	}
	resp, err := c.http.Do(hreq)
	if err != nil {
		return nil, c.transportError(ctx, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, c.transportError(ctx, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, providerError(c.cfg.Provider, resp.StatusCode, raw)
	}
	return raw, nil
}

func (c *Client) transportError(ctx context.Context, err error) error {
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("the model endpoint (%s) did not answer within %s", c.cfg.BaseURL, c.cfg.Timeout)
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return fmt.Errorf("the request to the model endpoint was cancelled: %w", ctx.Err())
	}
	return fmt.Errorf("the model endpoint (%s) did not answer: %v", c.cfg.BaseURL, err)
}

// providerError reads both providers' error bodies ({"error":{"type",
// "message"}}), or keeps the start of a body that is neither.
func providerError(provider string, status int, raw []byte) error {
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	e := &Error{Provider: provider, Status: status}
	if json.Unmarshal(raw, &body) == nil && len(body.Error) > 0 {
		var detail struct {
			Type    string `json:"type"`
			Code    any    `json:"code"`
			Message string `json:"message"`
		}
		var text string
		if json.Unmarshal(body.Error, &detail) == nil && detail.Message != "" {
			e.Type, e.Message = detail.Type, detail.Message
		} else if json.Unmarshal(body.Error, &text) == nil && text != "" {
			e.Message = text // Ollama and others: {"error": "..."}
		}
	}
	if e.Message == "" {
		e.Message = clip(strings.TrimSpace(string(raw)), 300)
		if e.Message == "" {
			e.Message = http.StatusText(status)
		}
	}
	return e
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
