package ui

import (
	"bytes"
	"container/list"
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
// analysis worker reaches its messages; so the version holds the first
// two, plus, only while the session's messages are still being analysed,
// the worker's watermark. (The watermark in every version missed on every
// page view while any steward was writing.) The chart also shows the
// session's stored emotional arc (moods, peaks), so a digest of it is in
// the version too. Each (steward, session) has one entry, of its latest
// version drawn.
// Each instance has its own cache; two instances can only differ in what
// they recompute.
//
// A chart is drawn ahead, off any request, when the analysis worker has
// caught up with the session (drawArcAhead): the first view of a long
// session then serves it drawn too (the realistic mix at 64 clients spent
// ~6% of its CPU, ~17% of its page views', drawing each read session's
// chart on its first view).
type arcCache struct {
	mu sync.Mutex
	// bySlot holds one entry per (steward, session): a new version of a
	// session's chart replaces the old one instead of sitting beside it
	// until the cache fills (the mix's write sessions, drawn again at every
	// new version, flushed the read sessions' charts every few seconds).
	bySlot map[arcSlot]*list.Element
	// recent orders the entries, most recently used first; the least
	// recently used go when the bytes are over budget.
	recent list.List
	bytes  int
}

// arcSlot is whose chart an entry is: a session, seen by one steward.
type arcSlot struct {
	stewardID int64
	sessionID string
}

// arcEntry is a cached chart: the version of the session it was drawn
// from (arcVersion) and its HTML.
type arcEntry struct {
	slot    arcSlot
	version string
	drawn   drawnArc
}

// size is what an entry counts against the byte budget: its HTML, and a
// little for the entry itself, so that charts without dots are bounded too.
func (e *arcEntry) size() int {
	return len(e.drawn.html) + len(e.version) + len(e.slot.sessionID) + arcEntryOverhead
}

// drawnArc is an arc chart's HTML; "" when the arc has no dots (nothing is drawn).
type drawnArc struct {
	html string
}

// The cache is bounded by bytes (a long session's chart is ~250 KB, so
// about 128 of them); past the budget the least recently used go, one at a
// time. (A full cache used to start over, and every chart was drawn again.)
const (
	arcCacheBytes    = 32 << 20
	arcEntryOverhead = 128
)

// get returns the chart cached for slot when it was drawn from version,
// and marks it recently used.
func (c *arcCache) get(slot arcSlot, version string) (drawnArc, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.bySlot[slot]
	if !ok {
		return drawnArc{}, false
	}
	e := el.Value.(*arcEntry)
	if e.version != version {
		return drawnArc{}, false
	}
	c.recent.MoveToFront(el)
	return e.drawn, true
}

// put keeps the chart drawn from version for slot, replacing the slot's
// chart of any other version, then drops the least recently used charts
// until the cache is within its byte budget. A chart drawn ahead (no one
// asked for it yet) goes in as the least recently used: it must not push
// out the charts people are reading (in the realistic mix the write
// sessions' charts, drawn ahead at every new version and never viewed,
// would otherwise take half the cache). Two requests drawing
// different versions at once may leave the older one: the next view of
// the newer version then draws it again, it never shows the older one.
func (c *arcCache) put(slot arcSlot, version string, drawn drawnArc, ahead bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bySlot == nil {
		c.bySlot = map[arcSlot]*list.Element{}
	}
	if el, ok := c.bySlot[slot]; ok {
		c.remove(el)
	}
	e := &arcEntry{slot: slot, version: version, drawn: drawn}
	if ahead {
		c.bySlot[slot] = c.recent.PushBack(e)
	} else {
		c.bySlot[slot] = c.recent.PushFront(e)
	}
	c.bytes += e.size()
	for c.bytes > arcCacheBytes && c.recent.Len() > 1 {
		c.remove(c.recent.Back())
	}
}

// remove drops an entry; the caller holds mu.
func (c *arcCache) remove(el *list.Element) {
	e := c.recent.Remove(el).(*arcEntry)
	delete(c.bySlot, e.slot)
	c.bytes -= e.size()
}

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
	version := arcVersion(sess)
	if *pending {
		// Still being analysed: the points hold until the worker moves.
		mark, err := s.sessions.AnalysisWatermark(ctx)
		if err != nil {
			return nil, err
		}
		version = pendingArcVersion(sess, mark)
	}
	drawn, err := s.drawnArc(ctx, steward, sess, version, false)
	if err != nil || drawn.html == "" {
		return nil, err
	}
	return templ.Raw(drawn.html), nil
}

// arcVersion is the version of a session's arc chart once its messages
// are analysed: the chart cached for the session is served only while its
// version is the session's.
func arcVersion(sess *baton.Session) string {
	return fmt.Sprintf("%d/%d/%x", sess.MessageCount, sess.UpdatedAt.UnixNano(), arcDigest(sess.EmotionalArc))
}

// arcPendingStepFrom is the least number of messages the analysis worker
// moves on before a session's chart, drawn while its messages are still
// being analysed, is drawn again.
const arcPendingStepFrom = 500

// pendingArcVersion is the version of a session's arc chart while its
// messages are still being analysed, up to the worker's watermark mark: it
// changes each time the worker has moved on by an eighth of the session's
// messages (at least arcPendingStepFrom), not at every batch it analyses.
// Drawing a 10,000-message chart again costs ~45 ms, and with the version
// following every batch the page views during a catch-up drew it again
// several times a second (the session page's p95 while its analysis
// catches up went from ~6 to ~40–50 ms in about half of the runs); so a
// chart shown during a catch-up may lag the worker by that step, and the
// chart of the analysed session (arcVersion) follows it exactly.
func pendingArcVersion(sess *baton.Session, mark int64) string {
	step := int64(max(arcPendingStepFrom, sess.MessageCount/8))
	return fmt.Sprintf("%s/pending/%d", arcVersion(sess), mark/step)
}

// drawnArc returns the steward's chart of the session cached for version,
// drawing and keeping it when it is not there; ahead says it is drawn
// ahead of any view (drawArcAhead).
func (s *Server) drawnArc(ctx context.Context, stewardID int64, sess *baton.Session, version string, ahead bool) (drawnArc, error) {
	slot := arcSlot{stewardID: stewardID, sessionID: sess.ID}
	drawn, ok := s.arcs.get(slot, version)
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
	s.arcs.put(slot, version, drawn, ahead)
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
	version := arcVersion(sess)
	if _, ok := s.arcs.get(arcSlot{stewardID: stewardID, sessionID: sessionID}, version); ok {
		return
	}
	main, err := s.sessions.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return
	}
	if pending, err := s.sessions.AnalysisPending(ctx, stewardID, main.ID); err != nil || pending {
		return // drawn when the worker catches up with it
	}
	_, _ = s.drawnArc(ctx, stewardID, sess, version, true)
}

// arcDigest is a digest of the session's stored emotional arc, which the
// chart's caption and peaks show.
func arcDigest(arc baton.EmotionalArc) uint64 {
	b, _ := json.Marshal(arc)
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
