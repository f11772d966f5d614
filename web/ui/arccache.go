package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sync"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views/charts"
	"github.com/labstack/echo/v4"
)

// arcCache keeps the drawn arc chart of recently viewed sessions. Reading
// the points of a 10,000-message session costs more than the rest of its
// page, and drawing them (two pictures and a data table of up to 300 dots,
// ~250 KB of HTML) was half the page's CPU under load; the chart depends
// only on the session's version, so it is drawn once per version.
//
// A session's points change only when messages are added (its message
// count), when it is re-imported or edited (its updated_at), and when the
// analysis worker reaches its messages; so the key holds the first two,
// plus, only while the session's messages are still being analysed, the
// worker's watermark. (The watermark in every key missed on every page
// view while any steward was writing.) The chart also shows the session's
// stored emotional arc (moods, peaks), so a digest of it is in the key too.
// Each instance has its own cache; two instances can only differ in what
// they recompute.
type arcCache struct {
	mu      sync.Mutex
	entries map[string]drawnArc
	bytes   int
}

// drawnArc is an arc chart's HTML; "" when the arc has no dots (nothing is drawn).
type drawnArc struct {
	html string
}

// The cache is bounded by entries and by bytes; a full cache starts over.
const (
	arcCacheSize  = 128
	arcCacheBytes = 32 << 20
)

// arcChart returns the session's arc chart, drawn, or nil when the arc has
// no dots. main is the session's main conversation and pending says
// whether its messages are still being analysed, when the caller knows
// them (nil: read here).
func (s *Server) arcChart(c echo.Context, sess *baton.Session, main *baton.Conversation, pending *bool) (templ.Component, error) {
	if main == nil {
		conv, err := s.sessions.Conversation(requestContext(c), stewardID(c), sess.ID, "")
		if err != nil {
			return nil, err
		}
		main = conv
	}
	if pending == nil {
		p, err := s.sessions.AnalysisPending(requestContext(c), stewardID(c), main.ID)
		if err != nil {
			return nil, err
		}
		pending = &p
	}
	key := fmt.Sprintf("%d/%s/%d/%d/%x", stewardID(c), sess.ID, sess.MessageCount, sess.UpdatedAt.UnixNano(), arcDigest(sess.EmotionalArc))
	if *pending {
		// Still being analysed: the points hold until the worker moves.
		mark, err := s.sessions.AnalysisWatermark(requestContext(c))
		if err != nil {
			return nil, err
		}
		key += fmt.Sprintf("/pending/%d", mark)
	}
	s.arcs.mu.Lock()
	drawn, ok := s.arcs.entries[key]
	s.arcs.mu.Unlock()
	if !ok {
		points, err := s.sessions.SentimentSeries(requestContext(c), stewardID(c), sess.ID)
		if err != nil {
			return nil, err
		}
		if len(points) > 0 {
			var buf bytes.Buffer
			if err := charts.ArcChart(charts.NewArc(sess.ID, points, sess.EmotionalArc)).Render(requestContext(c), &buf); err != nil {
				return nil, err
			}
			drawn.html = buf.String()
		}
		s.arcs.mu.Lock()
		if s.arcs.entries == nil || len(s.arcs.entries) >= arcCacheSize || s.arcs.bytes+len(drawn.html) > arcCacheBytes {
			s.arcs.entries, s.arcs.bytes = map[string]drawnArc{}, 0
		}
		if _, had := s.arcs.entries[key]; !had {
			s.arcs.entries[key] = drawn
			s.arcs.bytes += len(drawn.html)
		}
		s.arcs.mu.Unlock()
	}
	if drawn.html == "" {
		return nil, nil
	}
	return templ.Raw(drawn.html), nil
}

// arcDigest is a digest of the session's stored emotional arc, which the
// chart's caption and peaks show.
func arcDigest(arc baton.EmotionalArc) uint64 {
	b, _ := json.Marshal(arc)
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
