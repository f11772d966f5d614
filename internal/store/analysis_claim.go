package store

import (
	"context"
	"database/sql"

	"github.com/baton-dev/baton/internal/baton"
)

// AnalyseNext claims the next batch of messages (at most limit), runs
// analyze over those not analysed yet (and the conversations of the whole
// batch, which grew), and saves what it returns. It reports how many it
// saved and whether there was a batch to claim; false means no work now (or,
// on PostgreSQL, another instance holds the batch).
//
// On PostgreSQL several instances run the worker: the batch is claimed by
// locking the watermark row (FOR UPDATE SKIP LOCKED) for the whole batch, so
// no message is analysed by two instances, and an instance that finds the
// row locked does not wait: it tries again on its next tick. If the
// instance dies, its transaction ends and the row is free again. On SQLite
// (one process) analyze runs outside any transaction, so writers never wait
// on it; two callers in the process (the worker, and AnalyzePending beside
// it) take turns, so neither analyses a batch the other is analysing only
// to find the watermark moved, and the watermark check at save time covers
// the rest.
func (s *Store) AnalyseNext(ctx context.Context, limit int, skip func(error), analyze func(AnalysisBatch) []*baton.Message) (int, bool, error) {
	if s.dialect != Postgres {
		s.analyseMu.Lock()
		defer s.analyseMu.Unlock()
		from, b, err := s.nextAnalysisBatch(ctx, limit, skip)
		if err != nil || b.upto == from {
			return 0, false, err
		}
		todo := analyze(b)
		saved, err := s.SaveMessageAnalysis(ctx, from, b.upto, todo)
		if err != nil {
			return 0, false, err
		}
		if !saved {
			// Another worker (AnalyzePending beside Run) moved the
			// watermark first: the batch was there, and more may follow,
			// so the caller goes on rather than taking it for "no work".
			return 0, true, nil
		}
		return len(todo), true, nil
	}
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return 0, false, err
	}
	defer func() { _ = tx.Rollback() }()
	var from []int64
	if err := tx.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis' FOR UPDATE SKIP LOCKED").Scan(ctx, &from); err != nil {
		return 0, false, err
	}
	if len(from) == 0 {
		return 0, false, nil // another instance has the batch
	}
	b, err := s.readAnalysisBatch(ctx, from[0], limit, skip)
	if err != nil || b.upto == 0 {
		return 0, false, err
	}
	todo := analyze(b)
	if err := s.saveAnalysisInTx(ctx, tx, todo, b.upto); err != nil {
		return 0, false, err
	}
	if err := tx.Commit(); err != nil {
		return 0, false, err
	}
	return len(todo), true, nil
}
