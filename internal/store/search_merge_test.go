package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// ftsSegments is how many segments the SQLite full-text index holds: each
// has its first leaf, at least, in messages_fts_idx.
func ftsSegments(t *testing.T, s *store.Store) int {
	t.Helper()
	return int(rawInt(t, s, "SELECT count(DISTINCT segid) FROM messages_fts_idx"))
}

// A burst of appends leaves the full-text index's segments unmerged (the
// write groups do not merge, migration 0048); the indexer's merge steps
// bring them back down to FTS5's usual shape (fewer than 4 a level) and
// searches find exactly what they found before.
func TestMergeStepsMergeWhatABurstOfAppendsLeft(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "a burst"})
	// Each append is a write group of its own and indexes its messages
	// in its own transaction: one new segment each. 12 stays under FTS5's
	// crisis merge (16 a level), which merges whatever automerge says.
	const appends = 12
	for i := range appends {
		batch := make([]*baton.Message, 20)
		for j := range batch {
			batch[j] = &baton.Message{Role: baton.RoleAssistant, SourceID: fmt.Sprintf("m%d-%d", i, j),
				Content: fmt.Sprintf("deploy %d of batch %d went out; word%d and checks%d", j, i, j%7, i)}
		}
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", batch); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.IndexPending(ctx); err != nil || n != 0 {
		t.Fatalf("indexer added %d, %v; the appends indexed their own messages", n, err)
	}
	// FTS5 keeps automerge in the index's config table; 0 is off.
	var automerge int
	if err := s.DB().NewRaw("SELECT v FROM messages_fts_config WHERE k = 'automerge'").Scan(ctx, &automerge); err != nil || automerge != 0 {
		t.Fatalf("automerge %d, %v; want 0 (migration 0048)", automerge, err)
	}
	before := ftsSegments(t, s)
	if before < appends {
		t.Fatalf("%d segments after %d appends: the appends merged them", before, appends)
	}
	queries := []string{"deploy", "word3", "checks7", "batch", "deploy word5", "went checks11"}
	found := func() [][]string {
		var all [][]string
		for _, q := range queries {
			hits, err := s.Search(ctx, ada.ID, q, 500)
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, h := range hits {
				keys = append(keys, fmt.Sprintf("%s/%d", h.SessionID, h.Seq))
			}
			all = append(all, keys)
		}
		return all
	}
	want := found()

	steps := 0
	for {
		more, err := s.MergeIndexStep(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if steps++; steps > 1000 {
			t.Fatalf("still merging after %d steps", steps)
		}
	}
	if steps == 0 {
		t.Fatal("the first merge step found nothing to merge")
	}
	after := ftsSegments(t, s)
	if after > 3 {
		t.Errorf("%d segments after merging (%d before); want at most 3", after, before)
	}
	if _, err := s.DB().ExecContext(ctx, "INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')"); err != nil {
		t.Fatalf("the merged index: %v", err)
	}
	if got := found(); !reflect.DeepEqual(got, want) {
		t.Errorf("searches after merging:\n%v\nbefore:\n%v", got, want)
	}
	if more, err := s.MergeIndexStep(ctx); err != nil || more {
		t.Errorf("a step after the last: %v, %v; want nothing to merge", more, err)
	}
}

// The indexer merges on its own once writes pause, and stops with its
// context.
func TestRunIndexerMergesOnceWritesPause(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx, cancel := context.WithCancel(context.Background())
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "a burst"})
	for i := range 12 {
		batch := []*baton.Message{{Role: baton.RoleAssistant, SourceID: fmt.Sprintf("m%d", i), Content: fmt.Sprintf("deploy %d went out", i)}}
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", batch); err != nil {
			t.Fatal(err)
		}
	}
	if n := ftsSegments(t, s); n < 12 {
		t.Fatalf("%d segments after 12 appends: the appends merged them", n)
	}
	var errs []error
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.RunIndexer(ctx, func(err error) { errs = append(errs, err) })
	}()
	// No bound of its own: the test's timeout is the bound.
	for ftsSegments(t, s) > 3 {
		select {
		case <-done:
			t.Fatal("the indexer stopped before the index was merged")
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	<-done
	if len(errs) > 0 {
		t.Errorf("the indexer logged %v", errs)
	}
	hits, err := s.Search(context.Background(), ada.ID, "deploy", 50)
	if err != nil || len(hits) != 12 {
		t.Errorf("%d hits, %v; want the 12 messages", len(hits), err)
	}
}
