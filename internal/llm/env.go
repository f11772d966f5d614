package llm

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// FromEnv is the client the environment configures, or nil when it
// configures none: BATON_LLM_BASE_URL or BATON_LLM_PROVIDER turns it on.
//
//	BATON_LLM_PROVIDER            openai | anthropic (default: anthropic for an
//	                              api.anthropic.com base URL, otherwise openai)
//	BATON_LLM_BASE_URL            the server (default: the provider's public API)
//	BATON_LLM_API_KEY (_FILE)     its key, or the file that holds it
//	BATON_LLM_MODEL               the model used where none is named
//	BATON_LLM_TIMEOUT             one request's limit, as 90s or 2m (default 2m)
func FromEnv(getenv func(string) string) (*Client, error) {
	base, provider := getenv("BATON_LLM_BASE_URL"), getenv("BATON_LLM_PROVIDER")
	if base == "" && provider == "" {
		return nil, nil
	}
	key := getenv("BATON_LLM_API_KEY")
	if key == "" {
		if path := getenv("BATON_LLM_API_KEY_FILE"); path != "" {
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("BATON_LLM_API_KEY_FILE: %w", err)
			}
			key = strings.TrimSpace(string(b))
		}
	}
	cfg := Config{Provider: provider, BaseURL: base, APIKey: key, Model: getenv("BATON_LLM_MODEL")}
	if t := getenv("BATON_LLM_TIMEOUT"); t != "" {
		d, err := time.ParseDuration(t)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("BATON_LLM_TIMEOUT: %q is not a duration such as 90s or 2m", t)
		}
		cfg.Timeout = d
	}
	return New(cfg)
}
