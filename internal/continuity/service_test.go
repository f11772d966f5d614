package continuity_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestFinalizeHandsOverWithoutAnExplicitLink is the hook's path: the next
// session starts before it exists, so nothing names its predecessor; at
// its finalize it follows the last session, takes its bridge (a resume
// marker), and the bridge's effectiveness is measured.
func TestFinalizeHandsOverWithoutAnExplicitLink(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			st := storetest.Open(t, url)
			ctx := context.Background()
			steward := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, steward); err != nil {
				t.Fatal(err)
			}
			cont := continuity.New(st, analysis.NewService(st))
			sess, msgs := continuitytest.CodingSession()
			first, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "a", Session: sess, Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}})
			if err != nil {
				t.Fatal(err)
			}
			_, b, err := cont.Finalize(ctx, steward.ID, first.SessionID, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The next session in the same working directory, on another branch.
			next := baton.Session{Title: "Wire the limiter", Source: "claude-code", SourceRef: "b", StartedAt: continuitytest.Start.Add(24 * time.Hour),
				Branch: "main", Technical: baton.TechnicalContext{WorkingDirectory: "/home/ada/invoices/"}}
			second, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "b", Session: next, Conversations: []baton.ImportConversation{{Key: "main", Messages: []baton.Message{
				{SourceID: "1", Role: baton.RoleSteward, Content: "go vet first please", Timestamp: next.StartedAt},
				{SourceID: "2", Role: baton.RoleAssistant, Content: "Renamed the call; go vet ./... is fixed now.", Timestamp: next.StartedAt.Add(time.Minute)},
			}}}})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := cont.Finalize(ctx, steward.ID, second.SessionID, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Continuity.PreviousSession == nil || *got.Continuity.PreviousSession != first.SessionID {
				t.Errorf("previous_session = %v", got.Continuity.PreviousSession)
			}
			prev, _ := st.Session(ctx, steward.ID, first.SessionID)
			if prev.Continuity.NextSession == nil || *prev.Continuity.NextSession != second.SessionID {
				t.Errorf("next_session = %v", prev.Continuity.NextSession)
			}
			b, _ = st.Bridge(ctx, steward.ID, b.ID)
			if b.ToSession == nil || *b.ToSession != second.SessionID || b.Effectiveness == nil || b.Quality.Effectiveness == nil {
				t.Fatalf("bridge to %v, effectiveness %+v", b.ToSession, b.Effectiveness)
			}
			if len(b.Effectiveness.Resolved) != 1 || b.Effectiveness.Resolved[0] != "Resolve the failing go vet ./..." {
				t.Errorf("resolved = %q", b.Effectiveness.Resolved)
			}
			resumed, err := st.HasMarker(ctx, steward.ID, second.SessionID, baton.MarkerResume)
			if err != nil || !resumed {
				t.Errorf("no resume marker (%v)", err)
			}
		})
	}
}
