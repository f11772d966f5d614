package comparison

import (
	"context"

	"github.com/baton-dev/baton/internal/replay"
)

// Diff loads two conversations of one steward (the reader,
// or the owner of a comparison the reader was granted) and diffs them.
func (s *Cache) Diff(ctx context.Context, ownerID int64, a, b string) (*replay.Diff, error) {
	runs, err := s.Runs(ctx, ownerID, a, b, nil)
	if err != nil {
		return nil, err
	}
	return runs.Result.Diff, nil
}
