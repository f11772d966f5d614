package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// BenchmarkSearchOneOf100Stewards searches as one of 100 stewards who share
// 50,000 messages: a word in every message, a word in 1 of 100, and both.
// The index narrows to the steward's postings, so the cost follows the
// steward's window of matches, not everyone's (it walked 100× the rows
// when each match was joined to its message to check the steward).
func BenchmarkSearchOneOf100Stewards(b *testing.B) {
	s := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	ctx := context.Background()
	var me int64
	for i := 0; i < 100; i++ {
		st := &baton.Steward{Username: fmt.Sprintf("s%d", i)}
		if err := s.CreateSteward(ctx, st); err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			me = st.ID
		}
		sess := &baton.Session{Title: "bench"}
		if err := s.CreateSession(ctx, st.ID, sess); err != nil {
			b.Fatal(err)
		}
		batch := make([]*baton.Message, 500)
		for j := range batch {
			content := fmt.Sprintf("the index entry %d for the search benchmark, term%d", j, j%97)
			if j%100 == 7 {
				content += " with a flamegraph"
			}
			batch[j] = &baton.Message{SourceID: fmt.Sprint(j), Role: baton.RoleAssistant, Content: content}
		}
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := s.IndexPending(ctx); err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{"the", "flamegraph", "the flamegraph"} {
		b.Run(q, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if hits, err := s.Search(ctx, me, q, 50); err != nil || len(hits) == 0 {
					b.Fatalf("%d hits, %v", len(hits), err)
				}
			}
		})
	}
}
