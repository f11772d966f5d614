package store

import (
	"context"
	"fmt"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Group commit (issue 13, the realistic mix). SQLite has one writer: with
// 64 clients, appends queued for the write lock one transaction at a time,
// and each hand-over of the lock waited for the next goroutine to be
// scheduled on a busy machine — the queue, not the work, was the latency
// (append p95 342 ms against ~5 ms of work). So concurrent appends share
// one write transaction: whoever finds no batch being written writes the
// queue whole, each append in its own savepoint, so an append that fails
// (unknown session, a bad conversation) is rolled back alone and answers
// its own error while the others are committed. Each append does exactly
// what it does alone (same reads, same duplicate check, same sequence
// numbers: an append sees what the ones before it in the batch wrote), in
// the order they arrived. PostgreSQL has many writers (appends to
// different conversations run side by side) and does not group.

// Bounds of one group: enough to take a 64-client queue at once, small
// enough that the write lock is not held long for other writers.
const (
	maxGroupAppends  = 64
	maxGroupMessages = 4000
)

// appendFault, set by tests (export_test.go), can fail an append after it
// has written everything, to show that nothing of it stays.
var appendFault func(sessionID string) error

// appendGroup is the queue of appends waiting for the write transaction.
type appendGroup struct {
	mu      sync.Mutex
	queue   []*appendCall
	writing bool // a leader is writing a batch (or handing over to the next)
}

// appendCall is one AppendMessages call waiting in the queue, and its answer.
type appendCall struct {
	ctx                       context.Context
	stewardID                 int64
	sessionID, conversationID string
	msgs                      []*baton.Message // prepared
	res                       baton.AppendResult
	err                       error
	// wake answers a waiting call: true when its batch is committed (res
	// and err are set), false when it is to write the next batch itself.
	wake chan bool
}

// run writes call, in a batch with whatever else is queued, and returns
// when call's answer is set. The first caller to find no batch being
// written leads: it waits for the write lock, then takes the queue (at
// most maxGroupAppends / maxGroupMessages) and writes it; when done it
// wakes the calls it wrote and hands the next batch to the first call
// still queued, so a leader never waits for more than its own batch.
func (g *appendGroup) run(call *appendCall, write func(take func() []*appendCall) []*appendCall) {
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
func (g *appendGroup) take() []*appendCall {
	g.mu.Lock()
	defer g.mu.Unlock()
	n, size := 0, 0
	for n < len(g.queue) && n < maxGroupAppends && (n == 0 || size+len(g.queue[n].msgs) <= maxGroupMessages) {
		size += len(g.queue[n].msgs)
		n++
	}
	batch := append([]*appendCall(nil), g.queue[:n]...)
	g.queue = append(g.queue[:0], g.queue[n:]...)
	return batch
}

// writeAppends takes the write lock, then the batch (everything queued
// while it waited), and writes the batch in one transaction, each append
// in its own savepoint. A failed append is rolled back to its savepoint
// and keeps its error; if the transaction itself fails, every append in
// it fails. It returns the batch it wrote.
func (s *Store) writeAppends(take func() []*appendCall) []*appendCall {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	batch := take()
	// The statements run under a context no caller can cancel: cancelling
	// a statement inside a transaction can roll back the whole transaction
	// (SQLite's interrupt), the other callers' appends with it. A caller
	// gone before its turn is skipped.
	ctx := context.WithoutCancel(batch[0].ctx)
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if len(batch) == 1 {
			c := batch[0]
			if c.err = c.ctx.Err(); c.err != nil {
				return c.err
			}
			c.res, c.err = s.appendInSession(ctx, tx, c.stewardID, c.sessionID, c.conversationID, c.msgs)
			return c.err
		}
		for i, c := range batch {
			if c.err = c.ctx.Err(); c.err != nil {
				continue
			}
			savepoint := fmt.Sprintf("append_%d", i)
			if _, err := tx.ExecContext(ctx, "SAVEPOINT "+savepoint); err != nil {
				return err
			}
			c.res, c.err = s.appendInSession(ctx, tx, c.stewardID, c.sessionID, c.conversationID, c.msgs)
			if c.err != nil {
				c.res = baton.AppendResult{}
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO "+savepoint); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE "+savepoint); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		// Nothing of the batch was written.
		for _, c := range batch {
			if c.err == nil {
				c.err = err
			}
			c.res = baton.AppendResult{}
		}
	}
	return batch
}
