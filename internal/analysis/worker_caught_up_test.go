package analysis_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Once the worker has caught up, OnCaughtUp's functions hear of each
// session whose messages it went over, once, with its messages analysed;
// a pass with nothing new calls nothing, and AnalyzePending (analysis
// alone) calls nothing.
func TestCaughtUpNamesEachSessionTheWorkerWentOver(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, "sqlite:"+t.TempDir()+"/b.db")
	svc := analysis.NewService(st)
	steward := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	var sessions []string
	for i := range 2 {
		sess := &baton.Session{Title: fmt.Sprint("caught up ", i)}
		if err := st.CreateSession(ctx, steward.ID, sess); err != nil {
			t.Fatal(err)
		}
		msgs := []*baton.Message{
			{Role: baton.RoleSteward, Content: "This is so frustrating, the build is broken again!"},
			{Role: baton.RoleAssistant, Content: "Fixed: the migration ran twice."},
		}
		if _, err := st.AppendMessages(ctx, steward.ID, sess.ID, "", msgs); err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, sess.ID)
	}
	heard := map[string]int{}
	svc.OnCaughtUp(func(ctx context.Context, stewardID int64, sessionID string) {
		if stewardID != steward.ID {
			t.Errorf("steward %d, want %d", stewardID, steward.ID)
		}
		conv, err := st.Conversation(ctx, stewardID, sessionID, "")
		if err != nil {
			t.Fatal(err)
		}
		if pending, _ := st.AnalysisPending(ctx, stewardID, conv.ID); pending {
			t.Errorf("session %s is still being analysed when the worker says it caught up", sessionID)
		}
		heard[sessionID]++
	})
	if _, err := svc.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 2 || heard[sessions[0]] != 1 || heard[sessions[1]] != 1 {
		t.Fatalf("heard %v, want each of %v once", heard, sessions)
	}
	if _, err := svc.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 2 || heard[sessions[0]] != 1 {
		t.Fatalf("a pass with nothing new called again: %v", heard)
	}
	more := []*baton.Message{{Role: baton.RoleSteward, Content: "One more thing."}}
	if _, err := st.AppendMessages(ctx, steward.ID, sessions[0], "", more); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.AnalyzePending(ctx); err != nil || n != 1 {
		t.Fatalf("analysed %d, %v", n, err)
	}
	if heard[sessions[0]] != 1 {
		t.Fatalf("AnalyzePending called OnCaughtUp: %v", heard)
	}
}
