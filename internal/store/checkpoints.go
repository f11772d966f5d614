package store

import (
	"context"
	"sync"
	"time"
)

// Checkpoints off the writers' path (SQLite). By default SQLite copies the
// WAL back into the database (a checkpoint) when a commit leaves it longer
// than 1,000 pages, in that commit: the connection that committed does it,
// both files synced, before its COMMIT returns, while this store's write
// lock (writeMu) is still held. Most commits are the write groups'
// (append_group.go), so every few groups one of them checkpointed, and
// every append queued behind it waited. So no connection of the pool
// checkpoints on its own (wal_autocheckpoint 0); after a write
// transaction commits, a goroutine of the store runs a PASSIVE checkpoint
// on a connection of the pool, at most every checkpointEvery. A PASSIVE
// checkpoint takes no lock a writer needs and waits for none: the writers
// go on while it copies, and what a reader still sees is copied by the
// next one. A group's commit, measured with the groups' checkpoints moved
// so (on a connection of their own then) at load ~11-15 on 2 cores: the
// realistic mix of 64 clients, mean 35.7 → 19.0 ms; the ingest burst,
// mean 33.7 → 12.3 ms, p95 79 → 31 ms.
//
// The large frame writes' connection keeps a checkpoint of its own
// (bulkConn), and SQLite checkpoints when the last connection closes.
type checkpointer struct {
	once sync.Once
	kick chan struct{}
	stop context.CancelFunc
	done chan struct{}
}

// checkpointEvery is the shortest time between two checkpoints: under
// sustained appends the WAL then grows by what a quarter of a second
// writes, about SQLite's 1,000 pages.
const checkpointEvery = 250 * time.Millisecond

// kickCheckpoint asks for a checkpoint after a write transaction
// committed; the first asks start the goroutine.
func (s *Store) kickCheckpoint() {
	c := &s.checkpoints
	c.once.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		c.kick, c.stop, c.done = make(chan struct{}, 1), cancel, make(chan struct{})
		go s.runCheckpoints(ctx)
	})
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

// runCheckpoints checkpoints when kicked, at most every checkpointEvery,
// until ctx ends.
func (s *Store) runCheckpoints(ctx context.Context) {
	c := &s.checkpoints
	defer close(c.done)
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.kick:
		}
		// A checkpoint that fails (another under way, the store closing)
		// is done by the next.
		_, _ = s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
		select {
		case <-ctx.Done():
			return
		case <-time.After(checkpointEvery):
		}
	}
}

// stopCheckpoints stops the goroutine, if it started, and waits for it:
// the store is closing.
func (s *Store) stopCheckpoints() {
	c := &s.checkpoints
	c.once.Do(func() {}) // none starts after this
	if c.stop != nil {
		c.stop()
		<-c.done
	}
}
