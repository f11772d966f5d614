package store

import (
	"context"
	"sync"

	"github.com/uptrace/bun"
)

// Group commit. SQLite has one writer: with 64 clients, appends and hook
// events queued for the write lock one transaction at a time, and each
// hand-over of the lock waited for the next goroutine to be scheduled on a
// busy machine — the queue, not the work, was the latency. So concurrent
// small writes (AppendMessages, RecordHook) share one write transaction:
// whoever finds no batch being written writes the queue whole, each call
// in its own savepoint, so a call that fails (unknown session, a bad
// conversation, a hooked session changed since it was read) is rolled
// back alone and answers its own error while the others are committed.
// Each call does exactly what it does alone (same reads, same checks: a
// call sees what the ones before it in the batch wrote), in the order
// they arrived. PostgreSQL has many writers (writes to different
// conversations run side by side) and does not group.

// Bounds of one group: enough to take a 64-client queue at once, small
// enough that the write lock is not held long for other writers. At most
// two API batches of 1,000: with 4,000, four writers' batches were often
// written as one group, and while the writer wrote them no request was
// being analysed, then it waited while all four were; with 2,000 two
// batches are analysed while two are written (loadtest -only ingest,
// load ~1.5, 4,000 / 2,000 alternated: 15,955, 9,748 / 14,814, 18,853,
// 14,167 messages/s; searchable during the burst p95 69.0, 110.8 / 59.9,
// 48.5, 74.7 ms).
const (
	maxGroupAppends  = 64
	maxGroupMessages = 2000
)

// appendFault, set by tests (export_test.go), can fail an append after it
// has written everything, to show that nothing of it stays.
var appendFault func(sessionID string) error

// writeGroup is the queue of small writes waiting for the write transaction.
type writeGroup struct {
	mu      sync.Mutex
	queue   []*groupCall
	writing bool // a leader is writing a batch (or handing over to the next)
}

// groupCall is one write waiting in the queue, and its answer.
type groupCall struct {
	ctx context.Context
	// size is how many rows the call writes, for the group's bound.
	size int
	// write does the call's work inside the shared transaction; what it
	// answers besides its error it keeps in its closure, and forgets when
	// its transaction does not commit (undo).
	write func(ctx context.Context, tx bun.Tx) error
	undo  func()
	err   error
	// wake answers a waiting call: true when its batch is committed (err
	// is set), false when it is to write the next batch itself.
	wake chan bool
}

// inGroup runs write as one call of the shared write transaction (SQLite)
// and returns its error; undo, when not nil, forgets what write answered
// if its part of the transaction is not committed.
func (s *Store) inGroup(ctx context.Context, size int, write func(ctx context.Context, tx bun.Tx) error, undo func()) error {
	call := &groupCall{ctx: ctx, size: size, write: write, undo: undo}
	s.writes.run(call, s.writeGroupBatch)
	return call.err
}

// run writes call, in a batch with whatever else is queued, and returns
// when call's answer is set. The first caller to find no batch being
// written leads: it waits for the write lock, then takes the queue (at
// most maxGroupAppends / maxGroupMessages) and writes it; when done it
// wakes the calls it wrote and hands the next batch to the first call
// still queued, so a leader never waits for more than its own batch.
func (g *writeGroup) run(call *groupCall, write func(take func() []*groupCall) []*groupCall) {
	call.wake = make(chan bool, 1)
	g.mu.Lock()
	g.queue = append(g.queue, call)
	if g.writing {
		g.mu.Unlock()
		if done := <-call.wake; done {
			return
		}
		// Handed the next batch: call is at the head of the queue.
	} else {
		g.writing = true
		g.mu.Unlock()
	}

	batch := write(g.take)

	for _, c := range batch {
		if c != call {
			c.wake <- true
		}
	}
	g.mu.Lock()
	if len(g.queue) == 0 {
		g.writing = false
		g.mu.Unlock()
		return
	}
	next := g.queue[0]
	g.mu.Unlock()
	next.wake <- false
}

// take removes the next batch from the head of the queue; the leader is
// at the head, so the batch holds it.
func (g *writeGroup) take() []*groupCall {
	g.mu.Lock()
	defer g.mu.Unlock()
	n, size := 0, 0
	for n < len(g.queue) && n < maxGroupAppends && (n == 0 || size+g.queue[n].size <= maxGroupMessages) {
		size += g.queue[n].size
		n++
	}
	batch := append([]*groupCall(nil), g.queue[:n]...)
	g.queue = append(g.queue[:0], g.queue[n:]...)
	return batch
}

// writeGroupBatch takes the write lock, then the batch (everything
// queued while it waited), and writes the batch in one transaction, each
// call in its own savepoint. A failed call is rolled back to its
// savepoint and keeps its error; if the transaction itself fails, every
// call in it fails. It returns the batch it wrote.
func (s *Store) writeGroupBatch(take func() []*groupCall) []*groupCall {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	batch := take()
	// The statements run under a context no caller can cancel: cancelling
	// a statement inside a transaction can roll back the whole transaction
	// (SQLite's interrupt), the other callers' writes with it. A caller
	// gone before its turn is skipped.
	ctx := context.WithoutCancel(batch[0].ctx)
	err := s.runGroupTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if len(batch) == 1 {
			c := batch[0]
			if c.err = c.ctx.Err(); c.err != nil {
				return c.err
			}
			if c.err = c.write(ctx, tx); c.err != nil {
				return c.err
			}
			return s.indexWritten(ctx, tx)
		}
		wrote := false
		for _, c := range batch {
			if c.err = c.ctx.Err(); c.err != nil {
				continue
			}
			// The calls' savepoints follow one another (one is released
			// before the next is made), so they share a name, and the
			// statements are prepared once per connection (bound.go)
			// rather than parsed twice for every call.
			if _, err := s.execBound(ctx, tx, "SAVEPOINT write_call"); err != nil {
				return err
			}
			if c.err = c.write(ctx, tx); c.err != nil {
				if c.undo != nil {
					c.undo()
				}
				if _, err := s.execBound(ctx, tx, "ROLLBACK TO write_call"); err != nil {
					return err
				}
			}
			if _, err := s.execBound(ctx, tx, "RELEASE write_call"); err != nil {
				return err
			}
			wrote = wrote || c.err == nil
		}
		if !wrote {
			return nil
		}
		return s.indexWritten(ctx, tx)
	})
	if err == nil {
		s.kickCheckpoint()
	} else {
		// Nothing of the batch was written.
		for _, c := range batch {
			if c.err == nil {
				c.err = err
			}
			if c.undo != nil {
				c.undo()
			}
		}
	}
	return batch
}

// runGroupTx runs fn in a write transaction whose statement journals stay
// in memory (temp_store MEMORY, for this transaction's connection while it
// runs). Each call's savepoint and the indexing's keep the pages they
// change in a statement journal, and past 64 kB SQLite spilled it to a
// temporary file: ~400 of the ~700 pwrite calls of a write group of the
// realistic mix (BenchmarkWriteGroup, strace -c), with the file's open,
// truncate and unlink. A group is bounded (maxGroupMessages), so its
// journal is too; the other connections keep temporary files, for what
// is not bounded (a large delete's or a migration's journal, a large sort).
func (s *Store) runGroupTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// temp_store is read when the transaction begins.
	if _, err := conn.ExecContext(ctx, "PRAGMA temp_store = MEMORY"); err != nil {
		return err
	}
	err = conn.RunInTx(ctx, nil, fn)
	// Back to temporary files for whatever runs on this connection next.
	// A failure leaves it keeping them in memory, which costs memory only
	// for a large statement; the group's transaction stands either way.
	_, _ = conn.ExecContext(ctx, "PRAGMA temp_store = DEFAULT")
	return err
}
