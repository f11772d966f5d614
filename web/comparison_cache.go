package web

import (
	"strconv"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// comparisonCache keeps the loaded runs and the analysis of recently
// viewed comparisons: loading and diffing two 2,000-message conversations
// costs far more than the rest of the page. The key holds the version of
// both conversations' sessions (message counts and last update), so a new
// or refreshed message always reads afresh.
type comparisonCache struct {
	mu      sync.Mutex
	entries map[string]*comparisonEntry
}

type comparisonEntry struct {
	a, b []*baton.Message
	res  comparisonResult
}

// comparisonCacheSize bounds the cache; a full cache starts over.
const comparisonCacheSize = 32

// comparisonRuns loads and analyses the owner's two conversations, or
// takes them from the cache. redacted selects the secret-free copy.
func (s *Server) comparisonRuns(c echo.Context, ownerID int64, a, b string, redact func(string) string) (*comparisonEntry, error) {
	version, err := s.store.ConversationsVersion(ctx(c), ownerID, a, b)
	if err != nil {
		return nil, err
	}
	key := strconv.FormatInt(ownerID, 10) + "/" + a + "/" + b + "/" + version
	if redact != nil {
		key += "/redacted"
	}
	s.comparisons.mu.Lock()
	e, ok := s.comparisons.entries[key]
	s.comparisons.mu.Unlock()
	if ok {
		return e, nil
	}
	ma, mb, err := s.bothTranscripts(c, ownerID, a, b)
	if err != nil {
		return nil, err
	}
	if redact != nil {
		ma, mb = redactMessages(ma, redact), redactMessages(mb, redact)
	}
	e = &comparisonEntry{a: ma, b: mb, res: comparisonAnalysis(ma, mb)}
	s.comparisons.mu.Lock()
	if s.comparisons.entries == nil || len(s.comparisons.entries) >= comparisonCacheSize {
		s.comparisons.entries = map[string]*comparisonEntry{}
	}
	s.comparisons.entries[key] = e
	s.comparisons.mu.Unlock()
	return e, nil
}
