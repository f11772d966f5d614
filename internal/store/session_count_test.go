package store_test

import (
	"context"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// listTotal is the total the steward's unfiltered session list shows.
func listTotal(t *testing.T, s *store.Store, stewardID int64) int {
	t.Helper()
	page, err := s.ListSessions(context.Background(), stewardID, baton.SessionFilter{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	return page.Total
}

// The unfiltered list's total follows sessions stored and deleted, each
// steward's apart, and agrees with a filter that happens to match them all.
func TestSessionListTotalFollowsStoresAndDeletes(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		if n := listTotal(t, s, ada.ID); n != 0 {
			t.Fatalf("no sessions yet: total %d", n)
		}
		var ids []string
		for range 5 {
			ids = append(ids, mustSession(t, s, ada.ID, &baton.Session{Title: "a", Type: baton.SessionCode}).ID)
		}
		mustSession(t, s, bob.ID, &baton.Session{Title: "b"})
		if a, b := listTotal(t, s, ada.ID), listTotal(t, s, bob.ID); a != 5 || b != 1 {
			t.Fatalf("totals ada %d bob %d, want 5 and 1", a, b)
		}
		if err := s.DeleteSession(ctx, ada.ID, ids[0]); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteSession(ctx, bob.ID, ids[1]); err == nil {
			t.Fatal("bob deleted ada's session")
		}
		if a, b := listTotal(t, s, ada.ID), listTotal(t, s, bob.ID); a != 4 || b != 1 {
			t.Fatalf("after a delete: totals ada %d bob %d, want 4 and 1", a, b)
		}
		page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{Types: []baton.SessionType{baton.SessionCode}, Sort: baton.SortQualityDesc})
		if err != nil || page.Total != 4 || len(page.Sessions) != 4 {
			t.Fatalf("code sessions: %+v, %v", page, err)
		}
	})
}

// A database that had sessions before the totals were kept counts them when
// it migrates.
func TestSessionListTotalCountsExistingSessions(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		for range 3 {
			mustSession(t, s, ada.ID, &baton.Session{Title: "a"})
		}
		for {
			ms, err := s.Migrations(ctx)
			if err != nil {
				t.Fatal(err)
			}
			found, on := applied(ms, "steward_session_counts")
			if !found {
				t.Fatal("no migration steward_session_counts")
			}
			if !on {
				break
			}
			if _, err := s.MigrateDown(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.MigrateUp(ctx); err != nil {
			t.Fatal(err)
		}
		if n := listTotal(t, s, ada.ID); n != 3 {
			t.Fatalf("total after migrating %d, want 3", n)
		}
		mustSession(t, s, ada.ID, &baton.Session{Title: "a"})
		if n := listTotal(t, s, ada.ID); n != 4 {
			t.Fatalf("total after one more %d, want 4", n)
		}
	})
}

// applied finds the migration named name and tells whether it is applied.
func applied(ms []store.Migration, name string) (found, on bool) {
	for _, m := range ms {
		if m.Name == name {
			return true, m.Applied
		}
	}
	return false, false
}
