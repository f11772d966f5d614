// Package comparison loads two conversations of a steward, analyses them
// (their diff and each run's scores) and keeps the result for the
// comparison page and the API.
package comparison

import (
	"context"
	"strconv"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Cache keeps the loaded runs and the analysis of recently
// viewed comparisons: loading and diffing two 2,000-message conversations
// costs far more than the rest of the page. The key holds the version of
// both conversations' sessions (message counts and last update), so a new
// or refreshed message always reads afresh.
type Cache struct {
	store   *store.Store
	mu      sync.Mutex
	entries map[string]*Runs
}

// New is an empty cache that reads through st.
func New(st *store.Store) *Cache { return &Cache{store: st} }

// Runs are a comparison's two conversations, loaded (and redacted when
// asked), with their analysis.
type Runs struct {
	A, B   []*baton.Message
	Result Result
	// rawA is A as read, before any redaction: B's read takes the
	// messages the two share from it.
	rawA []*baton.Message
}

// comparisonCacheSize bounds the cache; a full cache starts over.
const comparisonCacheSize = 32

// Runs loads and analyses the owner's two conversations, or
// takes them from the cache. redacted selects the secret-free copy.
func (s *Cache) Runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string) (*Runs, error) {
	return s.runs(ctx, ownerID, a, b, redact, nil)
}

// runs is Runs with a's messages taken from base when it is set (the
// runs of another comparison with the same a, read the same way): a
// matrix reads its baseline once for all its runs.
func (s *Cache) runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string, base *Runs) (*Runs, error) {
	version, err := s.store.ConversationsVersion(ctx, ownerID, a, b)
	if err != nil {
		return nil, err
	}
	key := strconv.FormatInt(ownerID, 10) + "/" + a + "/" + b + "/" + version
	if redact != nil {
		key += "/redacted"
	}
	s.mu.Lock()
	e, ok := s.entries[key]
	s.mu.Unlock()
	if ok {
		return e, nil
	}
	e = &Runs{}
	if base != nil {
		e.rawA, e.A = base.rawA, base.A
	} else {
		if e.rawA, err = s.store.ComparedMessages(ctx, ownerID, a, nil); err != nil {
			return nil, err
		}
		e.A = redactMessages(e.rawA, redact)
	}
	rawB, err := s.store.ComparedMessages(ctx, ownerID, b, e.rawA)
	if err != nil {
		return nil, err
	}
	e.B = redactMessages(rawB, redact)
	e.Result = analyse(e.A, e.B)
	s.mu.Lock()
	if s.entries == nil || len(s.entries) >= comparisonCacheSize {
		s.entries = map[string]*Runs{}
	}
	s.entries[key] = e
	s.mu.Unlock()
	return e, nil
}
