package store

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/migrations"
	"github.com/uptrace/bun"
)

// Migration is one numbered schema change.
type Migration struct {
	Version int
	Name    string
	Applied bool
}

type migrationFile struct {
	version  int
	name     string
	base     string // the name both its files share, to catch a reused number
	up, down string
}

func (s *Store) migrationFiles() ([]migrationFile, error) {
	entries, err := fs.ReadDir(migrations.FS, s.dialect)
	if err != nil {
		return nil, err
	}
	byVersion := map[int]*migrationFile{}
	for _, e := range entries {
		name := e.Name()
		num, rest, ok := strings.Cut(name, "_")
		if !ok {
			continue
		}
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: bad number", name)
		}
		body, err := fs.ReadFile(migrations.FS, s.dialect+"/"+name)
		if err != nil {
			return nil, err
		}
		m := byVersion[v]
		if m == nil {
			m = &migrationFile{version: v}
			byVersion[v] = m
		}
		base := strings.TrimSuffix(strings.TrimSuffix(rest, ".up.sql"), ".down.sql")
		if m.base != "" && m.base != base {
			// Two changes that picked the same number: one would silently
			// replace the other's statements.
			return nil, fmt.Errorf("migrations %04d_%s and %04d_%s share the number %d: renumber one", v, m.base, v, base, v)
		}
		m.base = base
		switch {
		case strings.HasSuffix(rest, ".up.sql"):
			m.name, m.up = strings.TrimSuffix(rest, ".up.sql"), string(body)
		case strings.HasSuffix(rest, ".down.sql"):
			m.down = string(body)
		}
	}
	var out []migrationFile
	for _, m := range byVersion {
		out = append(out, *m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

func (s *Store) ensureMigrationTable(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
	return err
}

func (s *Store) appliedVersions(ctx context.Context) (map[int]bool, error) {
	if err := s.ensureMigrationTable(ctx); err != nil {
		return nil, err
	}
	var versions []int
	if err := s.db.NewRaw("SELECT version FROM schema_migrations").Scan(ctx, &versions); err != nil {
		return nil, err
	}
	applied := map[int]bool{}
	for _, v := range versions {
		applied[v] = true
	}
	return applied, nil
}

// MigrateUp applies every migration not yet applied, each in its own
// transaction, and returns the ones it applied.
//
// On PostgreSQL it holds an advisory lock while it works, so instances that
// start together migrate one after the other: the second finds nothing left
// to do. (SQLite is one process, whose writers queue on the database lock.)
func (s *Store) MigrateUp(ctx context.Context) ([]Migration, error) {
	files, err := s.migrationFiles()
	if err != nil {
		return nil, err
	}
	if s.dialect == Postgres {
		unlock, err := s.advisoryLock(ctx, migrationLockKey)
		if err != nil {
			return nil, fmt.Errorf("lock the migrations: %w", err)
		}
		defer unlock()
	}
	applied, err := s.appliedVersions(ctx)
	if err != nil {
		return nil, err
	}
	var done []Migration
	for _, f := range files {
		if applied[f.version] {
			continue
		}
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return done, err
		}
		if _, err := tx.ExecContext(ctx, f.up); err != nil {
			_ = tx.Rollback()
			return done, fmt.Errorf("migration %04d_%s: %w", f.version, f.name, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
			f.version, f.name, s.clock().Format("2006-01-02T15:04:05Z")); err != nil {
			_ = tx.Rollback()
			return done, err
		}
		if err := tx.Commit(); err != nil {
			return done, err
		}
		done = append(done, Migration{Version: f.version, Name: f.name, Applied: true})
	}
	return done, nil
}

// MigrateDown reverts the newest applied migration.
func (s *Store) MigrateDown(ctx context.Context) (*Migration, error) {
	files, err := s.migrationFiles()
	if err != nil {
		return nil, err
	}
	applied, err := s.appliedVersions(ctx)
	if err != nil {
		return nil, err
	}
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		if !applied[f.version] {
			continue
		}
		err := s.inTx(ctx, func(tx bun.Tx) error {
			if _, err := tx.ExecContext(ctx, f.down); err != nil {
				return fmt.Errorf("migration %04d_%s down: %w", f.version, f.name, err)
			}
			_, err := tx.ExecContext(ctx, "DELETE FROM schema_migrations WHERE version = ?", f.version)
			return err
		})
		if err != nil {
			return nil, err
		}
		return &Migration{Version: f.version, Name: f.name}, nil
	}
	return nil, nil
}

// Migrations lists every migration and whether it is applied.
func (s *Store) Migrations(ctx context.Context) ([]Migration, error) {
	files, err := s.migrationFiles()
	if err != nil {
		return nil, err
	}
	applied, err := s.appliedVersions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Migration, len(files))
	for i, f := range files {
		out[i] = Migration{Version: f.version, Name: f.name, Applied: applied[f.version]}
	}
	return out, nil
}

// migrationLockKey names Baton's migration lock among PostgreSQL advisory locks.
const migrationLockKey = 0x0ba7_0e01

// advisoryLock takes a PostgreSQL session-level advisory lock on a
// connection of its own, waiting for whoever holds it, and returns the
// function that releases it.
func (s *Store) advisoryLock(ctx context.Context, key int64) (func(), error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(?)", key); err != nil {
		conn.Close()
		return nil, err
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?)", key)
		conn.Close()
	}, nil
}
