package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Messages written through the API are analysed in the background by the
// analysis service (package analysis), which owns the schedule and the
// analysis. The store only reads the batches and writes back the results
// and the watermark — the id of the last message the worker has passed —
// kept in the database, so any number of instances may share it.

// UnanalysedMessages returns, from the watermark on, the next batch of at
// most limit messages (by id): the watermark it read, the id the batch
// reaches, and those of the batch not analysed yet. upto == from when
// there is nothing new. A message the database stored but cannot give
// back is skipped (the watermark will move past it) and reported to skip.
func (s *Store) UnanalysedMessages(ctx context.Context, limit int, skip func(error)) (from, upto int64, todo []*baton.Message, err error) {
	from, b, err := s.nextAnalysisBatch(ctx, limit, skip)
	return from, b.upto, b.Todo, err
}

// AnalysisBatch is a batch of messages the analysis worker claimed: those
// it must analyse (read whole), and the conversation of every message of
// the batch, those analysed as they were written included, since each of
// those conversations grew.
type AnalysisBatch struct {
	Todo  []*baton.Message
	Grown []ConversationRef
	upto  int64 // the id the batch reaches; 0 when there is no batch
}

// ConversationRef names one conversation of one steward's session.
type ConversationRef struct {
	StewardID      int64  `bun:"steward_id"`
	SessionID      string `bun:"session_id"`
	ConversationID string `bun:"conversation_id"`
}

// nextAnalysisBatch reads the watermark and the batch after it; the batch's
// upto is the watermark when there is nothing new.
func (s *Store) nextAnalysisBatch(ctx context.Context, limit int, skip func(error)) (int64, AnalysisBatch, error) {
	var from int64
	if err := s.db.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &from); err != nil {
		return 0, AnalysisBatch{}, err
	}
	b, err := s.readAnalysisBatch(ctx, from, limit, skip)
	if err != nil {
		return 0, AnalysisBatch{}, err
	}
	if b.upto == 0 {
		b.upto = from
	}
	return from, b, nil
}

// analysisHead is what the worker first reads of each message of a batch:
// where it belongs and whether it is analysed already.
type analysisHead struct {
	ID int64 `bun:"id"`
	ConversationRef
	Analyzed bool `bun:"analyzed"`
}

// readAnalysisBatch reads the next messages after last: the head of each,
// then whole only those not analysed yet (the API analyses a batch before
// writing it, so under ingest most are). upto is 0 when there are none.
func (s *Store) readAnalysisBatch(ctx context.Context, last int64, limit int, skip func(error)) (AnalysisBatch, error) {
	var heads []analysisHead
	if err := s.db.NewRaw(`SELECT id, steward_id, session_id, conversation_id, analyzed FROM messages
		WHERE id > ? ORDER BY id LIMIT ?`, last, limit).Scan(ctx, &heads); err != nil {
		return AnalysisBatch{}, err // the database itself failed: try again later
	}
	if len(heads) == 0 {
		return AnalysisBatch{}, nil
	}
	b := AnalysisBatch{upto: heads[len(heads)-1].ID}
	seen := map[ConversationRef]bool{}
	var ids []int64
	for _, h := range heads {
		if !seen[h.ConversationRef] {
			seen[h.ConversationRef] = true
			b.Grown = append(b.Grown, h.ConversationRef)
		}
		if !h.Analyzed {
			ids = append(ids, h.ID)
		}
	}
	var err error
	b.Todo, err = s.readWholeMessages(ctx, last, b.upto, ids, skip)
	return b, err
}

// readWholeMessages reads whole the messages not analysed yet after last
// up to upto: those of ids, in id order. When they cannot be read together
// (a row the database stored but cannot give back), it reads them one by
// one and skips, reporting, the ones that fail.
func (s *Store) readWholeMessages(ctx context.Context, last, upto int64, ids []int64, skip func(error)) ([]*baton.Message, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var batch []*baton.Message
	err := s.db.NewSelect().Model(&batch).Where("id > ? AND id <= ? AND NOT analyzed", last, upto).Order("id").Scan(ctx)
	if err == nil {
		return batch, nil
	}
	batch = batch[:0]
	for _, id := range ids {
		m := new(baton.Message)
		if err := s.db.NewSelect().Model(m).Where("id = ?", id).Scan(ctx); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			skip(fmt.Errorf("message %d cannot be read: %w", id, err))
			continue
		}
		batch = append(batch, m)
	}
	return batch, nil
}

// analysisSaveChunk is how many analysed messages one transaction of
// SaveMessageAnalysis writes. The worker's batch of 500 written at once
// held the write lock for tens of milliseconds while appends queued
// behind it (the realistic mix, make load); in chunks, appends go between.
const analysisSaveChunk = 100

// SaveMessageAnalysis writes back what the analysis filled in msgs
// (semantic, arc, content type, code context; in id order, as read) and
// moves the watermark from from to upto, a chunk of messages per
// transaction, the watermark moving with each chunk to its last message.
// When another worker moved the watermark meanwhile it writes nothing more
// and reports false.
func (s *Store) SaveMessageAnalysis(ctx context.Context, from, upto int64, msgs []*baton.Message) (bool, error) {
	for len(msgs) > analysisSaveChunk {
		chunk, to := msgs[:analysisSaveChunk], msgs[analysisSaveChunk-1].ID
		if saved, err := s.saveMessageAnalysisChunk(ctx, from, to, chunk); err != nil || !saved {
			return saved, err
		}
		from, msgs = to, msgs[analysisSaveChunk:]
	}
	return s.saveMessageAnalysisChunk(ctx, from, upto, msgs)
}

// saveMessageAnalysisChunk writes msgs and moves the watermark from from to
// upto in one transaction, if the watermark is still at from.
func (s *Store) saveMessageAnalysisChunk(ctx context.Context, from, upto int64, msgs []*baton.Message) (bool, error) {
	saved := false
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var now int64
		if err := tx.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &now); err != nil {
			return err
		}
		if now != from {
			return nil
		}
		if err := s.saveAnalysisInTx(ctx, tx, msgs, upto); err != nil {
			return err
		}
		saved = true
		return nil
	})
	return saved, err
}

// saveAnalysisInTx writes the analysed messages and moves the watermark to
// upto. Each message is one prepared UPDATE with bound values (bound.go),
// encoded as Bun encoded them (message_insert.go).
func (s *Store) saveAnalysisInTx(ctx context.Context, tx bun.Tx, msgs []*baton.Message, upto int64) error {
	for _, m := range msgs {
		m.Analyzed = true
		m.SyncArc()
		semantic, err := jsonColumn(m.Semantic)
		if err != nil {
			return err
		}
		codeContext, err := jsonPointerColumn(m.CodeContext)
		if err != nil {
			return err
		}
		if err := refuseNUL("content_type", m.ContentType); err != nil {
			return err
		}
		if err := refuseNUL("arc_emotion", m.ArcEmotion); err != nil {
			return err
		}
		if _, err := s.execBound(ctx, tx, `UPDATE messages SET semantic = ?, arc_sentiment = ?, arc_emotion = ?, content_type = ?,
			code_context = ?, analyzed = ? WHERE id = ? AND steward_id = ?`,
			semantic, m.ArcSentiment, m.ArcEmotion, m.ContentType, codeContext, s.boolValue(true), m.ID, m.StewardID); err != nil {
			return err
		}
	}
	_, err := s.execBound(ctx, tx, "UPDATE watermarks SET last_id = ? WHERE name = 'messages_analysis'", upto)
	return err
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

// MessagesWritten signals (without blocking; signals coalesce) each time
// messages are written, so the analysis worker can wake for them.
func (s *Store) MessagesWritten() <-chan struct{} { return s.kickAnalysis }

// AnalysisPending reports whether a conversation has messages the analysis
// worker has not reached yet, so pages can say "analysing".
func (s *Store) AnalysisPending(ctx context.Context, stewardID int64, conversationID string) (bool, error) {
	// The worker goes in id order, and ids grow with seq within a
	// conversation: when the last message is analysed, all are. The last
	// seq comes from the (conversation_id, seq) index alone, then its row
	// by the same index: asked for "ORDER BY seq DESC LIMIT 1" with the
	// steward's id beside the conversation's, PostgreSQL's planner took the
	// two conditions as independent, expected a few rows and read and
	// sorted the whole conversation (7–15 ms at 2,000 messages).
	var analyzed []bool
	if err := s.readBound(ctx, &analyzed, `SELECT analyzed FROM messages WHERE conversation_id = ? AND steward_id = ?
		AND seq = (SELECT max(seq) FROM messages WHERE conversation_id = ?)`,
		conversationID, stewardID, conversationID); err != nil {
		return false, err
	}
	return len(analyzed) == 1 && !analyzed[0], nil
}

// AnalysisWatermark is the id of the last message the analysis worker has
// passed: it changes whenever stored sentiments may have changed.
func (s *Store) AnalysisWatermark(ctx context.Context) (int64, error) {
	var last int64
	err := s.db.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_analysis'").Scan(ctx, &last)
	return last, err
}
