package store

import (
	"context"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// ReplayOfConversation returns the replay one of the steward's
// conversations holds (a replay's fork holds exactly one).
func (s *Store) ReplayOfConversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Replay, error) {
	r := new(baton.Replay)
	err := s.db.NewSelect().Model(r).Where("conversation_id = ? AND steward_id = ?", conversationID, stewardID).Scan(ctx)
	return r, notFound(err, "replay")
}

// ReplayOwner is the steward a replay belongs to. Only the operator's
// command line asks (baton replay run ID runs a replay as its steward);
// requests always know their steward.
func (s *Store) ReplayOwner(ctx context.Context, id string) (int64, error) {
	var owner []int64
	if err := s.db.NewRaw("SELECT steward_id FROM replays WHERE id = ?", id).Scan(ctx, &owner); err != nil {
		return 0, err
	}
	if len(owner) == 0 {
		return 0, baton.NotFound("replay")
	}
	return owner[0], nil
}

// ClaimReplayRun moves one of the steward's replays to running, from one
// of the statuses in from, and counts the run. It is one conditional
// UPDATE, so of requests that race for the same replay exactly one wins;
// the others get ECONFLICT and the replay as it is.
func (s *Store) ClaimReplayRun(ctx context.Context, stewardID int64, id string, from ...string) (*baton.Replay, error) {
	now := s.clock()
	res, err := s.db.NewUpdate().Model((*baton.Replay)(nil)).
		Set("status = ?", baton.ReplayRunning).Set("failure_reason = ''").Set("completed_at = NULL").
		Set("started_at = ?", now).Set("heartbeat_at = ?", now).Set("runs = runs + 1").
		Where("id = ? AND steward_id = ? AND status IN (?)", id, stewardID, bun.List(from)).Exec(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.Replay(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return r, baton.Errorf(baton.ECONFLICT, "replay is already %s", r.Status)
	}
	return r, nil
}

// FinishReplayRun ends the running run of one of the steward's replays:
// completed, or failed with its reason; answers are the tool answers of
// this run, added to those of earlier runs.
func (s *Store) FinishReplayRun(ctx context.Context, stewardID int64, id, status, reason string, answers []baton.ToolAnswer) (*baton.Replay, error) {
	if status != baton.ReplayCompleted && status != baton.ReplayFailed {
		return nil, baton.Invalid("status", "status must be completed or failed")
	}
	if status == baton.ReplayFailed && strings.TrimSpace(reason) == "" {
		return nil, baton.Invalid("reason", "a failed replay needs a reason")
	}
	var out *baton.Replay
	err := s.inTx(ctx, func(tx bun.Tx) error {
		r := new(baton.Replay)
		if err := tx.NewSelect().Model(r).Where("id = ? AND steward_id = ?", id, stewardID).Scan(ctx); err != nil {
			return notFound(err, "replay")
		}
		if r.Status != baton.ReplayRunning {
			return baton.Errorf(baton.ECONFLICT, "replay is %s, not running", r.Status)
		}
		r.Status, r.FailureReason = status, baton.CapTitle(reason)
		r.ToolAnswers = append(append([]baton.ToolAnswer{}, r.ToolAnswers...), answers...)
		now := s.clock()
		r.CompletedAt = &now
		if _, err := tx.NewUpdate().Model(r).Column("status", "failure_reason", "completed_at", "tool_answers").
			Where("id = ? AND steward_id = ? AND status = ?", id, stewardID, baton.ReplayRunning).Exec(ctx); err != nil {
			return err
		}
		out = r
		return nil
	})
	return out, err
}

// ReplayHeartbeat says the runner of these running replays is alive.
func (s *Store) ReplayHeartbeat(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := s.db.NewUpdate().Model((*baton.Replay)(nil)).Set("heartbeat_at = ?", s.clock()).
		Where("id IN (?) AND status = ?", bun.List(ids), baton.ReplayRunning).Exec(ctx)
	return err
}

// FailAbandonedReplays fails, with the reason, every running replay whose
// runner last said it was alive before the given time: its server stopped
// or crashed mid-run. It is the server's own upkeep, across stewards.
func (s *Store) FailAbandonedReplays(ctx context.Context, aliveBefore time.Time, reason string) (int, error) {
	res, err := s.db.NewUpdate().Model((*baton.Replay)(nil)).
		Set("status = ?", baton.ReplayFailed).Set("failure_reason = ?", baton.CapTitle(reason)).Set("completed_at = ?", s.clock()).
		Where("status = ? AND (heartbeat_at IS NULL OR heartbeat_at < ?)", baton.ReplayRunning, aliveBefore.UTC()).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// SetReplayStatus closes one of the steward's replays that a client ran
// itself (through the context API): completed, or failed with the reason.
// A finished replay does not move again.
func (s *Store) SetReplayStatus(ctx context.Context, stewardID int64, id, status, reason string) (*baton.Replay, error) {
	switch status {
	case baton.ReplayRunning, baton.ReplayCompleted, baton.ReplayFailed:
	default:
		return nil, baton.Invalid("status", "status must be running, completed or failed")
	}
	if status == baton.ReplayFailed && strings.TrimSpace(reason) == "" {
		return nil, baton.Invalid("reason", "a failed replay needs a reason")
	}
	q := s.db.NewUpdate().Model((*baton.Replay)(nil)).Set("status = ?", status).Set("failure_reason = ?", baton.CapTitle(reason)).
		Where("id = ? AND steward_id = ? AND status IN (?)", id, stewardID, bun.List([]string{baton.ReplayPrepared, baton.ReplayRunning}))
	if status != baton.ReplayRunning {
		q = q.Set("completed_at = ?", s.clock())
	} else {
		q = q.Set("started_at = ?", s.clock()).Set("heartbeat_at = ?", s.clock())
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.Replay(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, baton.Errorf(baton.ECONFLICT, "replay is already %s", r.Status)
	}
	return r, nil
}

// ComparisonOfConversations returns the steward's latest comparison of a
// with b, or ENOTFOUND.
func (s *Store) ComparisonOfConversations(ctx context.Context, stewardID int64, a, b string) (*baton.Comparison, error) {
	var ids []string
	if err := s.db.NewRaw(`SELECT id FROM comparisons WHERE steward_id = ? AND a_conversation_id = ? AND b_conversation_id = ?
		ORDER BY created_at DESC, id LIMIT 1`, stewardID, a, b).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, baton.NotFound("comparison")
	}
	return &baton.Comparison{ID: ids[0], StewardID: stewardID, AConversationID: a, BConversationID: b}, nil
}
