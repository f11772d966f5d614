package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/uptrace/bun"
)

// Statements with bound values, for the writes every append makes.
//
// A Bun query puts its values in the SQL text, so the database parses each
// one anew; on SQLite (modernc) parsing costs more than running these
// small statements. Here SQLite parses each statement once per connection:
// the store keeps it prepared (database/sql prepares it on each connection
// it runs on, and Tx.StmtContext reuses that). pgx caches prepared
// statements per connection by their text itself.
//
// Queries are written with ? placeholders; on PostgreSQL they become $1, $2…

// boundStmts are a store's prepared statements, by query (SQLite).
type boundStmts struct {
	mu        sync.Mutex
	stmts     map[string]*sql.Stmt
	preparing map[string]bool
	// inTx are the statements of the last write transaction that ran
	// one (tx), by query: a write group runs each of an append's
	// statements once per append in one transaction, and Tx.StmtContext
	// takes database/sql's pool mutex twice for each (the statement's
	// dependency, added and removed at the end), the mutex every read's
	// connection goes through too. Under the realistic mix of 64 clients
	// that mutex was contended, and its hand-overs put the one writer at
	// the back of Go's run queue while it held the write lock.
	tx   *sql.Tx
	inTx map[string]*sql.Stmt
}

// pgQueries caches pgQuery.
var pgQueries sync.Map // query with ? → query with $n

// pgQuery numbers a query's ? placeholders for PostgreSQL. The queries
// given to execBound and queryBound have no ? in string literals.
func pgQuery(query string) string {
	if q, ok := pgQueries.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	for _, part := range strings.SplitAfter(query, "?") {
		if strings.HasSuffix(part, "?") {
			n++
			part = part[:len(part)-1] + "$" + strconv.Itoa(n)
		}
		b.WriteString(part)
	}
	pgQueries.Store(query, b.String())
	return b.String()
}

// stmt returns the statement prepared for query in tx (SQLite). The
// first time a query is seen, it is prepared on tx's own connection for
// this transaction, and the store's shared statement is prepared in the
// background: preparing it here would take a second connection from the
// pool while tx holds the write lock, and when every other connection is
// held by a writer waiting for that lock, nothing moves until SQLite's
// busy timeout (10 s) runs out.
func (s *Store) stmt(ctx context.Context, tx bun.Tx, query string) (*sql.Stmt, error) {
	s.bound.mu.Lock()
	if s.bound.tx == tx.Tx {
		if st := s.bound.inTx[query]; st != nil {
			s.bound.mu.Unlock()
			return st, nil
		}
	}
	st := s.bound.stmts[query]
	if st == nil && !s.bound.preparing[query] {
		if s.bound.preparing == nil {
			s.bound.preparing = map[string]bool{}
		}
		s.bound.preparing[query] = true
		go s.prepareShared(query)
	}
	s.bound.mu.Unlock()
	if st == nil {
		return tx.Tx.PrepareContext(ctx, query)
	}
	st = tx.Tx.StmtContext(ctx, st)
	s.bound.mu.Lock()
	defer s.bound.mu.Unlock()
	// Kept for the rest of tx only: database/sql closes it when tx ends.
	// Holding tx here keeps its address from being reused by a later one.
	if s.bound.tx != tx.Tx {
		s.bound.tx, s.bound.inTx = tx.Tx, map[string]*sql.Stmt{}
	}
	s.bound.inTx[query] = st
	return st, nil
}

// prepareShared prepares query for every connection to use (database/sql
// prepares it again on each connection it runs on). On failure the next
// use tries again.
func (s *Store) prepareShared(query string) {
	st, err := s.db.DB.PrepareContext(context.Background(), query)
	s.bound.mu.Lock()
	defer s.bound.mu.Unlock()
	delete(s.bound.preparing, query)
	if err != nil {
		return
	}
	if s.bound.stmts == nil {
		s.bound.stmts = map[string]*sql.Stmt{}
	}
	s.bound.stmts[query] = st
}

// execBound runs a statement with bound values in tx.
func (s *Store) execBound(ctx context.Context, tx bun.Tx, query string, args ...any) (sql.Result, error) {
	s.boundRuns.Add(1)
	if s.dialect == Postgres {
		return tx.Tx.ExecContext(ctx, pgQuery(query), args...)
	}
	st, err := s.stmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// queryBound runs a query with bound values in tx.
func (s *Store) queryBound(ctx context.Context, tx bun.Tx, query string, args ...any) (*sql.Rows, error) {
	s.boundRuns.Add(1)
	if s.dialect == Postgres {
		return tx.Tx.QueryContext(ctx, pgQuery(query), args...)
	}
	st, err := s.stmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// sharedStmt returns the store's statement prepared for query, preparing
// it the first time (SQLite). Only for reads outside a transaction: no
// write lock is held while it takes a connection to prepare on.
func (s *Store) sharedStmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.bound.mu.Lock()
	st := s.bound.stmts[query]
	s.bound.mu.Unlock()
	if st != nil {
		return st, nil
	}
	st, err := s.db.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s.bound.mu.Lock()
	defer s.bound.mu.Unlock()
	if prepared := s.bound.stmts[query]; prepared != nil {
		st.Close() // another request prepared it first
		return prepared, nil
	}
	if s.bound.stmts == nil {
		s.bound.stmts = map[string]*sql.Stmt{}
	}
	s.bound.stmts[query] = st
	return st, nil
}

// readBound runs a read with bound values outside a transaction and scans
// its rows into dest as Bun's Scan would (a slice of models, or of
// values). The pages' reads go through it: a Bun query puts its values in
// the SQL text, so SQLite parsed each of a page's ~20 reads anew, and
// parsing cost more than running them (a third of a session page's CPU).
func (s *Store) readBound(ctx context.Context, dest any, query string, args ...any) error {
	s.boundRuns.Add(1)
	var rows *sql.Rows
	var err error
	if s.dialect == Postgres {
		rows, err = s.db.DB.QueryContext(ctx, pgQuery(query), args...)
	} else {
		var st *sql.Stmt
		if st, err = s.sharedStmt(ctx, query); err != nil {
			return err
		}
		rows, err = st.QueryContext(ctx, args...)
	}
	if err != nil {
		return err
	}
	return s.db.ScanRows(ctx, rows, dest)
}

// readBoundPlannedEach is readBound for a read whose best plan depends on
// its values, planned with them every time it runs on PostgreSQL.
//
// pgx prepares each statement once per connection, and after five runs
// PostgreSQL may keep one generic plan for it, costed without the values.
// For a range of a conversation's messages (seq > ? AND seq <= ?) it
// guesses 0.5% of an average conversation, ~10 rows, so reading them all
// through a bitmap and sorting looks as cheap as walking the (conversation_id,
// seq) index in order; which one it keeps turned on the table's physical
// order (its statistics' correlation). Where the messages of a conversation
// lie scattered, as they do once the analysis has rewritten them or many
// sessions write at once, it kept the sort: a transcript page of a
// 2,000-message session read and sorted all 2,000 rows for its 40 (~3 ms of
// the server's CPU instead of ~0.2). pgx's unnamed statement (the
// description cached, so still one round trip) is parsed and planned with
// the values each time: the 40-row index walk, whatever the layout.
// Planning every read this way (plan_cache_mode = force_custom_plan) cost
// more than it saved: ~2 ms more of the server's CPU per session page.
func (s *Store) readBoundPlannedEach(ctx context.Context, dest any, query string, args ...any) error {
	if s.dialect == Postgres {
		args = append([]any{pgx.QueryExecModeCacheDescribe}, args...)
	}
	return s.readBound(ctx, dest, query, args...)
}

// selectColumns caches selectOf.
var selectColumns sync.Map // model type → "SELECT … FROM … AS …"

// selectOf is Bun's SELECT of every column of model's table, without a
// WHERE: the start of a readBound query that scans into that model, so
// the column list stays the model's.
func (s *Store) selectOf(model any) string {
	key := fmt.Sprintf("%s %T", s.dialect, model)
	if q, ok := selectColumns.Load(key); ok {
		return q.(string)
	}
	q := s.db.NewSelect().Model(model).String()
	selectColumns.Store(key, q)
	return q
}

// BoundQueries is how many statements with bound values the store has run
// (Bun's query hooks see the others): with them, a test counts every
// query a page runs.
func (s *Store) BoundQueries() int64 { return s.boundRuns.Load() }
