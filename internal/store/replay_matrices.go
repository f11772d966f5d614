package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// CreateReplayMatrix records a replay matrix and its runs, one replay per
// parameter set (checked and titled by the replay service), all forked at
// the same message of one of the steward's conversations: one
// transaction, all or nothing.
func (s *Store) CreateReplayMatrix(ctx context.Context, stewardID int64, conversationID, title string, runs []ReplayRequest) (*baton.ReplayMatrix, []*baton.Replay, error) {
	if len(runs) == 0 {
		return nil, nil, baton.Invalid("runs", "a replay matrix needs at least one parameter set")
	}
	src, err := s.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, nil, err
	}
	at, err := s.ForkPoint(ctx, stewardID, src, runs[0].AtMessageID)
	if err != nil {
		return nil, nil, err
	}
	var m *baton.ReplayMatrix
	var out []*baton.Replay
	err = s.inTx(ctx, func(tx bun.Tx) error {
		m = &baton.ReplayMatrix{ID: uuid.NewString(), StewardID: stewardID, SessionID: src.SessionID, SourceConversationID: src.ID,
			AtMessageID: at.ID, Title: baton.CapTitle(title), CreatedAt: s.clock()}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
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
		return nil, nil, err
	}
	return m, out, nil
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
