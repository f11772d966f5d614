package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// A comparison's read of a transcript keeps what the comparison shows and
// measures (texts, tool calls and results, usage, model, time, the
// embedding, the "unfinished" mark) and leaves the rest of the analysis
// out; a fork's messages before its fork point are taken from the other
// side's read when it is given, not read again.
func TestComparedMessagesKeepWhatAComparisonReads(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{})
		batch := msgs(6, "a", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		batch[1].Semantic.Embedding = make([]float32, baton.EmbeddingDims)
		batch[1].Semantic.Embedding[7] = 0.5
		batch[1].Semantic.Topics = []string{"parsers"}
		batch[1].Attributes = map[string]any{"unfinished": true, "other": "kept out"}
		batch[2].Role, batch[2].Content = baton.RoleToolCall, ""
		batch[2].ToolCalls = []baton.ToolCall{{ID: "c1", Name: "Bash", Input: []byte(`{"command":"go test"}`)}}
		batch[3].Role, batch[3].ToolResult = baton.RoleToolResult, &baton.ToolResult{ToolUseID: "c1", IsError: true}
		batch[3].Usage = baton.Usage{InputTokens: 12, OutputTokens: 3}
		batch[3].Model = "m1"
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			t.Fatal(err)
		}
		page, err := s.Transcript(ctx, st.ID, sess.ID, "", 0, 10)
		if err != nil || len(page) == 0 {
			t.Fatalf("transcript: %v", err)
		}
		full, err := s.ConversationMessages(ctx, st.ID, page[0].ConversationID, 0)
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.ComparedMessages(ctx, st.ID, full[0].ConversationID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(full) {
			t.Fatalf("%d messages, want %d", len(a), len(full))
		}
		for i, m := range a {
			f := full[i]
			if m.ID != f.ID || m.Seq != f.Seq || m.Role != f.Role || m.Content != f.Content || m.Model != f.Model ||
				m.Usage != f.Usage || !m.Timestamp.Equal(f.Timestamp) || len(m.ToolCalls) != len(f.ToolCalls) ||
				(m.ToolResult == nil) != (f.ToolResult == nil) || !slices.Equal(m.Semantic.Embedding, f.Semantic.Embedding) {
				t.Errorf("message %d read for a comparison = %+v, want %+v", i, m, f)
			}
		}
		if got := a[1].Attributes; len(got) != 1 || got["unfinished"] != true {
			t.Errorf("attributes = %v, want only unfinished: true", got)
		}
		if a[1].Semantic.Topics != nil || a[0].Attributes != nil {
			t.Errorf("read more than a comparison shows: topics %v, attributes %v", a[1].Semantic.Topics, a[0].Attributes)
		}
		if string(a[2].ToolCalls[0].Input) != string(full[2].ToolCalls[0].Input) || !a[3].ToolResult.IsError {
			t.Errorf("tool call %s, result %+v", a[2].ToolCalls[0].Input, a[3].ToolResult)
		}

		conv, err := s.ConversationByID(ctx, st.ID, full[0].ConversationID)
		if err != nil {
			t.Fatal(err)
		}
		fork, err := s.Fork(ctx, st.ID, conv, store.ForkRequest{At: full[3], Title: "fork", Kind: baton.ConversationFork})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, fork.ID, msgs(2, "f", time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))); err != nil {
			t.Fatal(err)
		}
		b, err := s.ComparedMessages(ctx, st.ID, fork.ID, a)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := s.ComparedMessages(ctx, st.ID, fork.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != 6 || len(alone) != 6 {
			t.Fatalf("the fork reads %d messages (%d alone), want 4 shared and 2 of its own", len(b), len(alone))
		}
		for i := range b {
			if b[i].ID != alone[i].ID || b[i].Content != alone[i].Content {
				t.Errorf("fork message %d = %d %q, want %d %q", i, b[i].ID, b[i].Content, alone[i].ID, alone[i].Content)
			}
			if shared := i < 4; (b[i] == a[i]) != shared {
				t.Errorf("fork message %d taken from the other side: %v, want %v", i, b[i] == a[i], shared)
			}
		}
		// The other way round: the parent read with the fork's read given.
		back, err := s.ComparedMessages(ctx, st.ID, full[0].ConversationID, b)
		if err != nil {
			t.Fatal(err)
		}
		if len(back) != 6 || back[3] != b[3] || back[4].ID != a[4].ID || back[5].ID != a[5].ID {
			t.Errorf("the parent read beside its fork = %d messages, want the parent's 6", len(back))
		}
	})
}
