package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// BenchmarkSaveMessageAnalysis500 is the analysis worker's save of one
// batch: the time it holds SQLite's write lock, which every append waits on.
func BenchmarkSaveMessageAnalysis500(b *testing.B) {
	s, st, sess := benchSession(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		batch := make([]*baton.Message, 500)
		for j := range batch {
			batch[j] = &baton.Message{SourceID: fmt.Sprintf("%d-%d", i, j), Role: baton.RoleAssistant,
				Content: "The handler now batches the index writes so ingest keeps its pace.", Timestamp: time.Now()}
		}
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			b.Fatal(err)
		}
		from, upto, todo, err := s.UnanalysedMessages(ctx, 500, func(error) {})
		if err != nil || len(todo) != 500 {
			b.Fatalf("%d to analyse: %v", len(todo), err)
		}
		for _, m := range todo {
			m.Semantic.Sentiment = 0.4
			m.Semantic.Emotions = []string{"joy"}
			m.Semantic.Topics = []string{"index", "ingest"}
			m.Semantic.Intent = "statement"
		}
		b.StartTimer()
		if saved, err := s.SaveMessageAnalysis(ctx, from, upto, todo); err != nil || !saved {
			b.Fatalf("saved %v: %v", saved, err)
		}
	}
}
