package analysis

import (
	"runtime/debug"
	"sync"
)

// longSessionGCPercent is the garbage collector's target (GOGC) while a
// very long session (more than maxViewsBeside messages) is analysed. Its
// analysis holds a view of every message at once, and with Go's default
// of 100 the heap in use peaks at about twice what is live: importing a
// 150,000-message document peaked at ~210 MB over ~110 MB live. At 50 the
// collector runs when the heap has grown by half of what is live, not by
// all of it, so the peak is about one and a half times the live heap; the
// cost is the extra collections while it runs (a few percent of that
// analysis's CPU: each marks the views, which are mostly strings).
const longSessionGCPercent = 50

// longAnalyses counts the analyses of very long sessions running, so that
// the first to start lowers the target and the last to finish puts back
// the one the process had (GOGC, or what it set itself).
var longAnalyses struct {
	sync.Mutex
	running int
	before  int
}

// withTighterGC runs fn with the collector's target at most
// longSessionGCPercent. The target is the process's: other work running
// meanwhile collects more often too, and a process whose target is
// already lower (or off, -1) keeps it.
func withTighterGC(fn func() error) error {
	longAnalyses.Lock()
	if longAnalyses.running == 0 {
		longAnalyses.before = debug.SetGCPercent(longSessionGCPercent)
		if longAnalyses.before < 0 || longAnalyses.before < longSessionGCPercent {
			debug.SetGCPercent(longAnalyses.before) // off, or already lower
		}
	}
	longAnalyses.running++
	longAnalyses.Unlock()
	defer func() {
		longAnalyses.Lock()
		longAnalyses.running--
		if longAnalyses.running == 0 {
			debug.SetGCPercent(longAnalyses.before)
		}
		longAnalyses.Unlock()
	}()
	return fn()
}
