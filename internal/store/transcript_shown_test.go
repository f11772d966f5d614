package store_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// The transcript view's read of a conversation is its full read with the
// analysis's semantic fields, the code context, the references, the edit
// history and the metadata left empty, and every other field the same;
// it is scoped to the steward as the full read is.
func TestTranscriptShownOfLeavesOutOnlyWhatTheViewDoesNotShow(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{})
		batch := msgs(5, "a", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		batch[1].Semantic.Topics = []string{"parsers"}
		batch[1].Semantic.Sentiment = 0.5
		batch[1].CodeContext = &baton.CodeContext{Language: "go"}
		batch[1].Meta.RequiresFollowUp = true
		batch[1].EditHistory = []baton.Edit{{PreviousContent: "before", EditType: "rewrite"}}
		batch[1].Impact.LedToInsight = true
		batch[1].Attributes = map[string]any{"unfinished": true}
		batch[2].Role, batch[2].Content = baton.RoleToolCall, ""
		batch[2].ToolCalls = []baton.ToolCall{{ID: "c1", Name: "Bash", Input: []byte(`{"command":"go test"}`)}}
		batch[3].Role, batch[3].ToolResult = baton.RoleToolResult, &baton.ToolResult{ToolUseID: "c1", IsError: true}
		batch[3].Usage = baton.Usage{InputTokens: 12, OutputTokens: 3}
		batch[3].Model, batch[3].Thinking, batch[3].Speaker = "m1", "thought", "bot"
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			t.Fatal(err)
		}
		conv, err := s.Conversation(ctx, st.ID, sess.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		full, err := s.TranscriptOf(ctx, st.ID, conv, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		shown, err := s.TranscriptShownOf(ctx, st.ID, conv, 1, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(shown) != len(full)-1 {
			t.Fatalf("%d messages after the first, want %d", len(shown), len(full)-1)
		}
		for i, m := range shown {
			want := *full[i+1]
			want.Semantic, want.CodeContext, want.References, want.EditHistory, want.Meta = baton.Semantic{}, nil, baton.References{}, nil, baton.MessageMeta{}
			if !reflect.DeepEqual(*m, want) {
				t.Errorf("message %d shown = %+v, want %+v", i+1, *m, want)
			}
		}
		if full[1].Semantic.Topics == nil || full[1].CodeContext == nil || full[1].EditHistory == nil {
			t.Fatalf("the full read lost what it should keep: %+v", full[1])
		}
		// Another steward's read of the same conversation finds nothing.
		other := mustSteward(t, s, "bob")
		if got, err := s.TranscriptShownOf(ctx, other.ID, conv, 0, 10); err != nil || len(got) != 0 {
			t.Errorf("another steward read %d messages (err %v)", len(got), err)
		}
	})
}
