package store

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// analysisBatch is how many messages the analysis worker takes at a time.
const analysisBatch = 500

// AnalyzePending runs analyze over messages written since the last run that
// are not analysed yet, writes back what it filled (semantic, content type,
// code context), and returns how many it analysed. analyze runs outside any
// transaction, so writers never wait on it. The watermark lives in the
// database, so any number of instances may run this.
func (s *Store) AnalyzePending(ctx context.Context, analyze func([]*baton.Message)) (int, error) {
	total := 0
	for {
		var last int64
		if err := s.db.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &last); err != nil {
			return total, err
		}
		var batch []*baton.Message
		if err := s.db.NewSelect().Model(&batch).Where("id > ?", last).Order("id").Limit(analysisBatch).Scan(ctx); err != nil {
			return total, err
		}
		if len(batch) == 0 {
			return total, nil
		}
		upto := batch[len(batch)-1].ID
		todo := batch[:0]
		for _, m := range batch {
			if !m.Analyzed {
				todo = append(todo, m)
			}
		}
		analyze(todo)
		err := s.inTx(ctx, func(tx bun.Tx) error {
			// Another instance may have done this range meanwhile.
			var now int64
			if err := tx.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &now); err != nil {
				return err
			}
			if now != last {
				return nil
			}
			for _, m := range todo {
				m.Analyzed = true
				m.SyncArc()
				if _, err := tx.NewUpdate().Model(m).Column("semantic", "arc_sentiment", "arc_emotion", "content_type", "code_context", "analyzed").
					Where("id = ? AND steward_id = ?", m.ID, m.StewardID).Exec(ctx); err != nil {
					return err
				}
			}
			_, err := tx.NewRaw("UPDATE watermarks SET last_id = ? WHERE name = 'messages_analysis'", upto).Exec(ctx)
			return err
		})
		if err != nil {
			return total, err
		}
		total += len(todo)
	}
}

// AnalysisPending reports whether a conversation has messages the analysis
// worker has not reached yet, so pages can say "analysing".
func (s *Store) AnalysisPending(ctx context.Context, stewardID int64, conversationID string) (bool, error) {
	// The worker goes in id order, and ids grow with seq within a
	// conversation: when the last message is analysed, all are.
	var analyzed []bool
	if err := s.db.NewRaw(`SELECT analyzed FROM messages WHERE conversation_id = ? AND steward_id = ?
		ORDER BY seq DESC LIMIT 1`, conversationID, stewardID).Scan(ctx, &analyzed); err != nil {
		return false, err
	}
	return len(analyzed) == 1 && !analyzed[0], nil
}

// RunAnalysisWorker analyses API writes in the background until ctx ends:
// once a burst of writes has paused, and every second in case another
// instance wrote. Analysis yields to ingest: while batches keep arriving it
// waits, but never more than 10 seconds, so it cannot starve.
func (s *Store) RunAnalysisWorker(ctx context.Context, analyze func([]*baton.Message), logError func(error)) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		if _, err := s.AnalyzePending(ctx, analyze); err != nil && ctx.Err() == nil {
			logError(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.kickAnalysis:
			s.waitForQuiet(ctx, s.kickAnalysis, 500*time.Millisecond, 10*time.Second)
		case <-tick.C:
		}
	}
}

// waitForQuiet returns once kick has been silent for quiet, or after at most
// longest, or when ctx ends.
func (s *Store) waitForQuiet(ctx context.Context, kick <-chan struct{}, quiet, longest time.Duration) {
	deadline := time.After(longest)
	for {
		select {
		case <-ctx.Done():
			return
		case <-deadline:
			return
		case <-kick:
		case <-time.After(quiet):
			return
		}
	}
}

// AnalysisWatermark is the id of the last message the analysis worker has
// passed: it changes whenever stored sentiments may have changed.
func (s *Store) AnalysisWatermark(ctx context.Context) (int64, error) {
	var last int64
	err := s.db.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &last)
	return last, err
}
