package modelanalysis

import (
	"fmt"
	"math"
	"strconv"

	"github.com/baton-dev/baton/internal/llm"
)

// DefaultDailyTokens is a steward's daily budget when none is set.
const DefaultDailyTokens = 200000

// ConfigFromEnv reads the model analysis settings: the model endpoint
// (llm.FromEnv) and
//
//	BATON_LLM_ANALYSIS_MODEL           the model asked (default BATON_LLM_MODEL)
//	BATON_LLM_ANALYSIS_DAILY_TOKENS    a steward's tokens a day (default 200000; 0 is no bound)
//	BATON_LLM_ANALYSIS_DAILY_USD       a steward's estimated dollars a day (default no bound)
//
// It is an error when no endpoint is configured. Whether model analysis
// runs at all is the caller's switch (BATON_LLM_ANALYSIS for baton serve
// and baton import).
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c, err := llm.FromEnv(getenv)
	if err != nil {
		return Config{}, err
	}
	if c == nil {
		return Config{}, fmt.Errorf("no model endpoint is configured (set BATON_LLM_BASE_URL or BATON_LLM_PROVIDER)")
	}
	cfg := Config{Client: c, Model: getenv("BATON_LLM_ANALYSIS_MODEL"), DailyTokens: DefaultDailyTokens}
	if v := getenv("BATON_LLM_ANALYSIS_DAILY_TOKENS"); v != "" {
		if cfg.DailyTokens, err = strconv.ParseInt(v, 10, 64); err != nil || cfg.DailyTokens < 0 {
			return Config{}, fmt.Errorf("BATON_LLM_ANALYSIS_DAILY_TOKENS: %q is not a whole number of tokens", v)
		}
	}
	if v := getenv("BATON_LLM_ANALYSIS_DAILY_USD"); v != "" {
		if cfg.DailyUSD, err = strconv.ParseFloat(v, 64); err != nil || cfg.DailyUSD < 0 || math.IsInf(cfg.DailyUSD, 0) || math.IsNaN(cfg.DailyUSD) {
			return Config{}, fmt.Errorf("BATON_LLM_ANALYSIS_DAILY_USD: %q is not an amount of dollars", v)
		}
	}
	return cfg, nil
}
