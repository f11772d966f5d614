package ingest

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
		restore := CatchUpGC()
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
