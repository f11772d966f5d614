package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// SetImportChunks makes imports of more than size messages go in chunks of
// size, and runs afterChunk after each chunk commits (nil: nothing).
func (s *Store) SetImportChunks(size int, afterChunk func(n int) error) {
	s.imports = importTuning{chunk: size, afterChunk: afterChunk}
}

// ErrAbandonImport, returned by afterChunk, stops the import where it is,
// leaving what it wrote, as a process that dies would.
var ErrAbandonImport = errAbandonImport

// InsertMessagesAsBun writes prepared message rows as the store did before
// message_insert.go (Bun's INSERT with inline values), for comparison.
func (s *Store) InsertMessagesAsBun(ctx context.Context, msgs []*baton.Message) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		_, err := tx.NewInsert().Model(&msgs).Returning("id").Exec(ctx)
		return err
	})
}

// InsertMessages writes prepared message rows as the store does, at most
// per messages per statement, their values built before the transaction
// as an append builds them.
func (s *Store) InsertMessages(ctx context.Context, msgs []*baton.Message, per int) error {
	rows, err := s.rowValuesOf(msgs)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx bun.Tx) error { return s.insertMessagesBy(ctx, tx, msgs, rows, per) })
}

// HoldWriteLock takes this process's SQLite write lock (what every write
// transaction queues on) and returns its release: appends made meanwhile
// queue for one group commit.
func (s *Store) HoldWriteLock() (release func()) {
	s.writeMu.Lock()
	return s.writeMu.Unlock
}

// QueuedAppends is how many appends wait for the next group commit (the
// leader among them, until it has the write lock).
func (s *Store) QueuedAppends() int {
	s.writes.mu.Lock()
	defer s.writes.mu.Unlock()
	return len(s.writes.queue)
}

// SetAppendFault makes an append to a session fail once it has written
// everything (fault(sessionID) returns the error; nil: succeed); nil ends it.
func SetAppendFault(fault func(sessionID string) error) { appendFault = fault }

// SaveAnalysisAsBun writes analysed messages back as the store did before
// (Bun's UPDATE with inline values), and SaveAnalysis as it does now; both
// leave the watermark at upto.
func (s *Store) SaveAnalysisAsBun(ctx context.Context, msgs []*baton.Message, upto int64) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		for _, m := range msgs {
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
}

func (s *Store) SaveAnalysis(ctx context.Context, msgs []*baton.Message, upto int64) error {
	return s.inTx(ctx, func(tx bun.Tx) error { return s.saveAnalysisInTx(ctx, tx, msgs, upto) })
}

// RankAllFrames scores every match of a recall, best first (ties to the
// newer frame), with no index walk: the ranking RecallFrames must agree with.
func (s *Store) RankAllFrames(ctx context.Context, stewardID int64, q baton.FrameRecall) (ids []string, scores []float64, err error) {
	all, err := s.rankAll(ctx, stewardID, q)
	if err != nil {
		return nil, nil, err
	}
	rids := make([]int64, len(all))
	for i, a := range all {
		rids[i] = a.rid
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range all {
		ids, scores = append(ids, byRID[a.rid].ID), append(scores, a.score)
	}
	return ids, scores, nil
}

// SetRecallKnownPostings makes recall read whole only the postings of
// words in at most n frames (0: the default), so a small corpus walks the
// paths of words in many frames.
func (s *Store) SetRecallKnownPostings(n int64) { s.recallKnown = n }

// SetMaxSegment makes large writes cut a word's frames into segments of
// at most n frames instead of maxSegment, to walk cut words on a small
// corpus.
func (s *Store) SetMaxSegment(n int) { s.segmentCut = n }

// TakeAppendTurns takes every turn appends have until release, and
// waiting says how many appends wait for one.
func (s *Store) TakeAppendTurns() (release func(), waiting func() int64) {
	n := cap(s.appendTurns)
	for range n {
		s.appendTurns <- struct{}{}
	}
	return func() {
		for range n {
			<-s.appendTurns
		}
	}, appendsWaiting.Load
}

// TryAppendTurn takes one of the appends' turns if one is free.
func (s *Store) TryAppendTurn() (release func(), ok bool) {
	select {
	case s.appendTurns <- struct{}{}:
		return func() { <-s.appendTurns }, true
	default:
		return nil, false
	}
}

// MergeIndexStep runs one of the indexer's merge steps of the full-text
// index and reports whether it found segments to merge.
func (s *Store) MergeIndexStep(ctx context.Context) (bool, error) {
	return s.mergeIndexStep(ctx)
}
