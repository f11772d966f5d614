package analysis_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

func TestAPIWritesAreAnalysedInTheBackground(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := analysis.NewService(st)
			steward := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, steward); err != nil {
				t.Fatal(err)
			}
			sess := &baton.Session{Title: "worker"}
			if err := st.CreateSession(ctx, steward.ID, sess); err != nil {
				t.Fatal(err)
			}
			msgs := []*baton.Message{
				{Role: baton.RoleSteward, Content: "This is so frustrating, the build is broken again!"},
				{Role: baton.RoleAssistant, Content: "Fixed it in `internal/store/db.go`: the migration ran twice.",
					Semantic: baton.Semantic{Intent: "confirmation"}},
			}
			if _, err := st.AppendMessages(ctx, steward.ID, sess.ID, "", msgs); err != nil {
				t.Fatal(err)
			}
			conv, _ := st.Conversation(ctx, steward.ID, sess.ID, "")
			if pending, _ := st.AnalysisPending(ctx, steward.ID, conv.ID); !pending {
				t.Fatal("fresh API writes are not marked as waiting for analysis")
			}
			if n, err := svc.AnalyzePending(ctx); err != nil || n != 2 {
				t.Fatalf("analysed %d, %v", n, err)
			}
			if n, _ := svc.AnalyzePending(ctx); n != 0 {
				t.Fatalf("second run analysed %d again", n)
			}
			got, _ := st.SessionMessages(ctx, steward.ID, sess.ID)
			if got[0].Semantic.Sentiment >= 0 || len(got[0].Semantic.Emotions) == 0 {
				t.Errorf("steward message analysis = %+v", got[0].Semantic)
			}
			if got[1].Semantic.Intent != "confirmation" {
				t.Errorf("client-supplied intent replaced by %q", got[1].Semantic.Intent)
			}
			if pending, _ := st.AnalysisPending(ctx, steward.ID, conv.ID); pending {
				t.Error("still marked as analysing")
			}
		})
	}
}

// analysedMix is a batch with each kind of message the analysis reads
// differently: prose with feeling, a file and a code block, a command, a
// failed tool result, and an intent the client sent.
func analysedMix(n int) []*baton.Message {
	kinds := []baton.Message{
		{Role: baton.RoleSteward, Content: "This is so frustrating, the build is broken again!"},
		{Role: baton.RoleAssistant, Content: "Fixed it in `internal/store/db.go`: the migration ran twice.\n```go\nfunc main() {}\n```"},
		{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{ID: "t1", Name: "Bash", Input: []byte(`{"command":"go test ./..."}`)}}},
		{Role: baton.RoleToolResult, Content: "<tool_use_error>exit status 1</tool_use_error>"},
		{Role: baton.RoleAssistant, Content: "Brilliant, the tests pass now.", Semantic: baton.Semantic{Intent: "confirmation"}},
	}
	out := make([]*baton.Message, n)
	for i := range out {
		m := kinds[i%len(kinds)]
		m.SourceID = fmt.Sprintf("m%d", i)
		m.Timestamp = time.Date(2026, 11, 23, 9, 0, i, 0, time.UTC)
		out[i] = &m
	}
	return out
}

// storedAnalysis is every column the analysis writes, per message in order.
func storedAnalysis(t *testing.T, st *store.Store, sessionID string) []string {
	t.Helper()
	var rows []struct {
		Seq          int64   `bun:"seq"`
		Semantic     string  `bun:"semantic"`
		ArcSentiment float64 `bun:"arc_sentiment"`
		ArcEmotion   string  `bun:"arc_emotion"`
		ContentType  string  `bun:"content_type"`
		CodeContext  *string `bun:"code_context"`
		Analyzed     bool    `bun:"analyzed"`
	}
	if err := st.DB().NewRaw(`SELECT seq, semantic, arc_sentiment, arc_emotion, content_type, code_context, analyzed
		FROM messages WHERE session_id = ? ORDER BY seq`, sessionID).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		cc := "<nil>"
		if r.CodeContext != nil {
			cc = *r.CodeContext
		}
		out[i] = fmt.Sprintf("%d %s %v %q %s %s %v", r.Seq, r.Semantic, r.ArcSentiment, r.ArcEmotion, r.ContentType, cc, r.Analyzed)
	}
	return out
}

// A batch the API analyses before writing it (store.AppendAnalysed with
// AnalyzeBeforeWrite) is stored exactly as the worker stores the same
// batch written without analysis; the worker then has nothing to analyse
// but still refreshes the conversation's memory, to the same summary.
func TestMessagesAnalysedBeforeTheWriteAreStoredAsTheWorkerStoresThem(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := analysis.NewService(st)
			ada := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, ada); err != nil {
				t.Fatal(err)
			}
			later, before := &baton.Session{Title: "worker"}, &baton.Session{Title: "before the write"}
			for _, s := range []*baton.Session{later, before} {
				if err := st.CreateSession(ctx, ada.ID, s); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := st.AppendMessages(ctx, ada.ID, later.ID, "", analysedMix(25)); err != nil {
				t.Fatal(err)
			}
			if n, err := svc.AnalyzePending(ctx); err != nil || n != 25 {
				t.Fatalf("worker analysed %d, %v", n, err)
			}
			if _, err := st.AppendAnalysed(ctx, ada.ID, before.ID, "", analysedMix(25), svc.AnalyzeBeforeWrite); err != nil {
				t.Fatal(err)
			}
			conv, _ := st.Conversation(ctx, ada.ID, before.ID, "")
			if pending, _ := st.AnalysisPending(ctx, ada.ID, conv.ID); pending {
				t.Error("a batch analysed before its write is marked as waiting for analysis")
			}
			want, got := storedAnalysis(t, st, later.ID), storedAnalysis(t, st, before.ID)
			if len(got) != 25 || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("analysed before the write:\n%s\nby the worker:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if n, err := svc.AnalyzePending(ctx); err != nil || n != 0 {
				t.Fatalf("worker analysed %d again, %v", n, err)
			}
			wantMem, err := st.ConversationMemory(ctx, ada.ID, later.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			gotMem, err := st.ConversationMemory(ctx, ada.ID, before.ID, "")
			if err != nil || gotMem.Covered != 20 || gotMem.Summary != wantMem.Summary {
				t.Errorf("memory of the batch analysed before its write = %+v, %v; want %+v", gotMem, err, wantMem)
			}
		})
	}
}
