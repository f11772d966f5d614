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
