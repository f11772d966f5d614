package store

import (
	"context"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// SentimentSeries returns the emotional arc's raw points of one of the
// steward's sessions: every steward and assistant message with content in
// its main conversation, in order, with only the columns the arc needs
// (sequence number, role, time, sentiment, first emotion) — a 10,000
// message session is read without its text: "has content" is the text's
// length in bytes, which both databases know without reading the text
// (SQLite from the record's header, PostgreSQL from the value's header).
//
// It is the first view of a session page (the arc chart is then cached),
// so it scans the rows itself rather than through the ORM's reflection,
// which was half its CPU time on 2,000 messages.
func (s *Store) SentimentSeries(ctx context.Context, stewardID int64, sessionID string) ([]baton.SentimentPoint, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, role, ts, arc_sentiment, arc_emotion FROM messages
		WHERE conversation_id = ? AND steward_id = ? AND role IN ('steward', 'assistant') AND octet_length(content) > 0
		ORDER BY seq`, conv.ID, stewardID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]baton.SentimentPoint, 0, conv.MessageCount)
	for rows.Next() {
		var p baton.SentimentPoint
		var role string
		if err := rows.Scan(&p.Seq, &role, (*scannedTime)(&p.Timestamp), &p.Sentiment, &p.Emotion); err != nil {
			return nil, err
		}
		p.Role = baton.Role(role)
		out = append(out, p)
	}
	return out, rows.Err()
}

// scannedTime scans a timestamp column as either driver returns it:
// PostgreSQL's a time.Time, SQLite's the text the ORM wrote.
type scannedTime time.Time

func (t *scannedTime) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*t = scannedTime(v)
		return nil
	case string:
		return t.parse(v)
	case []byte:
		return t.parse(string(v))
	}
	return fmt.Errorf("timestamp: cannot scan %T", src)
}

// parse reads the text forms the ORM writes to SQLite ("2006-01-02
// 15:04:05.999999999-07:00", or without the zone for UTC) and RFC 3339.
func (t *scannedTime) parse(v string) error {
	var tm time.Time
	var err error
	switch {
	case len(v) > 10 && v[10] == 'T':
		tm, err = time.Parse(time.RFC3339Nano, v)
	case len(v) > 19 && (v[len(v)-6] == '+' || v[len(v)-6] == '-'):
		tm, err = time.Parse("2006-01-02 15:04:05.999999999-07:00", v)
	case len(v) > 19 && (v[len(v)-3] == '+' || v[len(v)-3] == '-'):
		tm, err = time.Parse("2006-01-02 15:04:05.999999999-07", v)
	default:
		tm, err = time.ParseInLocation("2006-01-02 15:04:05.999999999", v, time.UTC)
	}
	if err != nil {
		return fmt.Errorf("timestamp: %w", err)
	}
	*t = scannedTime(tm)
	return nil
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
