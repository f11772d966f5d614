package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/store"
)

// Defect: a second `baton serve` on the same SQLite file got
// 500 "database is locked" whenever both wrote. It is refused at start.
// Defect: the database file was created world-readable.
func TestOneProcessPerSQLiteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.db")
	first, err := store.Open("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.MigrateUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := first.ClaimSingleProcess(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, %v; want 0600", filepath.Base(name), fi.Mode().Perm(), err)
		}
	}
	second, err := store.Open("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	err = second.ClaimSingleProcess()
	if !errors.Is(err, store.ErrSQLiteInUse) || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("second claim = %v; want ErrSQLiteInUse pointing to PostgreSQL", err)
	}
	first.Close()
	if err := second.ClaimSingleProcess(); err != nil {
		t.Errorf("after the first closed: %v", err)
	}
}
