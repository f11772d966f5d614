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

// The filter menus of the session list: each value of the steward's once,
// in order, none of another steward's, no empty value; the topics are
// those of the steward's newest sessions, so the menus cost the same
// however many sessions the steward has.
func TestFilterMenusListTheStewardsValuesOnce(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		other := mustSteward(t, s, "bob")
		base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		// 3 old sessions about "mainframe", then a full window of newer ones.
		for i := range 3 + 200 {
			topic := "sqlite"
			if i < 3 {
				topic = "mainframe"
			}
			mustSession(t, s, st.ID, &baton.Session{Title: fmt.Sprint(i), Type: baton.SessionChat, Source: []string{"codex", "api", "claude-code"}[i%3],
				StartedAt: base.Add(time.Duration(i) * time.Minute), Tags: []string{[]string{"ops", "billing"}[i%2]}, Summary: baton.Summary{KeyTopics: []string{topic}}})
		}
		mustSession(t, s, other.ID, &baton.Session{Title: "bob's", Type: baton.SessionChat, Source: "gemini", StartedAt: base,
			Tags: []string{"secret"}, Summary: baton.Summary{KeyTopics: []string{"secret-project"}}})
		sources, err := s.Sources(ctx, st.ID)
		if err != nil || fmt.Sprint(sources) != "[api claude-code codex]" {
			t.Errorf("sources = %v (%v), want the steward's, each once, in order", sources, err)
		}
		tags, err := s.Tags(ctx, st.ID)
		if err != nil || fmt.Sprint(tags) != "[billing ops]" {
			t.Errorf("tags = %v (%v), want the steward's, each once, in order", tags, err)
		}
		if none, err := s.Emotions(ctx, other.ID+100); err != nil || none == nil || len(none) != 0 {
			t.Errorf("emotions of a steward with no sessions = %#v (%v), want an empty list", none, err)
		}
		topics, err := s.TopicSuggestions(ctx, st.ID)
		if err != nil || fmt.Sprint(topics) != "[sqlite]" {
			t.Errorf("topic suggestions = %v (%v), want the newest sessions' only", topics, err)
		}
	})
}
