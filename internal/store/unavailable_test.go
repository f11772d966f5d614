package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/uptrace/bun/driver/sqliteshim"
)

// Defect: a busy or unreachable database answered 500. The
// errors the drivers really give for it are told apart from bugs, so the
// HTTP layer answers 503 with Retry-After.
func TestUnavailableTellsBusyAndUnreachableDatabasesFromBugs(t *testing.T) {
	ctx := context.Background()
	// SQLite: another process holds the write lock past the busy timeout.
	path := filepath.Join(t.TempDir(), "busy.db")
	holder, err := sql.Open(sqliteshim.ShimName, "file:"+path+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.Exec("CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	conn, err := holder.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open(sqliteshim.ShimName, "file:"+path+"?_pragma=busy_timeout(10)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, busyErr := other.Exec("INSERT INTO t VALUES (1)")
	if busyErr == nil || !store.Unavailable(busyErr) {
		t.Errorf("SQLite busy error %v: Unavailable = false", busyErr)
	}
	_, _ = conn.ExecContext(ctx, "ROLLBACK")

	// PostgreSQL: nothing listens at the address.
	pg, err := store.Open("postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if err := pg.Ping(ctx); err == nil || !store.Unavailable(err) {
		t.Errorf("PostgreSQL down %v: Unavailable = false", err)
	}

	// Bugs and application errors stay what they are.
	for _, err := range []error{errors.New("sql: no rows in result set"), errors.New("near \"SELEC\": syntax error"),
		baton.Invalid("title", "bad"), baton.NotFound("session")} {
		if store.Unavailable(err) {
			t.Errorf("Unavailable(%v) = true", err)
		}
	}
}
