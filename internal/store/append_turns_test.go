package store_test

import (
	"context"
	"path/filepath"
	"runtime"
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
	writesAfterItsTurn(t, s, ada.ID, sess.ID, release, waiting, func() error {
		_, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(3, "turn", t0))
		return err
	})
}

// writesAfterItsTurn runs append (of 3 messages to an empty session) while
// every turn is taken: it must wait and write nothing, then write all 3
// once release gives the turns back.
func writesAfterItsTurn(t *testing.T, s *store.Store, stewardID int64, sessionID string, release func(), waiting func() int64, appendBatch func() error) {
	t.Helper()
	ctx := context.Background()
	done := make(chan error, 1)
	go func() { done <- appendBatch() }()
	for waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	if n, err := s.TranscriptLength(ctx, stewardID, sessionID, ""); err != nil || n != 0 {
		t.Fatalf("written while waiting for a turn: %d messages, %v", n, err)
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n, err := s.TranscriptLength(ctx, stewardID, sessionID, ""); err != nil || n != 3 {
		t.Fatalf("after its turn: %d messages, %v; want 3", n, err)
	}
}

// On SQLite an append takes a turn while its messages are analysed: with
// every turn taken it waits and writes nothing; and it gives the turn
// back before it joins the write group, so an append being written holds
// none and the group still takes any number at once.
func TestAppendTakesATurnToBeAnalysedOnSQLite(t *testing.T) {
	s := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "baton.db"))
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "agent at work"})
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	analysed := func([]*baton.Message) {}

	release, waiting := s.TakeAppendTurns()
	writesAfterItsTurn(t, s, ada.ID, sess.ID, release, waiting, func() error {
		_, err := s.AppendAnalysed(ctx, ada.ID, sess.ID, "", msgs(3, "turn", t0), analysed)
		return err
	})
	done := make(chan error, 1)

	// An append held inside the write group holds no turn.
	inGroup, unblock := make(chan struct{}), make(chan struct{})
	store.SetAppendFault(func(string) error {
		close(inGroup)
		<-unblock
		return nil
	})
	defer store.SetAppendFault(nil)
	go func() {
		_, err := s.AppendAnalysed(ctx, ada.ID, sess.ID, "", msgs(2, "held", t0.Add(time.Hour)), analysed)
		done <- err
	}()
	<-inGroup
	var taken []func()
	for {
		r, ok := s.TryAppendTurn()
		if !ok {
			break
		}
		taken = append(taken, r)
	}
	store.SetAppendFault(nil)
	close(unblock)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := runtime.GOMAXPROCS(0); len(taken) != want {
		t.Fatalf("%d turns free while an append was in the write group; want all %d", len(taken), want)
	}
	for _, r := range taken {
		r()
	}
	if n, err := s.TranscriptLength(ctx, ada.ID, sess.ID, ""); err != nil || n != 5 {
		t.Fatalf("%d messages, %v; want 5", n, err)
	}
}
