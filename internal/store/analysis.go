package store

import (
	"context"
	"fmt"
	"strings"
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
//
// A message that cannot be read back or analysed (a panic in analyze) is
// skipped, not retried forever: the watermark moves past it, and the error
// returned (a *SkippedRows) names it. Every other message is analysed.
func (s *Store) AnalyzePending(ctx context.Context, analyze func([]*baton.Message)) (int, error) {
	var skipped SkippedRows
	n, err := s.analyzePending(ctx, analyze, func(err error) { skipped = append(skipped, err) })
	if err == nil && len(skipped) > 0 {
		err = skipped
	}
	return n, err
}

// SkippedRows lists the rows a background worker could not process and went past.
type SkippedRows []error

func (e SkippedRows) Error() string {
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = err.Error()
	}
	return fmt.Sprintf("skipped %d rows: %s", len(e), strings.Join(msgs, "; "))
}

func (s *Store) analyzePending(ctx context.Context, analyze func([]*baton.Message), skip func(error)) (int, error) {
	total := 0
	for {
		var last int64
		if err := s.db.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &last); err != nil {
			return total, err
		}
		batch, upto, err := s.readAnalysisBatch(ctx, last, skip)
		if err != nil {
			return total, err
		}
		if upto == 0 {
			return total, nil
		}
		todo := batch[:0]
		for _, m := range batch {
			if !m.Analyzed {
				todo = append(todo, m)
			}
		}
		todo = analyzeSafely(todo, analyze, skip)
		err = s.inTx(ctx, func(tx bun.Tx) error {
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

// readAnalysisBatch reads the next messages after last, and the id the
// batch reaches (0 when there are none). When the batch cannot be read
// whole (a row the database stored but cannot give back), it reads the
// messages one by one and skips, reporting, the ones that fail.
func (s *Store) readAnalysisBatch(ctx context.Context, last int64, skip func(error)) ([]*baton.Message, int64, error) {
	var batch []*baton.Message
	err := s.db.NewSelect().Model(&batch).Where("id > ?", last).Order("id").Limit(analysisBatch).Scan(ctx)
	if err == nil {
		if len(batch) == 0 {
			return nil, 0, nil
		}
		return batch, batch[len(batch)-1].ID, nil
	}
	var ids []int64
	if err := s.db.NewRaw("SELECT id FROM messages WHERE id > ? ORDER BY id LIMIT ?", last, analysisBatch).Scan(ctx, &ids); err != nil {
		return nil, 0, err // the database itself failed: try again later
	}
	if len(ids) == 0 {
		return nil, 0, nil
	}
	batch = batch[:0]
	for _, id := range ids {
		m := new(baton.Message)
		if err := s.db.NewSelect().Model(m).Where("id = ?", id).Scan(ctx); err != nil {
			if ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			skip(fmt.Errorf("message %d cannot be read: %w", id, err))
			continue
		}
		batch = append(batch, m)
	}
	return batch, ids[len(ids)-1], nil
}

// analyzeSafely runs analyze over the batch. If it panics, it runs it over
// each message alone and leaves out, reporting, the ones that panic.
func analyzeSafely(batch []*baton.Message, analyze func([]*baton.Message), skip func(error)) []*baton.Message {
	if err := recovered(func() { analyze(batch) }); err == nil {
		return batch
	}
	kept := batch[:0]
	for _, m := range batch {
		if err := recovered(func() { analyze([]*baton.Message{m}) }); err != nil {
			skip(fmt.Errorf("message %d cannot be analysed: %w", m.ID, err))
			continue
		}
		kept = append(kept, m)
	}
	return kept
}

// recovered runs fn and turns a panic into an error.
func recovered(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	fn()
	return nil
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
		// A row it cannot process is skipped and reported; a panic
		// anywhere else is reported and the worker goes on.
		if err := recovered(func() {
			if _, err := s.analyzePending(ctx, analyze, logError); err != nil && ctx.Err() == nil {
				logError(err)
			}
		}); err != nil {
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
