package store_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Hook events are group-committed with appends on SQLite: events and
// appends queued while another writes share one write transaction. An
// event whose hooked session changed since it was read (an earlier event
// of the same session in the same group) fails alone with ErrHookStale
// and leaves nothing; the others are committed as they would be alone.
func TestGroupedHookEventsFailAlone(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	live := mustSession(t, s, ada.ID, &baton.Session{Title: "live"})
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	fresh, err := s.HookSnapshot(ctx, ada.ID, "cc-1")
	if err != nil {
		t.Fatal(err)
	}
	event := func(id string) store.HookEvent {
		return store.HookEvent{RequestID: id, Name: "PostToolUse", Payload: []byte(`{}`), OccurredAt: at}
	}
	type answer struct {
		rc  store.HookReceipt
		err error
	}
	var first, stale, other answer
	var appended baton.AppendResult
	var appendErr error
	calls := []func(){
		func() {
			first.rc, first.err = s.RecordHook(ctx, ada.ID, "cc-1", event("r1"),
				[]baton.TranscriptChunk{{Offset: 0, Lines: "{\"a\":1}\n"}}, fresh, []byte(`{"n":1}`))
		},
		func() { appended, appendErr = s.AppendMessages(ctx, ada.ID, live.ID, "", msgs(2, "x", at)) },
		func() {
			// Read before the first event was written: stale once it is.
			stale.rc, stale.err = s.RecordHook(ctx, ada.ID, "cc-1", event("r2"),
				[]baton.TranscriptChunk{{Offset: 0, Lines: "{\"b\":2}\n"}}, fresh, []byte(`{"n":2}`))
		},
		func() {
			other.rc, other.err = s.RecordHook(ctx, ada.ID, "cc-2", event("r3"), nil, fresh, []byte(`{"other":true}`))
		},
	}
	release := s.HoldWriteLock()
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Add(1)
		go func() { defer wg.Done(); call() }()
		for s.QueuedAppends() < i+1 { // one at a time, so the queue keeps this order
			runtime.Gosched()
		}
	}
	release() // the first caller writes all four in one transaction
	wg.Wait()

	if first.err != nil || !first.rc.New || !first.rc.Grew || first.rc.Offsets[""] != 8 {
		t.Errorf("first event: %+v, %v; want new, grown to offset 8", first.rc, first.err)
	}
	if appendErr != nil || appended.Stored != 2 {
		t.Errorf("append beside the events: %+v, %v; want 2 stored", appended, appendErr)
	}
	if !errors.Is(stale.err, store.ErrHookStale) || stale.rc.New {
		t.Errorf("stale event: %+v, %v; want ErrHookStale and nothing new", stale.rc, stale.err)
	}
	if other.err != nil || !other.rc.New {
		t.Errorf("another session's event: %+v, %v; want new", other.rc, other.err)
	}
	// The stale event left nothing: the state and the lines are the first's.
	state, err := s.HookState(ctx, ada.ID, "cc-1")
	if err != nil || string(state) != `{"n":1}` {
		t.Errorf("cc-1 state %s, %v; want the first event's", state, err)
	}
	main, _, err := s.HookTranscripts(ctx, ada.ID, "cc-1")
	if err != nil || string(main) != "{\"a\":1}\n" {
		t.Errorf("cc-1 transcript %q, %v; want only the first event's line", main, err)
	}
	// Read again, the stale event goes through.
	snap, err := s.HookSnapshot(ctx, ada.ID, "cc-1")
	if err != nil {
		t.Fatal(err)
	}
	rc, err := s.RecordHook(ctx, ada.ID, "cc-1", event("r2"), []baton.TranscriptChunk{{Offset: 8, Lines: "{\"b\":2}\n"}}, snap, []byte(`{"n":2}`))
	if err != nil || !rc.New || rc.Offsets[""] != 16 {
		t.Errorf("retried event: %+v, %v; want new, offset 16", rc, err)
	}
	if state, _ := s.HookState(ctx, ada.ID, "cc-2"); string(state) != `{"other":true}` {
		t.Errorf("cc-2 state %s", state)
	}
}
