package ingest

import (
	"sync"

	"github.com/baton-dev/baton/internal/ingest/claudecode"
)

// maxLiveTranscripts bounds the live sessions whose parse is kept: a
// session left out is parsed whole at its next event and kept again.
const maxLiveTranscripts = 32

// liveTranscript is the parse of a hooked session's transcript so far, and
// how much of each file it has read (the rest is held back or not yet
// received). Lines never change once received, so the parse stays true on
// any instance; one instance that did not see some events reads more.
type liveTranscript struct {
	parser   *claudecode.Incremental
	consumed map[string]int64
	used     uint64
	// known is the store's source ids of knownSession by conversation key
	// (Hooks.knownSourceIDs), as of the last build.
	known        map[string]map[string]bool
	knownSession string
}

// liveTranscripts keeps the live parses by steward and session. Builds of
// one session run one at a time (Hooks.sessions), so a parse is used by
// one build at a time; the map itself is shared.
type liveTranscripts struct {
	mu    sync.Mutex
	byKey map[string]*liveTranscript
	clock uint64
}

// get returns the session's parse, a new one (nothing read yet) if none is kept.
func (l *liveTranscripts) get(key, name string) *liveTranscript {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byKey == nil {
		l.byKey = map[string]*liveTranscript{}
	}
	l.clock++
	lt := l.byKey[key]
	if lt == nil {
		if len(l.byKey) >= maxLiveTranscripts {
			l.evictOldest()
		}
		lt = &liveTranscript{parser: claudecode.NewIncremental(name, claudecode.Options{Live: true}), consumed: map[string]int64{}}
		l.byKey[key] = lt
	}
	lt.used = l.clock
	return lt
}

func (l *liveTranscripts) evictOldest() {
	oldest := ""
	for k, lt := range l.byKey {
		if oldest == "" || lt.used < l.byKey[oldest].used {
			oldest = k
		}
	}
	delete(l.byKey, oldest)
}

// peek returns the session's parse if one is kept.
func (l *liveTranscripts) peek(key string) *liveTranscript {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.byKey[key]
}

// forgetKnown makes the next build read the session's source ids again.
func (l *liveTranscripts) forgetKnown(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lt := l.byKey[key]; lt != nil {
		lt.known, lt.knownSession = nil, ""
	}
}

// drop forgets the session's parse.
func (l *liveTranscripts) drop(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.byKey, key)
}
