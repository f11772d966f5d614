package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
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
