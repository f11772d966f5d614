package main

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/modelanalysis"
	"github.com/baton-dev/baton/internal/store"
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

// modelWriter is the model-written analysis the environment turns on, or
// nil (the default: no session text leaves the machine unless asked).
//
//	BATON_LLM_ANALYSIS                 1 turns it on (needs a model endpoint)
//	BATON_LLM_ANALYSIS_MODEL           the model asked (default BATON_LLM_MODEL)
//	BATON_LLM_ANALYSIS_DAILY_TOKENS    a steward's tokens a day (default 200000; 0 is no bound)
//	BATON_LLM_ANALYSIS_DAILY_USD       a steward's estimated dollars a day (default no bound)
func modelWriter(env environment, st *store.Store) (*modelanalysis.Writer, error) {
	switch on := env.get("BATON_LLM_ANALYSIS", "0"); on {
	case "0", "off", "":
		return nil, nil
	case "1", "on":
	default:
		return nil, fmt.Errorf("BATON_LLM_ANALYSIS: %q is neither 1 nor 0", on)
	}
	c, err := llmClient(env)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, fmt.Errorf("BATON_LLM_ANALYSIS: no model endpoint is configured (set BATON_LLM_BASE_URL or BATON_LLM_PROVIDER)")
	}
	cfg := modelanalysis.Config{Client: c, Model: env.get("BATON_LLM_ANALYSIS_MODEL", ""), DailyTokens: 200000}
	if v := env.get("BATON_LLM_ANALYSIS_DAILY_TOKENS", ""); v != "" {
		if cfg.DailyTokens, err = strconv.ParseInt(v, 10, 64); err != nil || cfg.DailyTokens < 0 {
			return nil, fmt.Errorf("BATON_LLM_ANALYSIS_DAILY_TOKENS: %q is not a whole number of tokens", v)
		}
	}
	if v := env.get("BATON_LLM_ANALYSIS_DAILY_USD", ""); v != "" {
		if cfg.DailyUSD, err = strconv.ParseFloat(v, 64); err != nil || cfg.DailyUSD < 0 || math.IsInf(cfg.DailyUSD, 0) || math.IsNaN(cfg.DailyUSD) {
			return nil, fmt.Errorf("BATON_LLM_ANALYSIS_DAILY_USD: %q is not an amount of dollars", v)
		}
	}
	return modelanalysis.New(st, cfg), nil
}

// withModelAnalysis turns model-written analysis on for an importer's
// analysis when the environment asks for it.
func withModelAnalysis(env environment, st *store.Store, im *ingest.Importer) error {
	w, err := modelWriter(env, st)
	if err != nil || w == nil {
		return err
	}
	im.Analysis().SetModelWriter(w)
	return nil
}
