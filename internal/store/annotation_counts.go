package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// MessageAnnotationCount is how many annotations the steward's session
// carries on its messages (not on the session itself): what the session
// page's review status counts beside the session's own.
func (s *Store) MessageAnnotationCount(ctx context.Context, stewardID int64, sessionID string) (int, error) {
	n, err := s.db.NewSelect().Model((*baton.Annotation)(nil)).
		Where("steward_id = ? AND session_id = ? AND message_id IS NOT NULL", stewardID, sessionID).
		Count(ctx)
	return int(n), err
}
