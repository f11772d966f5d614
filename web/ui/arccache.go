package ui

import (
	"bytes"
	"context"
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
//
// A chart is drawn ahead, off any request, when the analysis worker has
// caught up with the session (drawArcAhead): the first view of a long
// session then serves it drawn too (the realistic mix at 64 clients spent
// ~6% of its CPU, ~17% of its page views', drawing each read session's
// chart on its first view).
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
	ctx, steward := requestContext(c), stewardID(c)
	if main == nil {
		conv, err := s.sessions.Conversation(ctx, steward, sess.ID, "")
		if err != nil {
			return nil, err
		}
		main = conv
	}
	if pending == nil {
		p, err := s.sessions.AnalysisPending(ctx, steward, main.ID)
		if err != nil {
			return nil, err
		}
		pending = &p
	}
	key := arcKey(steward, sess)
	if *pending {
		// Still being analysed: the points hold until the worker moves.
		mark, err := s.sessions.AnalysisWatermark(ctx)
		if err != nil {
			return nil, err
		}
		key += fmt.Sprintf("/pending/%d", mark)
	}
	drawn, err := s.drawnArc(ctx, steward, sess, key)
	if err != nil || drawn.html == "" {
		return nil, err
	}
	return templ.Raw(drawn.html), nil
}

// arcKey is the cache key of a session's arc chart once its messages are
// analysed.
func arcKey(stewardID int64, sess *baton.Session) string {
	return fmt.Sprintf("%d/%s/%d/%d/%x", stewardID, sess.ID, sess.MessageCount, sess.UpdatedAt.UnixNano(), arcDigest(sess.EmotionalArc))
}

// drawnArc returns the chart cached under key, drawing and keeping it
// when it is not there.
func (s *Server) drawnArc(ctx context.Context, stewardID int64, sess *baton.Session, key string) (drawnArc, error) {
	s.arcs.mu.Lock()
	drawn, ok := s.arcs.entries[key]
	s.arcs.mu.Unlock()
	if ok {
		return drawn, nil
	}
	points, err := s.sessions.SentimentSeries(ctx, stewardID, sess.ID)
	if err != nil {
		return drawnArc{}, err
	}
	if len(points) > 0 {
		var buf bytes.Buffer
		if err := charts.ArcChart(charts.NewArc(sess.ID, points, sess.EmotionalArc)).Render(ctx, &buf); err != nil {
			return drawnArc{}, err
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
	return drawn, nil
}

// arcDrawAheadFrom is the message count from which a session's chart is
// drawn when the analysis worker has caught up with it (drawArcAhead)
// rather than by the first page view: reading and drawing the points of a
// 2,000-message session took ~16 ms of CPU, a page's whole cost several
// times over; below this a view draws it in a few milliseconds.
const arcDrawAheadFrom = 500

// drawArcAhead draws a session's arc chart into the cache once the
// analysis worker has caught up with its messages (analysis.Service.
// OnCaughtUp), so the page views that follow, above all the first, serve
// it drawn instead of reading every message's sentiment while the writer
// and the other requests wait for the CPU. It runs on the worker's
// goroutine. A failure here is left to the page view, which draws the
// chart itself.
func (s *Server) drawArcAhead(ctx context.Context, stewardID int64, sessionID string) {
	sess, err := s.sessions.Session(ctx, stewardID, sessionID)
	if err != nil || sess.MessageCount < arcDrawAheadFrom {
		return
	}
	key := arcKey(stewardID, sess)
	s.arcs.mu.Lock()
	_, ok := s.arcs.entries[key]
	s.arcs.mu.Unlock()
	if ok {
		return
	}
	main, err := s.sessions.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return
	}
	if pending, err := s.sessions.AnalysisPending(ctx, stewardID, main.ID); err != nil || pending {
		return // drawn when the worker catches up with it
	}
	_, _ = s.drawnArc(ctx, stewardID, sess, key)
}

// arcDigest is a digest of the session's stored emotional arc, which the
// chart's caption and peaks show.
func arcDigest(arc baton.EmotionalArc) uint64 {
	b, _ := json.Marshal(arc)
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
