package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/uptrace/bun"
)

// addTokensInTx adds delta to a session's token totals and estimated cost.
func addTokensInTx(ctx context.Context, tx bun.IDB, sessionID string, delta baton.SessionTokens) error {
	if delta == (baton.SessionTokens{}) {
		return nil
	}
	_, err := tx.NewRaw(`UPDATE sessions SET tokens_input = tokens_input + ?, tokens_output = tokens_output + ?,
		tokens_cache_read = tokens_cache_read + ?, tokens_cache_write = tokens_cache_write + ?, tokens_total = tokens_total + ?,
		tokens_cost_usd = tokens_cost_usd + ?, tokens_unpriced = tokens_unpriced + ? WHERE id = ?`,
		delta.Input, delta.Output, delta.CacheRead, delta.CacheWrite, delta.Total, delta.CostUSD, delta.Unpriced, sessionID).Exec(ctx)
	return err
}

// recountTokensInTx sets a session's token totals and estimated cost from
// all its messages: for a session stored before the store kept them, whose
// cost migration 0009 could not know.
func recountTokensInTx(ctx context.Context, tx bun.IDB, stewardID int64, sessionID string) error {
	var rows []*baton.Message
	if err := tx.NewSelect().Model(&rows).Column("model", "usage").
		Where("session_id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
		return err
	}
	t := pricing.Totals(rows)
	_, err := tx.NewRaw(`UPDATE sessions SET tokens_input = ?, tokens_output = ?, tokens_cache_read = ?, tokens_cache_write = ?,
		tokens_total = ?, tokens_cost_usd = ?, tokens_unpriced = ? WHERE id = ? AND steward_id = ?`,
		t.Input, t.Output, t.CacheRead, t.CacheWrite, t.Total, t.CostUSD, t.Unpriced, sessionID, stewardID).Exec(ctx)
	return err
}
