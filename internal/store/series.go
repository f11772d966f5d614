package store

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// SentimentSeries returns the emotional arc's raw points of one of the
// steward's sessions: every steward and assistant message with content in
// its main conversation, in order, with only the columns the arc needs
// (sequence number, role, time, sentiment, first emotion) — a 10,000
// message session is read without its text.
func (s *Store) SentimentSeries(ctx context.Context, stewardID int64, sessionID string) ([]baton.SentimentPoint, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	out := []baton.SentimentPoint{}
	err = s.db.NewRaw(`SELECT seq, role, ts, arc_sentiment AS sentiment, arc_emotion AS emotion FROM messages
		WHERE conversation_id = ? AND steward_id = ? AND role IN ('steward', 'assistant') AND content <> ''
		ORDER BY seq`, conv.ID, stewardID).Scan(ctx, &out)
	return out, err
}

// maxRelationshipSessions bounds the sessions one relationship chart reads.
const maxRelationshipSessions = 2000

// RelationshipSessions returns the steward's sessions that started in
// [from, to) (either may be nil), oldest first, the most recent
// maxRelationshipSessions of them, with only what the relationship over
// time needs: id, title, start, relationship, emotional arc and
// attributes (where the stored analysis lives).
func (s *Store) RelationshipSessions(ctx context.Context, stewardID int64, from, to *time.Time) ([]*baton.Session, error) {
	var out []*baton.Session
	q := s.db.NewSelect().Model(&out).
		Column("id", "steward_id", "title", "started_at", "relationship", "emotional_arc", "attributes", "message_count").
		Where("steward_id = ?", stewardID)
	if from != nil {
		q = q.Where("started_at >= ?", from.UTC())
	}
	if to != nil {
		q = q.Where("started_at < ?", to.UTC())
	}
	if err := q.OrderExpr("started_at DESC, id DESC").Limit(maxRelationshipSessions).Scan(ctx); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}
