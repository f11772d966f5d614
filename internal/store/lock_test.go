package store_test

import (
	"context"
	"os"
	"testing"

	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// WithLock on PostgreSQL holds a lock every process sees: a second holder,
// on another connection pool as a second instance would be, waits in the
// database until the first's fn returns.
func TestWithLockWaitsForTheHolderOnPostgres(t *testing.T) {
	if os.Getenv("BATON_TEST_POSTGRES_URL") == "" {
		t.Skip("PostgreSQL only: BATON_TEST_POSTGRES_URL is not set")
	}
	url := storetest.Databases(t)[store.Postgres]
	first, second := storetest.Open(t, url), storetest.Open(t, url)
	ctx := context.Background()
	order := make(chan string, 4)
	gate := make(chan struct{})
	held := make(chan struct{})
	go func() {
		_ = first.WithLock(ctx, "test", func() error {
			close(held)
			<-gate
			order <- "first done"
			return nil
		})
	}()
	<-held
	done := make(chan error, 1)
	go func() { done <- second.WithLock(ctx, "test", func() error { order <- "second ran"; return nil }) }()
	// Wait until the second is queued on the advisory lock in the database.
	for {
		var waiting int
		if err := first.DB().NewRaw("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())").Scan(ctx, &waiting); err != nil {
			t.Fatal(err)
		}
		if waiting == 1 {
			break
		}
	}
	close(gate)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if a, b := <-order, <-order; a != "first done" || b != "second ran" {
		t.Errorf("order %q, %q", a, b)
	}
	// Another name is another lock: it does not wait.
	if err := second.WithLock(ctx, "other", func() error { return nil }); err != nil {
		t.Fatal(err)
	}
}
