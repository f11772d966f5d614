package web

import (
	"context"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
	"github.com/uptrace/bun/dialect"
)

// pageLimiter bounds how many page reads (GET and HEAD of the cookie
// routes) are drawn at once; the others wait their turn, first come first
// served. Drawing a page is CPU alone (SQLite here is Go code), so with
// more pages at once than cores they only share the cores: each takes
// longer, and so does everything else — above all the one transaction
// writing (SQLite has one writer), which every append waits for. 64
// clients browsing and appending had ~25 pages in progress, so the writer
// had a 25th of the machine and appends queued behind it. Bounded to
// twice the cores, pages take their turn and the writer keeps its pace.
// Searches through the API take a slot too (routes.go): a search is the
// same Go CPU as a page, and unbounded they ran beside the pages and the
// writer. Appends are not bounded here: their analysis takes the store's
// turns (append_turns.go) and they queue for the writer anyway.
//
// A slot is held while the page is read and drawn, never while it is
// written out: a client that does not read its answer (a download it
// never takes) would otherwise keep the slot until the write timeout. And
// one steward (or, signed out, one address) holds at most share slots at
// once, so it cannot take them all from the others.
type pageLimiter struct {
	slots   chan struct{}
	share   int
	waiting atomic.Int64 // requests waiting for a slot (tests)

	mu     sync.Mutex
	owners map[string]*slotOwner
}

// slotOwner is one steward's (or address's) slots: its own bound of
// share, and how many of its requests use it.
type slotOwner struct {
	held chan struct{}
	refs int
}

// pageSlotsFor is the bound of page reads on st's database for the
// configured n (Config.PageSlots). On PostgreSQL a page mostly waits for
// the database, another process: bounding pages left slots waiting on it
// while lists queued (64 clients: list p95 0.6 → 1.1 s), so 0 means no
// bound there.
func pageSlotsFor(st *store.Store, n int) int {
	if n == 0 && st.DB().Dialect().Name() != dialect.SQLite {
		return -1
	}
	return n
}

// newPageLimiter bounds page reads to n at once: 0 means twice the cores
// Go uses, below 0 no bound. One owner's share is half of them, rounded
// up.
func newPageLimiter(n int) *pageLimiter {
	if n == 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	if n < 0 {
		return &pageLimiter{}
	}
	return &pageLimiter{slots: make(chan struct{}, n), share: (n + 1) / 2, owners: map[string]*slotOwner{}}
}

// owner is key's slots, counted as used until drop.
func (l *pageLimiter) owner(key string) *slotOwner {
	l.mu.Lock()
	defer l.mu.Unlock()
	o := l.owners[key]
	if o == nil {
		o = &slotOwner{held: make(chan struct{}, l.share)}
		l.owners[key] = o
	}
	o.refs++
	return o
}

// drop ends one use of key's slots; the last forgets the owner.
func (l *pageLimiter) drop(key string, o *slotOwner) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if o.refs--; o.refs == 0 {
		delete(l.owners, key)
	}
}

// acquire waits for one of key's share and then for a slot, until ctx ends.
func (l *pageLimiter) acquire(ctx context.Context, key string) (*slotOwner, error) {
	o := l.owner(key)
	l.waiting.Add(1)
	defer l.waiting.Add(-1)
	select {
	case o.held <- struct{}{}:
	case <-ctx.Done():
		l.drop(key, o)
		return nil, ctx.Err()
	}
	select {
	case l.slots <- struct{}{}:
		return o, nil
	case <-ctx.Done():
		<-o.held
		l.drop(key, o)
		return nil, ctx.Err()
	}
}

// release gives back what acquire took.
func (l *pageLimiter) release(key string, o *slotOwner) {
	<-l.slots
	<-o.held
	l.drop(key, o)
}

// pageSlot is one request's hold on a slot (httpx.PageSlot): taken before
// the handler, given back when the answer is written or the handler
// returns, and taken again by a download for each batch it reads.
type pageSlot struct {
	l   *pageLimiter
	key string

	mu    sync.Mutex
	owner *slotOwner // non-nil while held
}

// Acquire takes the slot unless the request holds it.
func (p *pageSlot) Acquire(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.owner != nil {
		return nil
	}
	o, err := p.l.acquire(ctx, p.key)
	p.owner = o
	return err
}

// Release gives the slot back if the request holds it.
func (p *pageSlot) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.owner != nil {
		p.l.release(p.key, p.owner)
		p.owner = nil
	}
}

// slotWriter gives the request's slot back before anything is written to
// the client: a write can wait as long as the client does not read.
type slotWriter struct {
	http.ResponseWriter
	slot *pageSlot
}

func (w *slotWriter) Write(b []byte) (int, error) {
	w.slot.Release()
	return w.ResponseWriter.Write(b)
}

func (w *slotWriter) Flush() {
	w.slot.Release()
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *slotWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// slotKey is whose share a request draws on: the signed-in steward's, or
// the client address's when signed out.
func slotKey(c echo.Context) string {
	if id := stewardID(c); id != 0 {
		return "steward:" + strconv.FormatInt(id, 10)
	}
	return "address:" + c.RealIP()
}

// pageSlot holds a GET or HEAD page request until a slot is free, and
// frees it when the handler returns or, earlier, when the page is drawn
// (renderHTML) or anything is written, so a slow reader of the answer
// does not hold a slot. It runs after web.browser, which says whose
// request it is.
func (s *Server) pageSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		l := s.pages
		if m := c.Request().Method; l.slots == nil || (m != http.MethodGet && m != http.MethodHead) {
			return next(c)
		}
		slot := &pageSlot{l: l, key: slotKey(c)}
		if err := slot.Acquire(requestContext(c)); err != nil {
			return err // the client left while waiting
		}
		defer slot.Release()
		c.Set(httpx.PageSlotKey, httpx.PageSlot(slot))
		resp := c.Response()
		resp.Writer = &slotWriter{ResponseWriter: resp.Writer, slot: slot}
		return next(c)
	}
}
