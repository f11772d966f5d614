// Package store keeps Baton's data in SQLite or PostgreSQL through Bun.
// Every method that reads or writes a steward's data takes the steward id
// and puts it in the query: that is where isolation is enforced.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/sqliteshim"
)

// Dialects.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// sqliteMmapBytes is how much of a SQLite database file is read through a
// memory map: SQLite's largest (SQLITE_MAX_MMAP_SIZE, just under 2 GB).
const sqliteMmapBytes = 0x7fff0000

// Store is Baton's storage.
type Store struct {
	db           *bun.DB
	dialect      string
	search       searcher
	now          func() time.Time
	writeMu      sync.Mutex    // one SQLite writer transaction at a time; see inTx
	kick         chan struct{} // wakes the search indexer
	kickAnalysis chan struct{} // wakes the analysis worker
	analyseMu    sync.Mutex    // one SQLite analysis batch at a time; see AnalyseNext
	path         string        // the SQLite file
	releaseClaim func()        // set by ClaimSingleProcess
	imports      importTuning  // chunked imports; see import_chunked.go
	recallKnown  int64         // frame recall's knownPostings when not 0 (tests)
	segmentCut   int           // frame_segments' maxSegment when not 0 (tests)
	bound        boundStmts    // prepared statements; see bound.go
	boundRuns    atomic.Int64  // statements run with bound values (BoundQueries)
	writes       writeGroup    // SQLite appends and hook events waiting to share a write transaction; see append_group.go
	bulk         *bun.Conn     // SQLite: the connection large frame writes run on, under writeMu; see inBulkTx
	appendTurns  chan struct{} // the appends being analysed (PostgreSQL: and written); see appendTurn
	checkpoints  checkpointer  // SQLite: the WAL's checkpoints, off the writers' path; see checkpoints.go
}

// Open connects to the database named by url: "sqlite:PATH" (the embedded
// default; the folder is created) or "postgres://…". It does not migrate.
func Open(url string) (*Store, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		path := strings.TrimPrefix(url, "sqlite:")
		if path == "" {
			return nil, baton.Invalid("BATON_DATABASE_URL", "sqlite: needs a file path, as in sqlite:data/baton.db")
		}
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		// Created by us, readable by its owner only: it holds every
		// transcript and the password hashes. SQLite gives the -wal and
		// -shm files the same mode.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("open database file: %w", err)
		}
		f.Close()
		// WAL lets readers work while one writer writes; IMMEDIATE
		// transactions take the write lock up front so two writers queue on
		// busy_timeout instead of failing mid-transaction.
		//
		// Reads go through a memory map of the file (mmap_size; pages past
		// it and pages newer in the WAL are still read). A connection's page
		// cache (2 MB) holds little of a large database, and it is dropped
		// whenever another connection has committed since its last read, so
		// reads copied page after page in with a read system call: ~20% of
		// a search's CPU at 1,000,000 messages (the message rows of its
		// window, each on its own page, and FTS5's leaves). Writes still go
		// through SQLite's pager and the WAL.
		//
		// cache_spill: a write group (up to 2,000 messages, their index
		// rows and a full-text segment) dirtied more pages than the 2 MB
		// page cache holds, so SQLite wrote pages to the WAL in the middle
		// of the transaction (pagerStress) and wrote many of them again at
		// commit: ~0.3 s of the ingest burst's CPU, all of it in the one
		// writer. Up to 8,192 dirty pages (32 MB at 4 KB pages, outside Go's
		// heap) stay in memory until commit; clean pages are still held to
		// the 2 MB. pagerStress was 0.15–0.38 s of the 200k-message burst's
		// CPU (0.8–1.9 µs a message, 3–7% of the writer's) and is gone from
		// every profile since (loadtest -only ingest -cpuprofile). The
		// writer's whole CPU a message moved less than the noise: at load
		// 10–12 36.1–37.1 → 31.6–32.0 µs, at load 3 25.3–32.2 → 25.4–28.1 µs
		// (runs alternated).
		dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=mmap_size(" + strconv.Itoa(sqliteMmapBytes) + ")&_pragma=wal_autocheckpoint(0)&_pragma=cache_spill(8192)&_txlock=immediate"
		sqldb, err := sql.Open(sqliteshim.ShimName, dsn)
		if err != nil {
			return nil, err
		}
		// Keep every connection open: database/sql keeps only 2 idle by
		// default, so under load the others were closed after each query
		// and reopened (the pragmas run again, the statement cache is lost).
		sqldb.SetMaxOpenConns(8)
		sqldb.SetMaxIdleConns(8)
		sqldb.SetConnMaxIdleTime(0)
		db := bun.NewDB(sqldb, sqliteJSONDialect{sqlitedialect.New()})
		return &Store{db: db, dialect: SQLite, search: sqliteSearch{}, now: time.Now, kick: make(chan struct{}, 1), kickAnalysis: make(chan struct{}, 1), path: path,
			appendTurns: make(chan struct{}, appendsAtOnce())}, nil
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		sqldb, err := sql.Open("pgx", url)
		if err != nil {
			return nil, err
		}
		// As many idle as open: with database/sql's default of 2 idle, a busy
		// server closed and reopened PostgreSQL connections (a backend
		// process each) all the time.
		sqldb.SetMaxOpenConns(16)
		sqldb.SetMaxIdleConns(16)
		db := bun.NewDB(sqldb, pgJSONDialect{pgdialect.New()})
		return &Store{db: db, dialect: Postgres, search: pgSearch{}, now: time.Now, kick: make(chan struct{}, 1), kickAnalysis: make(chan struct{}, 1),
			appendTurns: make(chan struct{}, appendsAtOnce())}, nil
	}
	return nil, baton.Invalid("BATON_DATABASE_URL", "database URL must start with sqlite: or postgres://, got %q", redactURL(url))
}

// redactURL drops anything that might be a password from a URL for an error message.
func redactURL(url string) string {
	if i := strings.Index(url, "@"); i >= 0 {
		return "…" + url[i:]
	}
	return url
}

// DB exposes the Bun handle for benchmarks and tests in this module.
func (s *Store) DB() *bun.DB { return s.db }

// Close closes the database.
func (s *Store) Close() error {
	s.writeMu.Lock()
	s.closeBulk()
	s.writeMu.Unlock()
	s.stopCheckpoints()
	err := s.db.Close()
	if s.releaseClaim != nil {
		s.releaseClaim()
	}
	return err
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.db.NewRaw("SELECT 1").Scan(ctx, &one)
}

// SetClock replaces the clock, for tests.
func (s *Store) SetClock(now func() time.Time) { s.now = now }

func (s *Store) clock() time.Time { return s.now().UTC() }

// Dialect is the database the store speaks: SQLite or Postgres.
func (s *Store) Dialect() string { return s.dialect }

// inTx runs fn in one transaction: all of it or nothing.
//
// On SQLite, write transactions of this process queue on a mutex: SQLite
// has one writer at a time, and a writer that finds the lock taken sleeps
// in millisecond steps in its busy handler, which halved ingest with two
// clients. Other processes still queue on the database lock.
func (s *Store) inTx(ctx context.Context, fn func(tx bun.Tx) error) error {
	if s.dialect != SQLite {
		return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return fn(tx) })
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return fn(tx) })
	if err == nil {
		s.kickCheckpoint()
	}
	return err
}

// notFound turns sql.ErrNoRows into the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return baton.NotFound(what)
	}
	return err
}

// isUniqueViolation reports whether err is a unique-constraint failure on either dialect.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505") ||
		strings.Contains(msg, "duplicate key value")
}
