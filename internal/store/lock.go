package store

import (
	"context"
	"hash/fnv"
)

// WithLock runs fn while holding the named lock across every process using
// the database: on PostgreSQL a session advisory lock, held on one
// connection until fn returns, so a second process waits for the first to
// finish. SQLite has no such lock between processes; there fn runs at
// once and what it writes must tolerate a concurrent writer (a unique
// username, for one).
func (s *Store) WithLock(ctx context.Context, name string, fn func() error) error {
	if s.dialect != Postgres {
		return fn()
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte("baton:" + name))
	key := int64(h.Sum64())
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(?)", key); err != nil {
		return err
	}
	defer func() {
		// Unlocked on the same connection; closing it would also end the lock.
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?)", key)
	}()
	return fn()
}
