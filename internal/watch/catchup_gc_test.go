package watch

import (
	"math"
	"runtime/debug"
	"testing"
)

// Catching up raises the collector's target and bounds the heap, and
// puts back what the process had; a higher target or a lower limit the
// process set itself is kept.
func TestCatchUpGCSetsAndPutsBack(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()
	cases := []struct {
		percent     int
		limit       int64
		wantPercent int
		wantLimit   int64
	}{
		{100, math.MaxInt64, catchUpGCPercent, catchUpMemoryLimit},
		{50, 1 << 40, catchUpGCPercent, catchUpMemoryLimit},
		{800, math.MaxInt64, 800, catchUpMemoryLimit},
		{-1, 256 << 20, -1, 256 << 20},
	}
	for _, c := range cases {
		debug.SetGCPercent(c.percent)
		debug.SetMemoryLimit(c.limit)
		restore := catchUpGC()
		gotPercent, gotLimit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
		debug.SetGCPercent(gotPercent)
		if gotPercent != c.wantPercent || gotLimit != c.wantLimit {
			t.Errorf("from GOGC %d, limit %d: catching up at %d, %d; want %d, %d", c.percent, c.limit, gotPercent, gotLimit, c.wantPercent, c.wantLimit)
		}
		restore()
		if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != c.percent || l != c.limit {
			t.Errorf("from GOGC %d, limit %d: put back %d, %d", c.percent, c.limit, p, l)
		}
	}
}

// A pass catches up when the listed files hold catchUpBytes or more not
// read yet.
func TestBacklogIsWhatIsUnread(t *testing.T) {
	found := []transcriptFile{{size: 6 << 20}, {size: 3 << 20}, {size: 100}}
	states := []*fileState{{Offset: 0}, {Offset: 1 << 20}, {Offset: 400}} // the last one shrank
	if got := backlog(found, states); got != 8<<20 {
		t.Errorf("backlog %d, want %d", got, 8<<20)
	}
}
