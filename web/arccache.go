package web

import (
	"fmt"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// arcCache keeps the arc points of recently viewed sessions. Reading the
// points of a 10,000-message session costs more than the rest of its page.
// A session's points change only when messages are added (its message
// count), when it is re-imported or edited (its updated_at), and when the
// analysis worker reaches its messages; so the key holds the first two,
// plus, only while the session's messages are still being analysed, the
// worker's watermark. (The watermark in every key missed on every page
// view while any steward was writing.) Each instance has its own cache; two
// instances can only differ in what they recompute.
type arcCache struct {
	mu      sync.Mutex
	entries map[string][]baton.SentimentPoint
}

// arcCacheSize bounds the cache; a full cache starts over.
const arcCacheSize = 128

func (s *Server) sentimentSeries(c echo.Context, sess *baton.Session) ([]baton.SentimentPoint, error) {
	main, err := s.store.Conversation(ctx(c), stewardID(c), sess.ID, "")
	if err != nil {
		return nil, err
	}
	pending, err := s.store.AnalysisPending(ctx(c), stewardID(c), main.ID)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d/%s/%d/%d", stewardID(c), sess.ID, sess.MessageCount, sess.UpdatedAt.UnixNano())
	if pending {
		// Still being analysed: the points hold until the worker moves.
		mark, err := s.store.AnalysisWatermark(ctx(c))
		if err != nil {
			return nil, err
		}
		key += fmt.Sprintf("/pending/%d", mark)
	}
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
