package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// BenchmarkAppendDuringLargeImport measures how long another writer waits
// while a document of 50,000 messages is imported on SQLite: one message
// appended to another session, again and again until the import is done.
// The import writes in chunks of store.ImportChunk messages, so the
// longest wait (max-append-ms) is about one chunk, not the whole import
// (import-ms).
func BenchmarkAppendDuringLargeImport(b *testing.B) {
	s, ada, other := importBench(b)
	var w writerWaits
	for i := 0; b.Loop(); i++ {
		doc := bigDocument(50_000, 0, 1)
		doc.Conversations = doc.Conversations[:1]
		doc.Session.SourceRef = fmt.Sprint("big-", i)
		w.during(b, s, ada.ID, other.ID, doc, baton.ImportStored)
	}
	w.report(b)
}

// BenchmarkAppendDuringGrownReimport is BenchmarkAppendDuringLargeImport
// for the re-import of a transcript that grew from 40,000 to 50,000
// messages (stored before the timer starts): the re-import compares and
// stages its new messages in chunks and moves them into place a chunk at
// a time, so another writer waits about a chunk (max-append-ms), not the
// whole re-import (import-ms).
func BenchmarkAppendDuringGrownReimport(b *testing.B) {
	s, ada, other := importBench(b)
	var w writerWaits
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		doc := bigDocument(40_000, 0, 1)
		doc.Conversations = doc.Conversations[:1]
		doc.Session.SourceRef = fmt.Sprint("grown-", i)
		if res, err := s.Import(context.Background(), ada.ID, doc); err != nil || res.Status != baton.ImportStored {
			b.Fatalf("first import: %+v, %v", res, err)
		}
		grown := bigDocument(50_000, 0, 1)
		grown.Conversations = grown.Conversations[:1]
		grown.Session.SourceRef = doc.Session.SourceRef
		b.StartTimer()
		w.during(b, s, ada.ID, other.ID, grown, baton.ImportUpdated)
	}
	w.report(b)
}

func importBench(b *testing.B) (*store.Store, *baton.Steward, *baton.Session) {
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
	return s, ada, other
}

// writerWaits appends one message at a time to another session while an
// import runs, keeping the longest wait.
type writerWaits struct {
	worst, total time.Duration
	appends, n   int
}

func (w *writerWaits) during(b *testing.B, s *store.Store, stewardID int64, otherID string, doc *baton.ImportDocument, want string) {
	ctx := context.Background()
	start := time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)
	done := make(chan error, 1)
	began := time.Now()
	go func() {
		res, err := s.Import(ctx, stewardID, doc)
		if err == nil && res.Status != want {
			err = fmt.Errorf("import: %+v", res)
		}
		done <- err
	}()
	for {
		t0 := time.Now()
		m := &baton.Message{Role: baton.RoleSteward, Content: "still here", SourceID: fmt.Sprint("live-", w.appends), Timestamp: start}
		if _, err := s.AppendMessages(ctx, stewardID, otherID, "", []*baton.Message{m}); err != nil {
			b.Fatal(err)
		}
		w.worst = max(w.worst, time.Since(t0))
		w.appends++
		select {
		case err := <-done:
			if err != nil {
				b.Fatal(err)
			}
			w.total += time.Since(began)
			w.n++
			return
		default:
		}
	}
}

func (w *writerWaits) report(b *testing.B) {
	b.ReportMetric(float64(w.worst.Microseconds())/1000, "max-append-ms")
	b.ReportMetric(float64(w.total.Milliseconds())/float64(w.n), "import-ms")
	b.ReportMetric(float64(w.appends)/float64(w.n), "appends/import")
}
