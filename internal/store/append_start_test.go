package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// An append moves an open session's start back to its earliest message,
// leaves an earlier start and a closed session's start alone, and names
// what is missing when the session is not the steward's or the
// conversation is not the session's.
func TestAppendMovesAnOpenSessionsStartAndNamesWhatIsMissing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		bob := mustSteward(t, s, "bob")
		t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		late := mustSession(t, s, ada.ID, &baton.Session{Title: "late", StartedAt: t0.Add(time.Hour)})
		early := mustSession(t, s, ada.ID, &baton.Session{Title: "early", StartedAt: t0.Add(-time.Hour)})
		end := t0.Add(2 * time.Hour)
		closed := mustSession(t, s, ada.ID, &baton.Session{Title: "closed", StartedAt: t0.Add(time.Hour), EndedAt: &end})
		for _, tc := range []struct {
			sess *baton.Session
			want time.Time
		}{{late, t0}, {early, t0.Add(-time.Hour)}, {closed, t0.Add(time.Hour)}} {
			batch := msgs(3, tc.sess.Title, t0.Add(time.Minute))
			batch[2].Timestamp = t0 // the earliest is not the first
			res, err := s.AppendMessages(ctx, ada.ID, tc.sess.ID, "", batch)
			if err != nil || res.Stored != 3 {
				t.Fatalf("%s: append: %+v, %v", tc.sess.Title, res, err)
			}
			got, err := s.Session(ctx, ada.ID, tc.sess.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !got.StartedAt.Equal(tc.want) || got.MessageCount != 3 {
				t.Errorf("%s: started %v with %d messages, want %v with 3", tc.sess.Title, got.StartedAt, got.MessageCount, tc.want)
			}
		}
		notFound := func(err error, what string) {
			t.Helper()
			var e *baton.Error
			if !errors.As(err, &e) || e.Code != baton.ENOTFOUND || e.Message != what+" not found" {
				t.Errorf("error %v, want %s not found", err, what)
			}
		}
		_, err := s.AppendMessages(ctx, bob.ID, late.ID, "", msgs(1, "x", t0))
		notFound(err, "session")
		_, err = s.AppendMessages(ctx, ada.ID, "no-such-session", "", msgs(1, "x", t0))
		notFound(err, "session")
		_, err = s.AppendMessages(ctx, ada.ID, late.ID, "no-such-conversation", msgs(1, "x", t0))
		notFound(err, "conversation")
		if got, _ := s.Session(ctx, ada.ID, late.ID); got.MessageCount != 3 {
			t.Errorf("refused appends changed the count: %d", got.MessageCount)
		}
	})
}
