package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// BenchmarkSentimentSeries2000 reads the arc chart's points of a
// 2,000-message session: what the first view of a session page costs
// before its chart is cached.
func BenchmarkSentimentSeries2000(b *testing.B) {
	s, st, sess := benchSession(b)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	batch := make([]*baton.Message, 2000)
	for j := range batch {
		batch[j] = &baton.Message{SourceID: fmt.Sprint(j), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[j%2],
			Content: "The handler now batches the index writes so ingest keeps its pace, and the goroutine waits on the mutex less.", Timestamp: t0.Add(time.Duration(j) * time.Second)}
	}
	for j := 0; j < len(batch); j += 1000 {
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch[j:j+1000]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		points, err := s.SentimentSeries(ctx, st.ID, sess.ID)
		if err != nil || len(points) != 2000 {
			b.Fatalf("%d points, %v", len(points), err)
		}
	}
}
