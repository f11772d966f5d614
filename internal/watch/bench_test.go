package watch_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
	"github.com/baton-dev/baton/internal/watch/watchtest"
)

// benchWatcher sets up a watcher over files rollouts of turns turns each,
// all stored by a first pass.
func benchWatcher(b *testing.B, files, turns int) (*watch.Watcher, *watchtest.Agent) {
	b.Helper()
	st := storetest.Open(b, storetest.Databases(b)["sqlite"])
	steward := &baton.Steward{Username: "ana"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	a := watchtest.NewAgent(b, home)
	for i := range files {
		id := fmt.Sprintf("s%03d", i)
		a.Start(id)
		for range turns {
			a.Turn(id)
		}
	}
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}})
	if err != nil {
		b.Fatal(err)
	}
	if res, err := w.Scan(context.Background()); err != nil || res.Imported != files {
		b.Fatalf("first pass %+v, %v", res, err)
	}
	return w, a
}

// BenchmarkWatchIdlePass: a pass over 200 unchanged rollouts, the cost of
// watching when no agent writes (a pass every 30 s by default).
func BenchmarkWatchIdlePass(b *testing.B) {
	w, _ := benchWatcher(b, 200, 2)
	b.ResetTimer()
	for b.Loop() {
		if res, err := w.Scan(context.Background()); err != nil || res.Imported != 0 {
			b.Fatalf("%+v, %v", res, err)
		}
	}
}

// BenchmarkWatchAppendStored: an agent appends a turn to one of 20
// rollouts of 500 messages, and a pass stores it: the time from a write to
// its messages stored, past the quarter second a pass waits for a burst.
func BenchmarkWatchAppendStored(b *testing.B) {
	w, a := benchWatcher(b, 20, 250)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		a.Turn(fmt.Sprintf("s%03d", i%20))
		if res, err := w.Scan(context.Background()); err != nil || res.Imported != 1 {
			b.Fatalf("%+v, %v", res, err)
		}
	}
}
