package store

import (
	"context"
	"encoding/json"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

const markerColumns = `m.id, m.steward_id, m.marker_type, m.ts, m.session_id, m.message_id, m.bridge_id, m.note, m.state,
	m.previous_marker, m.next_marker, m.auto_generated, m.reviewed, m.tags, m.created_at, coalesce(s.title, '') AS session_title`

const markerFrom = ` FROM markers m LEFT JOIN sessions s ON s.id = m.session_id AND s.steward_id = m.steward_id`

// AddMarker adds a marker to the steward's timeline, linked into the chain
// of markers in time order: its previous marker is the last one before it,
// its next the first one after it, and both neighbours point to it. The
// session (and the message, when given) must be the steward's.
func (s *Store) AddMarker(ctx context.Context, stewardID int64, m *baton.Marker) error {
	if m.Type == "" {
		return baton.Invalid("marker_type", "marker_type is required: checkpoint, milestone, transition, pause or resume")
	}
	known := false
	for _, t := range baton.MarkerTypes {
		known = known || t == m.Type
	}
	if !known {
		return baton.Invalid("marker_type", "marker_type must be checkpoint, milestone, transition, pause or resume; got %q", m.Type)
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		var n int
		if err := tx.NewRaw("SELECT count(*) FROM sessions WHERE id = ? AND steward_id = ?", m.SessionID, stewardID).Scan(ctx, &n); err != nil {
			return err
		} else if n == 0 {
			return baton.NotFound("session")
		}
		if m.MessageID != nil {
			if err := tx.NewRaw("SELECT count(*) FROM messages WHERE id = ? AND steward_id = ? AND session_id = ?",
				*m.MessageID, stewardID, m.SessionID).Scan(ctx, &n); err != nil {
				return err
			} else if n == 0 {
				return baton.NotFound("message")
			}
		}
		now := s.clock()
		m.ID = uuid.NewString()
		m.StewardID = stewardID
		m.CreatedAt = now
		if m.Timestamp.IsZero() {
			m.Timestamp = now
		}
		m.Timestamp = m.Timestamp.UTC()
		if m.Tags == nil {
			m.Tags = []string{}
		}
		var prev, next []string
		if err := tx.NewRaw("SELECT id FROM markers WHERE steward_id = ? AND ts <= ? ORDER BY ts DESC, created_at DESC, id DESC LIMIT 1",
			stewardID, m.Timestamp).Scan(ctx, &prev); err != nil {
			return err
		}
		if err := tx.NewRaw("SELECT id FROM markers WHERE steward_id = ? AND ts > ? ORDER BY ts, created_at, id LIMIT 1",
			stewardID, m.Timestamp).Scan(ctx, &next); err != nil {
			return err
		}
		m.PreviousMarker, m.NextMarker = nil, nil
		if len(prev) > 0 {
			m.PreviousMarker = &prev[0]
		}
		if len(next) > 0 {
			m.NextMarker = &next[0]
		}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
		if m.PreviousMarker != nil {
			if _, err := tx.NewRaw("UPDATE markers SET next_marker = ? WHERE id = ? AND steward_id = ?", m.ID, *m.PreviousMarker, stewardID).Exec(ctx); err != nil {
				return err
			}
		}
		if m.NextMarker != nil {
			if _, err := tx.NewRaw("UPDATE markers SET previous_marker = ? WHERE id = ? AND steward_id = ?", m.ID, *m.NextMarker, stewardID).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// Markers lists the steward's markers in time order, all of them or one
// session's (sessionID ""), at most limit.
func (s *Store) Markers(ctx context.Context, stewardID int64, sessionID string, limit int) ([]*baton.Marker, error) {
	if limit <= 0 || limit > 1000 {
		limit = 1000
	}
	out := []*baton.Marker{}
	q := "SELECT " + markerColumns + markerFrom + " WHERE m.steward_id = ?"
	args := []any{stewardID}
	if sessionID != "" {
		q += " AND m.session_id = ?"
		args = append(args, sessionID)
	}
	q += " ORDER BY m.ts, m.created_at, m.id LIMIT ?"
	if err := s.db.NewRaw(q, append(args, limit)...).Scan(ctx, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// HasMarker reports whether one of the steward's sessions has a marker of
// a type, so automatic markers are made once.
func (s *Store) HasMarker(ctx context.Context, stewardID int64, sessionID, markerType string) (bool, error) {
	var n int
	err := s.db.NewRaw("SELECT count(*) FROM markers WHERE steward_id = ? AND session_id = ? AND marker_type = ?",
		stewardID, sessionID, markerType).Scan(ctx, &n)
	return n > 0, err
}

// MessageSession returns the session of one of the steward's messages.
func (s *Store) MessageSession(ctx context.Context, stewardID, messageID int64) (sessionID string, err error) {
	var ids []string
	if err := s.db.NewRaw("SELECT session_id FROM messages WHERE id = ? AND steward_id = ?", messageID, stewardID).Scan(ctx, &ids); err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", baton.NotFound("message")
	}
	return ids[0], nil
}

// SetContinuity writes a session's continuity block (previous and next
// session, open threads) without touching the rest of the session.
func (s *Store) SetContinuity(ctx context.Context, stewardID int64, sessionID string, c baton.Continuity) error {
	if c.OpenThreads == nil {
		c.OpenThreads = []string{}
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return err
	}
	res, err := s.db.NewRaw("UPDATE sessions SET continuity = ? WHERE id = ? AND steward_id = ?", string(raw), sessionID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("session")
	}
	return nil
}

// SaveCrossSummary keeps the steward's cross-conversational summary,
// replacing the one before (kept as the latest only: overwritten on update).
func (s *Store) SaveCrossSummary(ctx context.Context, stewardID int64, cs *baton.CrossSummary) error {
	cs.StewardID = stewardID
	return s.inTx(ctx, func(tx bun.Tx) error {
		if _, err := tx.NewRaw("DELETE FROM cross_summaries WHERE steward_id = ?", stewardID).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewInsert().Model(cs).Exec(ctx)
		return err
	})
}

// CrossSummary returns the steward's kept cross-conversational summary.
func (s *Store) CrossSummary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error) {
	cs := new(baton.CrossSummary)
	err := s.db.NewSelect().Model(cs).Where("steward_id = ?", stewardID).Scan(ctx)
	return cs, notFound(err, "summary")
}
