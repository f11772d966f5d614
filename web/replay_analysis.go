package web

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// comparisonResult is what a comparison shows: the diff and each run's scores.
type comparisonResult struct {
	Diff             *replay.Diff
	ScoresA, ScoresB []replay.Score
}

func comparisonAnalysis(a, b []*baton.Message) comparisonResult {
	d := replay.Compute(a, b)
	return comparisonResult{Diff: d, ScoresA: replay.Scores(a[d.PrefixLength:]), ScoresB: replay.Scores(b[d.PrefixLength:])}
}
