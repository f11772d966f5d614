package pricing

import (
	"math"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

func TestFor(t *testing.T) {
	for model, want := range map[string]string{
		"claude-opus-4-5-20251101":   "Claude Opus 4.5",
		"claude-opus-4-1-20250805":   "Claude Opus 4",
		"claude-sonnet-4-5-20250929": "Claude Sonnet",
		"claude-3-7-sonnet-20250219": "Claude Sonnet",
		"claude-haiku-4-5-20251001":  "Claude Haiku 4.5",
		"claude-3-5-haiku-20241022":  "Claude Haiku 3.5",
		"gpt-4o-mini-2024-07-18":     "GPT-4o mini",
		"gpt-4o":                     "GPT-4o",
		"gpt-5-mini":                 "GPT-5 mini",
		"o3-2025-04-16":              "o3",
	} {
		if p, ok := For(model); !ok || p.Name != want {
			t.Errorf("For(%q) = %q, %v; want %q", model, p.Name, ok, want)
		}
	}
	for _, unknown := range []string{"", "<synthetic>", "llama-3-70b", "mistral-large"} {
		if p, ok := For(unknown); ok {
			t.Errorf("For(%q) = %q; want no price", unknown, p.Name)
		}
	}
}

func TestTotals(t *testing.T) {
	msgs := []*baton.Message{
		{Model: "claude-sonnet-4-5", Usage: baton.Usage{InputTokens: 1_000_000, OutputTokens: 100_000, CacheReadTokens: 2_000_000, CacheCreationTokens: 10_000}},
		{Model: "llama-3-70b", Usage: baton.Usage{InputTokens: 500, OutputTokens: 20}},
		{Role: baton.RoleSteward},
	}
	got := Totals(msgs)
	// 1M×3 + 0.1M×15 + 2M×0.30 + 0.01M×3.75 = 3 + 1.5 + 0.6 + 0.0375
	if math.Abs(got.CostUSD-5.1375) > 1e-9 {
		t.Errorf("cost %v, want 5.1375", got.CostUSD)
	}
	want := baton.SessionTokens{Input: 1_000_500, Output: 100_020, CacheRead: 2_000_000, CacheWrite: 10_000, Total: 3_110_520, CostUSD: got.CostUSD, Unpriced: 520}
	if got != want {
		t.Errorf("totals %+v, want %+v", got, want)
	}
	Add(&got, "llama-3-70b", baton.Usage{InputTokens: 500, OutputTokens: 20}, -1)
	if got.Unpriced != 0 || got.Input != 1_000_000 {
		t.Errorf("taking a message back off: %+v", got)
	}
}
