package analysis_test

import (
	"context"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
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
