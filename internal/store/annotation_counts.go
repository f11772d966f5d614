package store

import (
	"context"
)

// MessageAnnotationCount is how many annotations the steward's session
// carries on its messages (not on the session itself): what the session
// page's review status counts beside the session's own.
func (s *Store) MessageAnnotationCount(ctx context.Context, stewardID int64, sessionID string) (int, error) {
	var n int
	err := s.readBound(ctx, &n, "SELECT count(*) FROM annotations WHERE steward_id = ? AND session_id = ? AND message_id IS NOT NULL",
		stewardID, sessionID)
	return n, err
}
