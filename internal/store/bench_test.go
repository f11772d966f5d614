package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// benchSession opens a fresh SQLite store with one steward and one empty session.
func benchSession(b *testing.B) (*store.Store, *baton.Steward, *baton.Session) {
	s := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	st := &baton.Steward{Username: "bench"}
	if err := s.CreateSteward(context.Background(), st); err != nil {
		b.Fatal(err)
	}
	sess := &baton.Session{Title: "bench"}
	if err := s.CreateSession(context.Background(), st.ID, sess); err != nil {
		b.Fatal(err)
	}
	return s, st, sess
}

// BenchmarkAppendMessages1000 is one API batch: 1,000 messages in one transaction.
func BenchmarkAppendMessages1000(b *testing.B) {
	s, st, sess := benchSession(b)
	ctx := context.Background()
	b.ResetTimer()
	cpu := processCPU()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		batch := make([]*baton.Message, 1000)
		for j := range batch {
			batch[j] = &baton.Message{SourceID: fmt.Sprintf("%d-%d", i, j), Role: baton.RoleAssistant,
				Content: "The handler now batches the index writes so ingest keeps its pace.", Timestamp: time.Now()}
		}
		b.StartTimer()
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "msgs/s")
	// The process's CPU (building the batches included), steadier than
	// the clock on a machine others share.
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}

// BenchmarkAppendMessages20 is the realistic mix's append: 20 messages
// through the write group (the transaction that also indexes them). It
// reports the process's CPU per append beside the clock's, which other
// work on a shared machine stretches.
func BenchmarkAppendMessages20(b *testing.B) {
	s, st, sess := benchSession(b)
	ctx := context.Background()
	b.ResetTimer()
	cpu := processCPU()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		batch := make([]*baton.Message, 20)
		for j := range batch {
			batch[j] = &baton.Message{SourceID: fmt.Sprintf("%d-%d", i, j), Role: baton.RoleAssistant,
				Content: "The handler now batches the index writes so ingest keeps its pace.", Timestamp: time.Now()}
		}
		b.StartTimer()
		if _, err := s.AppendAnalysed(ctx, st.ID, sess.ID, "", batch, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}

// processCPU is the user and system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSearchCommonWord searches a word in every one of 50,000 messages.
func BenchmarkSearchCommonWord(b *testing.B) {
	s := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	ctx := context.Background()
	st := &baton.Steward{Username: "bench"}
	_ = s.CreateSteward(ctx, st)
	sess := &baton.Session{Title: "bench"}
	_ = s.CreateSession(ctx, st.ID, sess)
	for i := 0; i < 50; i++ {
		batch := make([]*baton.Message, 1000)
		for j := range batch {
			batch[j] = &baton.Message{SourceID: fmt.Sprintf("%d-%d", i, j), Role: baton.RoleAssistant,
				Content: fmt.Sprintf("the index entry %d for the search benchmark, term%d", j, j%97)}
		}
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := s.IndexPending(ctx); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if hits, err := s.Search(ctx, st.ID, "the", 50); err != nil || len(hits) != 50 {
			b.Fatalf("%d hits, %v", len(hits), err)
		}
	}
}
