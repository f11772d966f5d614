package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"

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
	return tx.Tx.StmtContext(ctx, st), nil
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
	if s.dialect == Postgres {
		return tx.Tx.QueryContext(ctx, pgQuery(query), args...)
	}
	st, err := s.stmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}
