package baton

// SessionTokens are a session's token totals across all its
// conversations, and what they are estimated to have cost (see package
// pricing for the price table). They follow the messages: the store adds
// a message's usage when it is written and takes it off when the message
// is replaced.
type SessionTokens struct {
	Input      int64 `json:"input" bun:"input,notnull"`
	Output     int64 `json:"output" bun:"output,notnull"`
	CacheRead  int64 `json:"cache_read" bun:"cache_read,notnull"`
	CacheWrite int64 `json:"cache_write" bun:"cache_write,notnull"`
	// Total is the four added up, kept so the session list sorts on it.
	Total int64 `json:"total" bun:"total,notnull"`
	// CostUSD is the estimated cost of the priced tokens, in US dollars.
	CostUSD float64 `json:"estimated_cost_usd" bun:"cost_usd,notnull"`
	// Unpriced counts the tokens of models the price table does not know.
	Unpriced int64 `json:"unpriced_tokens" bun:"unpriced,notnull"`
}
