package store

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/baton-dev/baton/migrations"
)

// TestMigrationNumbersAreUniqueAndPaired: every migration number names one
// migration, with an up and a down file, in each dialect (a dialect may
// have migrations of its own, such as SQLite's full-text index owner).
func TestMigrationNumbersAreUniqueAndPaired(t *testing.T) {
	names := map[string][]string{}
	for _, dialect := range []string{"sqlite", "postgres"} {
		entries, err := fs.ReadDir(migrations.FS, dialect)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".sql") {
				names[dialect] = append(names[dialect], e.Name())
			}
		}
		s := &Store{dialect: dialect}
		files, err := s.migrationFiles()
		if err != nil {
			t.Fatalf("%s: %v", dialect, err)
		}
		for _, f := range files {
			if f.up == "" || f.down == "" {
				t.Errorf("%s migration %04d_%s lacks its up or down file", dialect, f.version, f.name)
			}
		}
	}
	if len(names["sqlite"]) == 0 || len(names["postgres"]) == 0 {
		t.Errorf("no migrations read: %v", names)
	}
}
