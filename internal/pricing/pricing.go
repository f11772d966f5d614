// Package pricing estimates what a model's token usage cost, from a table
// of list prices. The figures are estimates: they are the providers'
// published list prices per million tokens for standard (not batch, not
// priority) use, as of late 2025, in US dollars, and know nothing of
// discounts, free tiers or later price changes. A model not in the table
// has no price; its tokens are counted as unpriced, never guessed.
//
// The table (per million tokens: input / output / cache write / cache read):
//
//	Claude Opus 4.5 (claude-opus-4-5…)                  5.00 / 25.00 / 6.25 / 0.50
//	Claude Opus 4, 4.1 (claude-opus-4…, claude-3-opus)  15.00 / 75.00 / 18.75 / 1.50
//	Claude Sonnet 4, 4.5, 3.7, 3.5 (…sonnet…)            3.00 / 15.00 / 3.75 / 0.30
//	Claude Haiku 4.5 (claude-haiku-4-5…)                 1.00 / 5.00 / 1.25 / 0.10
//	Claude Haiku 3.5 (claude-3-5-haiku…)                 0.80 / 4.00 / 1.00 / 0.08
//	Claude Haiku 3 (claude-3-haiku…)                     0.25 / 1.25 / 0.30 / 0.03
//	GPT-5 (gpt-5…)                                       1.25 / 10.00 / — / 0.125
//	GPT-5 mini (gpt-5-mini…)                             0.25 / 2.00 / — / 0.025
//	GPT-4.1 (gpt-4.1…)                                   2.00 / 8.00 / — / 0.50
//	GPT-4.1 mini (gpt-4.1-mini…)                         0.40 / 1.60 / — / 0.10
//	GPT-4o (gpt-4o…)                                     2.50 / 10.00 / — / 1.25
//	GPT-4o mini (gpt-4o-mini…)                           0.15 / 0.60 / — / 0.075
//	o3 (o3…)                                             2.00 / 8.00 / — / 0.50
//	o4-mini (o4-mini…)                                   1.10 / 4.40 / — / 0.275
//	o1 (o1…)                                             15.00 / 60.00 / — / 7.50
//
// OpenAI bills no separate cache write; its cache writes are priced as
// input.
package pricing

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Price is what a million tokens of each kind cost, in US dollars.
type Price struct {
	Name                                 string
	Input, Output, CacheWrite, CacheRead float64
}

// table is matched in order: the first entry whose every pattern occurs in
// the lower-cased model name wins, so specific entries come first.
var table = []struct {
	patterns []string
	price    Price
}{
	{[]string{"opus-4-5"}, Price{"Claude Opus 4.5", 5, 25, 6.25, 0.50}},
	{[]string{"opus-4"}, Price{"Claude Opus 4", 15, 75, 18.75, 1.50}},
	{[]string{"3-opus"}, Price{"Claude Opus 3", 15, 75, 18.75, 1.50}},
	{[]string{"claude", "sonnet"}, Price{"Claude Sonnet", 3, 15, 3.75, 0.30}},
	{[]string{"haiku-4-5"}, Price{"Claude Haiku 4.5", 1, 5, 1.25, 0.10}},
	{[]string{"3-5-haiku"}, Price{"Claude Haiku 3.5", 0.80, 4, 1, 0.08}},
	{[]string{"3-haiku"}, Price{"Claude Haiku 3", 0.25, 1.25, 0.30, 0.03}},
	{[]string{"gpt-5-mini"}, Price{"GPT-5 mini", 0.25, 2, 0.25, 0.025}},
	{[]string{"gpt-5"}, Price{"GPT-5", 1.25, 10, 1.25, 0.125}},
	{[]string{"gpt-4.1-mini"}, Price{"GPT-4.1 mini", 0.40, 1.60, 0.40, 0.10}},
	{[]string{"gpt-4.1"}, Price{"GPT-4.1", 2, 8, 2, 0.50}},
	{[]string{"gpt-4o-mini"}, Price{"GPT-4o mini", 0.15, 0.60, 0.15, 0.075}},
	{[]string{"gpt-4o"}, Price{"GPT-4o", 2.50, 10, 2.50, 1.25}},
	{[]string{"o4-mini"}, Price{"o4-mini", 1.10, 4.40, 1.10, 0.275}},
	{[]string{"o3"}, Price{"o3", 2, 8, 2, 0.50}},
	{[]string{"o1"}, Price{"o1", 15, 60, 15, 7.50}},
}

// For returns the price of a model, and false for a model the table does
// not know.
func For(model string) (Price, bool) {
	m := strings.ToLower(strings.TrimSpace(model))
	if m == "" {
		return Price{}, false
	}
	for _, e := range table {
		all := true
		for _, p := range e.patterns {
			all = all && strings.Contains(m, p)
		}
		if all {
			return e.price, true
		}
	}
	return Price{}, false
}

// Cost is the estimated cost of one response's usage, in US dollars; ok
// is false when the model has no price.
func Cost(model string, u baton.Usage) (float64, bool) {
	p, ok := For(model)
	if !ok {
		return 0, false
	}
	return (float64(u.InputTokens)*p.Input + float64(u.OutputTokens)*p.Output +
		float64(u.CacheCreationTokens)*p.CacheWrite + float64(u.CacheReadTokens)*p.CacheRead) / 1e6, true
}

// Add counts one message's usage into a session's totals sign times (1
// to add it, -1 to take it back off). Tokens of a model without a price
// count as unpriced.
func Add(t *baton.SessionTokens, model string, u baton.Usage, sign int64) {
	t.Input += sign * u.InputTokens
	t.Output += sign * u.OutputTokens
	t.CacheRead += sign * u.CacheReadTokens
	t.CacheWrite += sign * u.CacheCreationTokens
	t.Total += sign * u.Total()
	if u.Total() == 0 {
		return
	}
	if c, ok := Cost(model, u); ok {
		t.CostUSD += float64(sign) * c
		return
	}
	t.Unpriced += sign * u.Total()
}

// Totals adds up the usage of messages.
func Totals(msgs []*baton.Message) baton.SessionTokens {
	var t baton.SessionTokens
	for _, m := range msgs {
		Add(&t, m.Model, m.Usage, 1)
	}
	return t
}
