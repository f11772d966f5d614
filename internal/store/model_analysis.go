package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Model-written analysis (migration 0025): each session's model step, the
// model's answers cached by content, and each steward's daily use. Every
// row carries its steward, and every query here is scoped by it.

type sessionModelRow struct {
	bun.BaseModel `bun:"table:session_model_analyses"`

	SessionID     string              `bun:"session_id,pk"`
	StewardID     int64               `bun:"steward_id,notnull"`
	AnalysedAt    time.Time           `bun:"analysed_at,notnull"`
	Model         string              `bun:"model,notnull"`
	Status        string              `bun:"status,notnull"`
	Reason        string              `bun:"reason,notnull"`
	Fields        []baton.FieldSource `bun:"fields,type:json,notnull"`
	InputTokens   int64               `bun:"input_tokens,notnull"`
	OutputTokens  int64               `bun:"output_tokens,notnull"`
	CacheRead     int64               `bun:"cache_read_tokens,notnull"`
	CacheWrite    int64               `bun:"cache_write_tokens,notnull"`
	CostUSD       float64             `bun:"cost_usd,notnull"`
	Priced        bool                `bun:"priced,notnull"`
	CacheKey      string              `bun:"cache_key,notnull"`
	PromptVersion string              `bun:"prompt_version,notnull"`
}

type modelCacheRow struct {
	bun.BaseModel `bun:"table:model_analysis_cache"`

	StewardID    int64         `bun:"steward_id,pk"`
	Key          string        `bun:"cache_key,pk"`
	Model        string        `bun:"model,notnull"`
	Output       baton.RawJSON `bun:"output,type:json,notnull"`
	InputTokens  int64         `bun:"input_tokens,notnull"`
	OutputTokens int64         `bun:"output_tokens,notnull"`
	CacheRead    int64         `bun:"cache_read_tokens,notnull"`
	CacheWrite   int64         `bun:"cache_write_tokens,notnull"`
	CostUSD      float64       `bun:"cost_usd,notnull"`
	Priced       bool          `bun:"priced,notnull"`
	CreatedAt    time.Time     `bun:"created_at,notnull"`
}

type modelUsageRow struct {
	bun.BaseModel `bun:"table:model_usage_daily"`

	StewardID int64   `bun:"steward_id,pk"`
	Day       string  `bun:"day,pk"`
	Requests  int64   `bun:"requests,notnull"`
	Tokens    int64   `bun:"tokens,notnull"`
	CostUSD   float64 `bun:"cost_usd,notnull"`
}

// SaveModelAnalysis keeps the model step of one of the steward's
// sessions' analysis, replacing the one before. Another steward's session
// is NotFound.
func (s *Store) SaveModelAnalysis(ctx context.Context, stewardID int64, m *baton.ModelAnalysis) error {
	row := &sessionModelRow{
		SessionID: m.SessionID, StewardID: stewardID, AnalysedAt: m.AnalysedAt.UTC(), Model: m.Model,
		Status: m.Status, Reason: m.Reason, Fields: m.Fields,
		InputTokens: m.Usage.InputTokens, OutputTokens: m.Usage.OutputTokens,
		CacheRead: m.Usage.CacheReadTokens, CacheWrite: m.Usage.CacheCreationTokens,
		CostUSD: m.CostUSD, Priced: m.Priced, CacheKey: m.CacheKey, PromptVersion: m.PromptVersion,
	}
	if row.Fields == nil {
		row.Fields = []baton.FieldSource{}
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*baton.Session)(nil)).
			Where("id = ? AND steward_id = ?", m.SessionID, stewardID).Count(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return baton.NotFound("session")
		}
		_, err = tx.NewInsert().Model(row).
			On("CONFLICT (session_id) DO UPDATE").
			Set("analysed_at = EXCLUDED.analysed_at").
			Set("model = EXCLUDED.model").
			Set("status = EXCLUDED.status").
			Set("reason = EXCLUDED.reason").
			Set("fields = EXCLUDED.fields").
			Set("input_tokens = EXCLUDED.input_tokens").
			Set("output_tokens = EXCLUDED.output_tokens").
			Set("cache_read_tokens = EXCLUDED.cache_read_tokens").
			Set("cache_write_tokens = EXCLUDED.cache_write_tokens").
			Set("cost_usd = EXCLUDED.cost_usd").
			Set("priced = EXCLUDED.priced").
			Set("cache_key = EXCLUDED.cache_key").
			Set("prompt_version = EXCLUDED.prompt_version").
			Exec(ctx)
		return err
	})
}

// ModelAnalysis is the model step of one of the steward's sessions' last
// analysis that had one; NotFound when none had (or for another steward's
// session).
func (s *Store) ModelAnalysis(ctx context.Context, stewardID int64, sessionID string) (*baton.ModelAnalysis, error) {
	var r sessionModelRow
	err := s.db.NewSelect().Model(&r).Where("session_id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, baton.NotFound("model analysis")
	}
	if err != nil {
		return nil, err
	}
	return &baton.ModelAnalysis{
		SessionID: r.SessionID, AnalysedAt: r.AnalysedAt.UTC(), Model: r.Model, Status: r.Status, Reason: r.Reason,
		Fields: r.Fields,
		Usage: baton.Usage{InputTokens: r.InputTokens, OutputTokens: r.OutputTokens,
			CacheReadTokens: r.CacheRead, CacheCreationTokens: r.CacheWrite},
		CostUSD: r.CostUSD, Priced: r.Priced, CacheKey: r.CacheKey, PromptVersion: r.PromptVersion,
	}, nil
}

// CachedModelAnswer is the steward's cached answer under key; ok is false
// when there is none.
func (s *Store) CachedModelAnswer(ctx context.Context, stewardID int64, key string) (a *baton.CachedAnswer, ok bool, err error) {
	var r modelCacheRow
	err = s.db.NewSelect().Model(&r).Where("steward_id = ? AND cache_key = ?", stewardID, key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return &baton.CachedAnswer{
		Key: r.Key, Model: r.Model, Output: r.Output,
		Usage: baton.Usage{InputTokens: r.InputTokens, OutputTokens: r.OutputTokens,
			CacheReadTokens: r.CacheRead, CacheCreationTokens: r.CacheWrite},
		CostUSD: r.CostUSD, Priced: r.Priced,
	}, true, nil
}

// CacheModelAnswer keeps a validated answer for the steward under its key
// (an answer already there stays: both answered the same question).
func (s *Store) CacheModelAnswer(ctx context.Context, stewardID int64, a *baton.CachedAnswer) error {
	row := &modelCacheRow{
		StewardID: stewardID, Key: a.Key, Model: a.Model, Output: a.Output,
		InputTokens: a.Usage.InputTokens, OutputTokens: a.Usage.OutputTokens,
		CacheRead: a.Usage.CacheReadTokens, CacheWrite: a.Usage.CacheCreationTokens,
		CostUSD: a.CostUSD, Priced: a.Priced, CreatedAt: s.clock().UTC(),
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		_, err := tx.NewInsert().Model(row).On("CONFLICT (steward_id, cache_key) DO NOTHING").Exec(ctx)
		return err
	})
}

// ModelUsageOn is what the steward's analyses spent on the model on day
// (YYYY-MM-DD, UTC); zero when nothing.
func (s *Store) ModelUsageOn(ctx context.Context, stewardID int64, day string) (baton.ModelUsage, error) {
	var r modelUsageRow
	err := s.db.NewSelect().Model(&r).Where("steward_id = ? AND day = ?", stewardID, day).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return baton.ModelUsage{Day: day}, nil
	}
	if err != nil {
		return baton.ModelUsage{}, err
	}
	return baton.ModelUsage{Day: r.Day, Requests: r.Requests, Tokens: r.Tokens, CostUSD: r.CostUSD}, nil
}

// AddModelUsage counts one request's tokens and cost into the steward's
// use on u.Day.
func (s *Store) AddModelUsage(ctx context.Context, stewardID int64, u baton.ModelUsage) error {
	row := &modelUsageRow{StewardID: stewardID, Day: u.Day, Requests: u.Requests, Tokens: u.Tokens, CostUSD: u.CostUSD}
	return s.inTx(ctx, func(tx bun.Tx) error {
		_, err := tx.NewInsert().Model(row).
			On("CONFLICT (steward_id, day) DO UPDATE").
			Set("requests = ?TableAlias.requests + EXCLUDED.requests").
			Set("tokens = ?TableAlias.tokens + EXCLUDED.tokens").
			Set("cost_usd = ?TableAlias.cost_usd + EXCLUDED.cost_usd").
			Exec(ctx)
		return err
	})
}
