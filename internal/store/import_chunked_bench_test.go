package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// BenchmarkAppendDuringLargeImport measures how long another writer waits
// while a document of 50,000 messages is imported on SQLite: one message
// appended to another session, again and again until the import is done.
// The import writes in chunks of store.ImportChunk messages, so the
// longest wait (max-append-ms) is about one chunk, not the whole import
// (import-ms).
func BenchmarkAppendDuringLargeImport(b *testing.B) {
	ctx := context.Background()
	s := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	ada := &baton.Steward{Username: "ada"}
	if err := s.CreateSteward(ctx, ada); err != nil {
		b.Fatal(err)
	}
	other := &baton.Session{Title: "live"}
	if err := s.CreateSession(ctx, ada.ID, other); err != nil {
		b.Fatal(err)
	}
	var worst, total time.Duration
	appends := 0
	start := time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)
	for i := 0; b.Loop(); i++ {
		doc := bigDocument(50_000, 0, 1)
		doc.Conversations = doc.Conversations[:1]
		doc.Session.SourceRef = fmt.Sprint("big-", i)
		done := make(chan error, 1)
		began := time.Now()
		go func() {
			res, err := s.Import(ctx, ada.ID, doc)
			if err == nil && res.Status != baton.ImportStored {
				err = fmt.Errorf("import: %+v", res)
			}
			done <- err
		}()
		for waiting := true; waiting; {
			t0 := time.Now()
			m := &baton.Message{Role: baton.RoleSteward, Content: "still here", SourceID: fmt.Sprint("live-", i, "-", appends), Timestamp: start}
			if _, err := s.AppendMessages(ctx, ada.ID, other.ID, "", []*baton.Message{m}); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(t0))
			appends++
			select {
			case err := <-done:
				if err != nil {
					b.Fatal(err)
				}
				total += time.Since(began)
				waiting = false
			default:
			}
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-append-ms")
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "import-ms")
	b.ReportMetric(float64(appends)/float64(b.N), "appends/import")
}
