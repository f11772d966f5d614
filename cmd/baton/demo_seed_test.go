package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Two instances started together with BATON_DEMO=1 on one database both
// start (one exited with "username demo is taken"), and the demo is
// seeded once: one demo steward with one set of sessions.
func TestDemoSeededOnceByTwoInstancesAtOnce(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			stores := []*store.Store{storetest.Open(t, url), storetest.Open(t, url)}
			errs := make([]error, len(stores))
			var wg sync.WaitGroup
			for i, st := range stores {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = seedDemo(ctx, st, ingest.New(st), log)
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("instance %d: %v", i+1, err)
				}
			}
			db := stores[0].DB()
			count := func(query string) (n int) {
				if err := db.NewRaw(query, demoUsername).Scan(ctx, &n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			const demoSessions = "SELECT count(*) FROM sessions WHERE steward_id = (SELECT id FROM stewards WHERE username = ?)"
			stewards, sessions := count("SELECT count(*) FROM stewards WHERE username = ?"), count(demoSessions)
			// A third start finds the demo and adds nothing.
			if err := seedDemo(ctx, stores[1], ingest.New(stores[1]), log); err != nil {
				t.Fatal(err)
			}
			again := count(demoSessions)
			if stewards != 1 || sessions == 0 || again != sessions {
				t.Errorf("%d demo stewards, %d sessions (%d after a third start); want one steward and one set", stewards, sessions, again)
			}
		})
	}
}
