package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// ScoreMeans is the mean of each dimension of the steward's score
// annotations on the given messages and on the session itself (not its
// other messages), by dimension name.
func (s *Store) ScoreMeans(ctx context.Context, stewardID int64, sessionID string, messageIDs []int64) ([]baton.ScoreMean, error) {
	where := "(session_id = ? AND message_id IS NULL)"
	args := []any{stewardID, baton.AnnotationScore, sessionID}
	if len(messageIDs) > 0 {
		where = "(" + where + " OR message_id IN (?))"
		args = append(args, bun.List(messageIDs))
	}
	out := []baton.ScoreMean{}
	err := s.db.NewRaw(`SELECT dimension, avg(value) AS mean, count(*) AS n FROM annotations
		WHERE steward_id = ? AND kind = ? AND value IS NOT NULL AND `+where+`
		GROUP BY dimension ORDER BY dimension`, args...).Scan(ctx, &out)
	return out, err
}
