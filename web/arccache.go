package web

import (
	"fmt"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// arcCache keeps the arc points of recently viewed sessions. Reading the
// points of a 10,000-message session costs more than the rest of its page;
// the key holds the session's message count and the analysis watermark,
// so new messages or new sentiments always read afresh. Each instance has
// its own cache; two instances can only differ in what they recompute.
type arcCache struct {
	mu      sync.Mutex
	entries map[string][]baton.SentimentPoint
}

// arcCacheSize bounds the cache; a full cache starts over.
const arcCacheSize = 128

func (s *Server) sentimentSeries(c echo.Context, sess *baton.Session) ([]baton.SentimentPoint, error) {
	mark, err := s.store.AnalysisWatermark(ctx(c))
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d/%s/%d/%d/%d", stewardID(c), sess.ID, sess.MessageCount, sess.UpdatedAt.UnixNano(), mark)
	s.arcs.mu.Lock()
	points, ok := s.arcs.entries[key]
	s.arcs.mu.Unlock()
	if ok {
		return points, nil
	}
	points, err = s.store.SentimentSeries(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return nil, err
	}
	s.arcs.mu.Lock()
	if s.arcs.entries == nil || len(s.arcs.entries) >= arcCacheSize {
		s.arcs.entries = map[string][]baton.SentimentPoint{}
	}
	s.arcs.entries[key] = points
	s.arcs.mu.Unlock()
	return points, nil
}
