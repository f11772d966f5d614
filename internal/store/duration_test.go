package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// A session longer than time.Duration holds (about 292 years) keeps its
// real length: 1969-12-31 to 9999-12-31 is 253,402,214,400 seconds, not
// the 9,223,372,036 a saturated Sub gave. Created with its end, and closed.
func TestSessionDurationBeyond292Years(t *testing.T) {
	start := time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC)
	end := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	want := end.Unix() - start.Unix()
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a := mustSteward(t, s, "anna")
		sess := &baton.Session{Title: "long", Source: "api", StartedAt: start, EndedAt: &end}
		if err := s.CreateSession(ctx, a.ID, sess); err != nil {
			t.Fatal(err)
		}
		got, err := s.Session(ctx, a.ID, sess.ID)
		if err != nil || got.DurationSeconds != want {
			t.Fatalf("created: duration %d (%v), want %d", got.DurationSeconds, err, want)
		}
		open := &baton.Session{Title: "open", Source: "api", StartedAt: start}
		if err := s.CreateSession(ctx, a.ID, open); err != nil {
			t.Fatal(err)
		}
		closed, err := s.CloseSession(ctx, a.ID, open.ID, &end)
		if err != nil || closed.DurationSeconds != want {
			t.Fatalf("closed: duration %d (%v), want %d", closed.DurationSeconds, err, want)
		}
	})
}
