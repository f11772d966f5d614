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
}

// comparisonCacheSize bounds the cache; a full cache starts over.
const comparisonCacheSize = 32

// Runs loads and analyses the owner's two conversations, or
// takes them from the cache. redacted selects the secret-free copy.
func (s *Cache) Runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string) (*Runs, error) {
	return s.runs(ctx, ownerID, a, b, redact, nil)
}

// runs is Runs with a's messages already loaded (and redacted as asked)
// when loadedA is set: a matrix reads its baseline once for all its runs.
func (s *Cache) runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string, loadedA []*baton.Message) (*Runs, error) {
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
	ma := loadedA
	if ma == nil {
		if ma, err = s.store.ConversationMessages(ctx, ownerID, a, 0); err != nil {
			return nil, err
		}
		if redact != nil {
			ma = redactMessages(ma, redact)
		}
	}
	mb, err := s.store.ConversationMessages(ctx, ownerID, b, 0)
	if err != nil {
		return nil, err
	}
	if redact != nil {
		mb = redactMessages(mb, redact)
	}
	e = &Runs{A: ma, B: mb, Result: analyse(ma, mb)}
	s.mu.Lock()
	if s.entries == nil || len(s.entries) >= comparisonCacheSize {
		s.entries = map[string]*Runs{}
	}
	s.entries[key] = e
	s.mu.Unlock()
	return e, nil
}
