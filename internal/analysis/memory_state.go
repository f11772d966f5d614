package analysis

import (
	"context"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// memoryCacheBytes bounds what the running states of conversations'
// memories hold at once (memoryStates): a state keeps the candidate
// sentences of every message its memory covers, about 500 bytes a message
// of a few sentences (the 200,000 messages of the ingest benchmark's 50
// conversations: ~100 MB). Past it, a state used within memoryStateIdle
// is not dropped for a new one: conversations refreshed in turn would
// each drop the next one's state, and none would be kept.
const (
	memoryCacheBytes = 128 << 20
	memoryStateIdle  = 5 * time.Minute
)

// memoryState is the running state of one conversation's memory: the
// summary's candidate pool over the first covered messages and what its
// scoring reads of them. Making the memory again from it reads only the
// messages the conversation grew by, not every message the memory covers
// (a burst of 200,000 messages into 50 conversations spent ~90% of the
// worker's catch-up reading and splitting the 4,000 messages of each
// again). Its summary is summaryText of the same messages.
type memoryState struct {
	pool *candidatePool
	// assistant holds, by view index, whether the message is the
	// assistant's; secondLast is the view with text before the pool's
	// lastText (-1: none).
	assistant  []bool
	secondLast int
	covered    int
	// lastSeq and lastID are the last covered message's, to tell that
	// the covered messages are still the conversation's first.
	lastSeq, lastID int64
	// prose is the bytes of prose the covered messages have: what the
	// pool's candidates keep of them.
	prose int
	used  time.Time // when last put back
}

// size is about what the state holds in memory: its messages' prose, a
// flag each and the pool's own structures.
func (m *memoryState) size() int { return m.prose + 160*m.covered + 4096 }

// read adds up to n messages after the ones the state covers.
func (m *memoryState) read(ctx context.Context, st *store.Store, stewardID int64, sessionID, conversationID string, n int) error {
	read := st.FirstMessageTexts
	if m.covered > 0 {
		read = func(ctx context.Context, stewardID int64, sessionID, conversationID string, n int) ([]*baton.Message, error) {
			return st.MessageTextsAfter(ctx, stewardID, sessionID, conversationID, m.lastSeq, n)
		}
	}
	msgs, err := read(ctx, stewardID, sessionID, conversationID, n)
	if err != nil {
		return err
	}
	vs := textViews(msgs)
	for k := range vs {
		i := m.covered + k
		v := &vs[k]
		if v.text {
			m.secondLast = m.pool.lastText
			m.prose += len(v.prose)
		}
		m.pool.addView(i, v)
		m.assistant = append(m.assistant, v.assistant())
	}
	if len(msgs) > 0 {
		last := msgs[len(msgs)-1]
		m.lastSeq, m.lastID = last.Seq, last.ID
	}
	m.covered += len(msgs)
	return nil
}

// extend brings the state to the first due messages, reading only those
// past what it covers, and reports false when it cannot: the covered
// messages are no longer the conversation's first (an import removed or
// renumbered some) or reading failed. Then the memory is made afresh.
func (m *memoryState) extend(ctx context.Context, st *store.Store, stewardID int64, sessionID, conversationID string, due int) bool {
	if due < m.covered {
		return false
	}
	count, lastID, err := st.MessagePrefix(ctx, stewardID, sessionID, conversationID, m.lastSeq)
	if err != nil || count != m.covered || lastID != m.lastID {
		return false
	}
	return m.read(ctx, st, stewardID, sessionID, conversationID, due-m.covered) == nil
}

// summary is summaryText of the covered messages.
func (m *memoryState) summary() string {
	m.pool.scoreWith(m.secondLast, func(i int) bool { return m.assistant[i] })
	return m.pool.text(m.pool.ranked())
}

// memoryStates keeps the running states of the memories this process
// made, by conversation id, within memoryCacheBytes: the state used
// longest ago goes first. A state is taken out while in use, and a
// conversation's memory is refreshed by one goroutine at a time.
type memoryStates struct {
	mu     sync.Mutex
	states map[string]*memoryState
	// busy holds the conversations being refreshed; the channel closes
	// when the refresh is done.
	busy  map[string]chan struct{}
	bytes int
}

// take waits until no other refresh of the conversation runs, then
// returns its state (nil: none kept) and done, which the caller must call
// once, with the state to keep (nil: none) and the time by the service's
// clock.
func (c *memoryStates) take(ctx context.Context, conversationID string) (*memoryState, func(*memoryState, time.Time), error) {
	c.mu.Lock()
	for {
		wait, ok := c.busy[conversationID]
		if !ok {
			break
		}
		c.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		c.mu.Lock()
	}
	if c.states == nil {
		c.states, c.busy = map[string]*memoryState{}, map[string]chan struct{}{}
	}
	finished := make(chan struct{})
	c.busy[conversationID] = finished
	m := c.states[conversationID]
	if m != nil {
		delete(c.states, conversationID)
		c.bytes -= m.size()
	}
	c.mu.Unlock()
	return m, func(keep *memoryState, now time.Time) {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.busy, conversationID)
		close(finished)
		if keep != nil {
			c.put(conversationID, keep, now)
		}
	}, nil
}

// put keeps the state of a conversation, dropping the states used longest
// ago, if idle for memoryStateIdle, until it fits; else it is not kept.
// c.mu is held.
func (c *memoryStates) put(conversationID string, m *memoryState, now time.Time) {
	if m.size() > memoryCacheBytes/4 {
		return // one conversation may not crowd out the others
	}
	for c.bytes+m.size() > memoryCacheBytes {
		oldest := ""
		for id, s := range c.states {
			if oldest == "" || s.used.Before(c.states[oldest].used) {
				oldest = id
			}
		}
		if oldest == "" || now.Sub(c.states[oldest].used) < memoryStateIdle {
			return
		}
		c.bytes -= c.states[oldest].size()
		delete(c.states, oldest)
	}
	m.used = now
	c.states[conversationID] = m
	c.bytes += m.size()
}
