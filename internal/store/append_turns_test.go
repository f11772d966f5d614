package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// On PostgreSQL an append waits for its turn while as many appends as the
// store takes at once are being written, writes nothing while it waits,
// and then writes its batch; one whose caller leaves while it waits
// answers the context's error and writes nothing.
func TestAppendWaitsForItsTurnOnPostgres(t *testing.T) {
	url, ok := storetest.Databases(t)[store.Postgres]
	if !ok {
		t.Skip("no PostgreSQL (BATON_TEST_POSTGRES_URL)")
	}
	s := storetest.Open(t, url)
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "agent at work"})
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

	release, waiting := s.TakeAppendTurns()
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.AppendMessages(gone, ada.ID, sess.ID, "", msgs(2, "gone", t0)); err != context.Canceled {
		t.Fatalf("append of a caller gone while it waited: %v, want context.Canceled", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(3, "turn", t0))
		done <- err
	}()
	for waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	if n, err := s.TranscriptLength(ctx, ada.ID, sess.ID, ""); err != nil || n != 0 {
		t.Fatalf("written while waiting for a turn: %d messages, %v", n, err)
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n, err := s.TranscriptLength(ctx, ada.ID, sess.ID, ""); err != nil || n != 3 {
		t.Fatalf("after its turn: %d messages, %v; want 3", n, err)
	}
}
