package store

import (
	"context"
	"runtime"
	"sync/atomic"
)

// Appends take turns on PostgreSQL. There every append is a transaction
// of its own and many run at once, so with 64 clients some 30 appends
// were being analysed and written at the same time, and a page — ~14
// short queries, each a round to the server and back — queued for the 2
// cores behind all of them, at every one of its queries. Baton's pages
// are for people waiting to read; an agent's append is not read until it
// is written, and a little later is as good. So at most appendsAtOnce
// appends are analysed and written at once, and the others wait in Go,
// taking no CPU, while pages and searches go ahead. The cores stay busy
// with the appends in turn, and fewer at once also cost the server and
// Baton less per request (fewer processes and goroutines contending):
// the realistic mix at 64 clients, unbounded / bounded to 4 alternated
// at load ~17: 101 / 167 requests a second, Baton's CPU 2.75 / 1.84 ms
// and PostgreSQL's 4.39 / 2.92 ms per request, page p95 2.01 / 0.48 s,
// append p95 1.02 / 1.11 s. Bounded to 4 / 2 (one per core) at load
// ~3: 425 / 379 requests a second, the same CPU per request (1.5 and
// 2.2 ms), page p95 189 / 94 ms, list p95 114 / 59 ms, append p95 396 /
// 483 ms.
//
// On SQLite an append takes a turn only while its messages are analysed
// and its rows' values built, and gives it back before it joins the write
// group (append_group.go), which takes any number at once. The analysis
// is CPU beside the one writer: half the realistic mix's requests are
// appends, each analysed on its own goroutine, and unbounded they shared
// the cores with the writer's goroutine as many at once as had arrived
// (the pages are bounded by web's page slots), so the writer, which every
// append waits for, had that much less of the machine.

// appendsAtOnce is how many appends one store analyses (and on
// PostgreSQL writes) at once: one per core Go uses. Two instances of
// Baton on one machine (the mix) then write as many at once as it has
// cores, and the pages keep pace; twice as many gave ~12% more requests
// a second but doubled the pages' p95.
func appendsAtOnce() int { return runtime.GOMAXPROCS(0) }

// appendsWaiting counts the appends waiting for a turn, in every store (tests).
var appendsWaiting atomic.Int64

// appendTurn waits until the append may be analysed (and on PostgreSQL
// written), or ctx ends; release ends its turn.
func (s *Store) appendTurn(ctx context.Context) (release func(), err error) {
	if s.appendTurns == nil {
		return func() {}, nil
	}
	appendsWaiting.Add(1)
	defer appendsWaiting.Add(-1)
	select {
	case s.appendTurns <- struct{}{}:
		return func() { <-s.appendTurns }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
