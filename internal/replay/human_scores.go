package replay

import (
	"sort"

	"github.com/baton-dev/baton/internal/baton"
)

// HumanScores turns each side's annotation means into score rows, one per
// dimension either side has, in the same order on both sides; a side
// without that dimension has no value. No annotations, no rows.
func HumanScores(a, b []baton.ScoreMean) (sa, sb []Score) {
	byDim := func(ms []baton.ScoreMean) map[string]baton.ScoreMean {
		out := map[string]baton.ScoreMean{}
		for _, m := range ms {
			out[m.Dimension] = m
		}
		return out
	}
	ma, mb := byDim(a), byDim(b)
	var dims []string
	for d := range ma {
		dims = append(dims, d)
	}
	for d := range mb {
		if _, ok := ma[d]; !ok {
			dims = append(dims, d)
		}
	}
	sort.Strings(dims)
	row := func(d string, m baton.ScoreMean, ok bool) Score {
		s := Score{Name: "human: " + d, Formula: "mean of the score annotations (0–1) of this dimension on the run's messages and its session"}
		if !ok {
			s.Detail = "no " + d + " annotations"
			return s
		}
		v := round3(m.Mean)
		s.Value, s.Detail = &v, itoa(m.Count)+" annotations"
		if m.Count == 1 {
			s.Detail = "1 annotation"
		}
		return s
	}
	for _, d := range dims {
		x, okA := ma[d]
		y, okB := mb[d]
		sa, sb = append(sa, row(d, x, okA)), append(sb, row(d, y, okB))
	}
	return sa, sb
}
