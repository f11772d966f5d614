package comparison

import (
	"context"
	"slices"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// Scores are both runs' deterministic scores followed by the
// human scores: the means of the owner's score annotations on each run's
// messages after the fork point and on its session. Annotations change
// without changing the conversations, so they are read each time, not cached.
func (s *Cache) Scores(ctx context.Context, ownerID int64, runs *Runs, redact func(string) string) (sa, sb []replay.Score, err error) {
	means := func(msgs []*baton.Message) ([]baton.ScoreMean, error) {
		if len(msgs) == 0 {
			return nil, nil
		}
		var ids []int64
		for _, m := range msgs[runs.Result.Diff.PrefixLength:] {
			ids = append(ids, m.ID)
		}
		return s.store.ScoreMeans(ctx, ownerID, msgs[0].SessionID, ids)
	}
	a, err := means(runs.A)
	if err != nil {
		return nil, nil, err
	}
	b, err := means(runs.B)
	if err != nil {
		return nil, nil, err
	}
	ha, hb := replay.HumanScores(a, b)
	for i := range ha {
		if redact != nil {
			ha[i].Name, hb[i].Name = redact(ha[i].Name), redact(hb[i].Name)
		}
	}
	return append(slices.Clone(runs.Result.ScoresA), ha...), append(slices.Clone(runs.Result.ScoresB), hb...), nil
}
