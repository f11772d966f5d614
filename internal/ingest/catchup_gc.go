package ingest

import "runtime/debug"

// Reading a backlog of transcripts in one go (the watcher's first sync of
// a folder, or a pass after a while stopped; `baton import` of files)
// allocates many times the bytes it reads, most of it let go at once:
// parsed lines, the messages' analyses, the rows written. With Go's
// default target (GOGC 100) the collector runs each time the heap has
// grown by what is live, and its own work was a tenth of such a pass's
// instructions. While it catches up, the target is catchUpGCPercent, so
// the collector runs a quarter as often, and the heap is held under
// catchUpMemoryLimit, so a larger live heap makes it run sooner rather
// than grow the process without bound.
const (
	// catchUpGCPercent is the collector's target while catching up.
	catchUpGCPercent = 400
	// catchUpMemoryLimit bounds the Go heap while catching up: watchbench's
	// first sync of 100 MB peaks at about 130 MiB in use, its live heap
	// 27 MiB and flat with the sync's size (the transcripts' readings are
	// let go once settled); a larger live heap's peak stops here.
	catchUpMemoryLimit = 512 << 20
)

// CatchUpGC sets the collector's target and memory limit for catching up
// and returns the function that puts back the ones the process had. A
// higher target (or none, GOGC=off) and a lower limit (GOMEMLIMIT) are
// kept as they are.
func CatchUpGC() (restore func()) {
	percent := debug.SetGCPercent(catchUpGCPercent)
	if percent < 0 || percent > catchUpGCPercent {
		debug.SetGCPercent(percent)
	}
	limit := debug.SetMemoryLimit(-1) // reads it
	if limit > catchUpMemoryLimit {
		debug.SetMemoryLimit(catchUpMemoryLimit)
	}
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
