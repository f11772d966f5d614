package store

import (
	"errors"
	"fmt"
)

// ErrSQLiteInUse is the error of a second process that claims a SQLite
// database another process holds.
var ErrSQLiteInUse = errors.New("another Baton process is using this SQLite database")

// ClaimSingleProcess makes this process the only Baton process serving a
// SQLite database until the store closes. SQLite has one writer at a time,
// and a second `baton serve` on the same file answered 500 "database is
// locked" whenever the two wrote together: it is refused at start with a
// message that says why. PostgreSQL is for many instances; there this does
// nothing.
func (s *Store) ClaimSingleProcess() error {
	if s.dialect != SQLite {
		return nil
	}
	release, err := lockExclusive(s.path + ".lock")
	if errors.Is(err, ErrSQLiteInUse) {
		return fmt.Errorf("%w (%s): SQLite serves one process; stop the other one, or use PostgreSQL (BATON_DATABASE_URL=postgres://…) to run several instances", err, s.path)
	} else if err != nil {
		return fmt.Errorf("lock %s.lock: %w", s.path, err)
	}
	s.releaseClaim = release
	return nil
}
