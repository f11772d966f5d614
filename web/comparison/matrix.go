package comparison

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// Matrix is a replay matrix measured against its baseline: the owner's
// recorded conversation and each run's comparison with it.
type Matrix struct {
	Matrix   *baton.ReplayMatrix
	Baseline replay.MatrixBaseline
	Rows     []replay.MatrixRow
}

// Matrix loads each run of the owner's matrix beside the conversation it
// was forked from (through the cache: the same pairs the runs' comparison
// pages read; the baseline read once for all of them) and measures it;
// redact, when set, hides secrets.
func (s *Cache) Matrix(ctx context.Context, ownerID int64, m *baton.ReplayMatrix, runs []*baton.Replay, redact func(string) string, now time.Time) (*Matrix, error) {
	var first *Runs
	in := make([]replay.MatrixRun, 0, len(runs))
	for _, r := range runs {
		loaded, err := s.runs(ctx, ownerID, m.SourceConversationID, r.ConversationID, redact, first)
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = loaded
		}
		in = append(in, replay.MatrixRun{Replay: r, Messages: loaded.B, Diff: loaded.Result.Diff})
	}
	var baseline []*baton.Message
	if first != nil {
		baseline = first.A
	} else {
		var err error
		if baseline, err = s.store.ConversationMessages(ctx, ownerID, m.SourceConversationID, 0); err != nil {
			return nil, err
		}
	}
	base, rows := replay.MatrixRows(baseline, m.AtMessageID, in, now)
	return &Matrix{Matrix: m, Baseline: base, Rows: rows}, nil
}
