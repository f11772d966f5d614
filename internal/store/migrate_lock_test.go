package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Defect: two instances starting together both migrated the
// same PostgreSQL database. With the advisory lock, one migrates and the
// other finds nothing to do.
func TestInstancesStartingTogetherMigrateOnce(t *testing.T) {
	url, ok := storetest.Databases(t)[store.Postgres]
	if !ok {
		t.Skip("needs PostgreSQL (BATON_TEST_POSTGRES_URL)")
	}
	const instances = 4
	stores := make([]*store.Store, instances)
	for i := range stores {
		s, err := store.Open(url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores[i] = s
	}
	var wg sync.WaitGroup
	applied := make([]int, instances)
	errs := make([]error, instances)
	for i, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			done, err := s.MigrateUp(context.Background())
			applied[i], errs[i] = len(done), err
		}()
	}
	wg.Wait()
	total := 0
	for i := range stores {
		if errs[i] != nil {
			t.Errorf("instance %d: %v", i, errs[i])
		}
		total += applied[i]
	}
	ms, err := stores[0].Migrations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if total != len(ms) {
		t.Errorf("the instances applied %d migrations between them; there are %d", total, len(ms))
	}
}
