package main

import (
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/llm"
)

// llmClient is the model client the environment configures, or nil when
// none is: BATON_LLM_BASE_URL or BATON_LLM_PROVIDER turns it on.
//
//	BATON_LLM_PROVIDER            openai | anthropic (default: anthropic for an
//	                              api.anthropic.com base URL, otherwise openai)
//	BATON_LLM_BASE_URL            the server (default: the provider's public API)
//	BATON_LLM_API_KEY (_FILE)     its key
//	BATON_LLM_MODEL               the model used where none is named
//	BATON_LLM_TIMEOUT             one request's limit, as 90s or 2m (default 2m)
func llmClient(env environment) (*llm.Client, error) {
	base := env.get("BATON_LLM_BASE_URL", "")
	provider := env.get("BATON_LLM_PROVIDER", "")
	if base == "" && provider == "" {
		return nil, nil
	}
	key, err := env.secret("BATON_LLM_API_KEY")
	if err != nil {
		return nil, err
	}
	cfg := llm.Config{Provider: provider, BaseURL: base, APIKey: key, Model: env.get("BATON_LLM_MODEL", "")}
	if t := env.get("BATON_LLM_TIMEOUT", ""); t != "" {
		if cfg.Timeout, err = time.ParseDuration(t); err != nil || cfg.Timeout <= 0 {
			return nil, fmt.Errorf("BATON_LLM_TIMEOUT: %q is not a duration such as 90s or 2m", t)
		}
	}
	return llm.New(cfg)
}
