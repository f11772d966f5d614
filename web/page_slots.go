package web

import (
	"net/http"
	"runtime"
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
// The API (appends, search) is not bounded here: its requests are small,
// and the appends queue for the writer anyway.
type pageLimiter struct {
	slots   chan struct{}
	waiting atomic.Int64 // requests waiting for a slot (tests)
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
// Go uses, below 0 no bound.
func newPageLimiter(n int) *pageLimiter {
	if n == 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	if n < 0 {
		return &pageLimiter{}
	}
	return &pageLimiter{slots: make(chan struct{}, n)}
}

// pageSlot holds a GET or HEAD page request until a slot is free, and
// frees it when the handler returns or, earlier, when the page is drawn
// (renderHTML), so a slow reader of the answer does not hold a slot.
func (s *Server) pageSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		l := s.pages
		if m := c.Request().Method; l.slots == nil || (m != http.MethodGet && m != http.MethodHead) {
			return next(c)
		}
		l.waiting.Add(1)
		select {
		case l.slots <- struct{}{}:
			l.waiting.Add(-1)
		case <-requestContext(c).Done():
			l.waiting.Add(-1)
			return requestContext(c).Err() // the client left while waiting
		}
		var once sync.Once
		release := func() { once.Do(func() { <-l.slots }) }
		c.Set(httpx.PageSlotKey, release)
		defer release()
		return next(c)
	}
}
