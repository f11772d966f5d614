// Package storetest opens fresh databases of both dialects for tests.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/store"
	_ "github.com/jackc/pgx/v5/stdlib"
)

// Databases returns the database URLs a test suite runs against: a fresh
// SQLite file always, and a fresh PostgreSQL database when
// BATON_TEST_POSTGRES_URL names a server (make test starts one).
func Databases(t testing.TB) map[string]string {
	t.Helper()
	urls := map[string]string{store.SQLite: "sqlite:" + filepath.Join(t.TempDir(), "baton.db")}
	admin := os.Getenv("BATON_TEST_POSTGRES_URL")
	if admin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("BATON_TEST_POSTGRES_URL is not set: CI must test PostgreSQL too")
		}
		return urls
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "baton_test_" + hex.EncodeToString(b)
	db, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		db.Close()
	})
	urls[store.Postgres] = replaceDatabase(admin, name)
	return urls
}

// replaceDatabase swaps the database name in a postgres:// URL.
func replaceDatabase(url, name string) string {
	rest, query, _ := strings.Cut(url, "?")
	if i := strings.LastIndex(rest, "/"); i > len("postgres://") {
		rest = rest[:i]
	}
	out := rest + "/" + name
	if query != "" {
		out += "?" + query
	}
	return out
}

// Open opens and migrates a database for a test and closes it after.
func Open(t testing.TB, url string) *store.Store {
	t.Helper()
	s, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MigrateUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
