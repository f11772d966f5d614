package store

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// CreateReplayMatrix records a replay matrix and its runs, one replay per
// parameter set (checked and titled by the replay service), all forked at
// the same message (at, ForkPoint) of one of the steward's conversations
// (src, read with ConversationByID): one transaction, all or nothing.
// When the first run carries a request key the matrix is made once: a
// form sent twice gets the matrix the first made.
func (s *Store) CreateReplayMatrix(ctx context.Context, stewardID int64, src *baton.Conversation, at *baton.Message, title string, runs []ReplayRequest) (*baton.ReplayMatrix, []*baton.Replay, error) {
	if len(runs) == 0 {
		return nil, nil, baton.Invalid("runs", "a replay matrix needs at least one parameter set")
	}
	if key := runs[0].Key; key != "" {
		if m, rs, err := s.matrixOfKey(ctx, stewardID, key); err == nil {
			return m, rs, nil
		}
	}
	var m *baton.ReplayMatrix
	var out []*baton.Replay
	err := s.inTx(ctx, func(tx bun.Tx) error {
		m = &baton.ReplayMatrix{ID: uuid.NewString(), StewardID: stewardID, SessionID: src.SessionID, SourceConversationID: src.ID,
			AtMessageID: at.ID, Title: baton.CapTitle(title), CreatedAt: s.clock()}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
		out = out[:0]
		for i, req := range runs {
			req.MatrixID, req.AtMessageID, req.MatrixPosition = m.ID, m.AtMessageID, i
			r, err := s.createReplayInTx(ctx, tx, stewardID, src, at, req)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		return nil
	})
	if err != nil {
		if key := runs[0].Key; key != "" {
			// Another request with the key won the race: its matrix is the one.
			if m, rs, kerr := s.matrixOfKey(ctx, stewardID, key); kerr == nil {
				return m, rs, nil
			}
		}
		return nil, nil, err
	}
	return m, out, nil
}

func (s *Store) matrixOfKey(ctx context.Context, stewardID int64, key string) (*baton.ReplayMatrix, []*baton.Replay, error) {
	r, err := s.replayOfKey(ctx, stewardID, key)
	if err != nil {
		return nil, nil, err
	}
	if r.MatrixID == nil {
		return nil, nil, baton.NotFound("replay matrix")
	}
	return s.ReplayMatrix(ctx, stewardID, *r.MatrixID)
}

// ReplayMatrix returns one of the steward's replay matrices and its runs,
// in the order they were given.
func (s *Store) ReplayMatrix(ctx context.Context, stewardID int64, id string) (*baton.ReplayMatrix, []*baton.Replay, error) {
	m := new(baton.ReplayMatrix)
	if err := s.db.NewSelect().Model(m).Where("id = ? AND steward_id = ?", id, stewardID).Scan(ctx); err != nil {
		return nil, nil, notFound(err, "replay matrix")
	}
	runs := []*baton.Replay{}
	err := s.db.NewSelect().Model(&runs).Where("matrix_id = ? AND steward_id = ?", id, stewardID).Order("matrix_position").Scan(ctx)
	if err != nil {
		return nil, nil, err
	}
	return m, runs, nil
}

// ReplayMatricesOfSession lists the replay matrices of one of the steward's sessions.
func (s *Store) ReplayMatricesOfSession(ctx context.Context, stewardID int64, sessionID string) ([]*baton.ReplayMatrix, error) {
	out := []*baton.ReplayMatrix{}
	err := s.db.NewSelect().Model(&out).Where("session_id = ? AND steward_id = ?", sessionID, stewardID).Order("created_at", "id").Scan(ctx)
	return out, err
}

// ReplayMatrices lists the steward's replay matrices, newest first.
func (s *Store) ReplayMatrices(ctx context.Context, stewardID int64) ([]*baton.ReplayMatrix, error) {
	out := []*baton.ReplayMatrix{}
	err := s.db.NewSelect().Model(&out).Where("steward_id = ?", stewardID).Order("created_at DESC", "id").Limit(500).Scan(ctx)
	return out, err
}

// SharedReplayMatrix returns a replay matrix the reader owns or that is
// shared with one of their teams (its owner still in the team), with the
// reader's access and its runs, read as the owner's.
func (s *Store) SharedReplayMatrix(ctx context.Context, readerID int64, id string) (*baton.ReplayMatrix, string, []*baton.Replay, error) {
	k := baton.TeamShareMatrix
	var rows []struct {
		Owner  int64  `bun:"steward_id"`
		Access string `bun:"access"`
	}
	err := s.db.NewRaw("SELECT m.steward_id, "+accessExpr("m.id", "m.steward_id")+" AS access FROM replay_matrices m WHERE m.id = ? AND "+readable("m.id", "m.steward_id"),
		readerID, k, readerID, k, readerID, id, readerID, k, readerID).Scan(ctx, &rows)
	if err != nil {
		return nil, "", nil, err
	}
	if len(rows) == 0 {
		return nil, "", nil, baton.NotFound("replay matrix")
	}
	m, runs, err := s.ReplayMatrix(ctx, rows[0].Owner, id)
	return m, rows[0].Access, runs, err
}

// CreateMatrixLink makes a read-only link to one of the steward's replay
// matrices (its runs' comparisons included); redact makes its pages hide
// secrets. Written whole or not at all.
func (s *Store) CreateMatrixLink(ctx context.Context, stewardID int64, matrixID, tokenHash string, expiresAt *time.Time, redact bool) (*baton.ShareLink, error) {
	l := &baton.ShareLink{StewardID: stewardID, TokenHash: tokenHash, Kind: baton.ShareMatrix, ObjectID: matrixID,
		ExpiresAt: expiresAt, Redact: redact}
	return s.insertShareLink(ctx, shareable[baton.ShareMatrix], l, "replay matrix", clipTitle)
}

// LinkedReplayMatrix is the replay matrix a live share link opens, read
// with the link's owner's id: the link is the permission.
func (s *Store) LinkedReplayMatrix(ctx context.Context, link *baton.ShareLink) (*baton.ReplayMatrix, []*baton.Replay, error) {
	if link.Kind != baton.ShareMatrix {
		return nil, nil, baton.NotFound("replay matrix")
	}
	return s.ReplayMatrix(ctx, link.StewardID, link.ObjectID)
}
