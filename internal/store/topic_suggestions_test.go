package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

func TestTopicSuggestionsPutSharedTopicsFirstWithoutNoise(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		other := mustSteward(t, s, "bob")
		base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		topics := [][]string{{"sqlite", "weeks", "stripe"}, {"sqlite", "weeks", "invoice"}, {"sqlite", "invoice", "tuesday"}}
		for i, kt := range topics {
			mustSession(t, s, st.ID, &baton.Session{Title: fmt.Sprint(i), Type: baton.SessionChat, StartedAt: base, Summary: baton.Summary{KeyTopics: kt}})
		}
		mustSession(t, s, other.ID, &baton.Session{Title: "bob's", Type: baton.SessionChat, StartedAt: base, Summary: baton.Summary{KeyTopics: []string{"secret-project"}}})
		got, err := s.TopicSuggestions(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[sqlite invoice stripe]" {
			t.Errorf("suggestions = %v, want shared first, no noise words, none of another steward's", got)
		}
	})
}
