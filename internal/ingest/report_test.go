package ingest_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// AnalyzeSession keeps what the session page and the relationship chart
// need and the session has no field for; each session's relationship
// point follows from the one before, as a replay of all of them would.
func TestAnalyzeSessionKeepsQualityPatternsAndRelationship(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, steward); err != nil {
				t.Fatal(err)
			}
			t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
			contents := [][]string{
				{"Can you add the index on invoices?", "Added it; the query now takes 40ms.", "Great, thanks a lot!"},
				{"Why is the export slow again? This is terrible.", "I removed the cache.", "That made it worse, ugh, it's awful now."},
			}
			var sessions []*baton.Session
			byID := map[string][]*baton.Message{}
			for i, lines := range contents {
				sess := &baton.Session{Title: fmt.Sprint("session ", i), StartedAt: t0.AddDate(0, 0, i)}
				if err := st.CreateSession(ctx, steward.ID, sess); err != nil {
					t.Fatal(err)
				}
				var msgs []*baton.Message
				for j, c := range lines {
					role := baton.RoleSteward
					if j%2 == 1 {
						role = baton.RoleAssistant
					}
					msgs = append(msgs, &baton.Message{SourceID: fmt.Sprint(j), Role: role, Content: c, Timestamp: sess.StartedAt.Add(time.Duration(j) * time.Minute)})
				}
				if _, err := st.AppendMessages(ctx, steward.ID, sess.ID, "", msgs); err != nil {
					t.Fatal(err)
				}
				if err := im.AnalyzeSession(ctx, steward.ID, sess.ID); err != nil {
					t.Fatal(err)
				}
				stored, _ := st.SessionMessages(ctx, steward.ID, sess.ID)
				byID[sess.ID] = stored
				sessions = append(sessions, sess)
			}

			replay := analysis.RelationshipSeries(sessions, byID)
			for i, s := range sessions {
				got, err := st.Session(ctx, steward.ID, s.ID)
				if err != nil {
					t.Fatal(err)
				}
				sa, ok := ingest.StoredAnalysis(got)
				if !ok {
					t.Fatalf("session %d: no stored analysis in %v", i, got.Attributes)
				}
				if got.QualityScore == nil || sa.Quality.Score != *got.QualityScore || len(sa.Quality.Parts) != 5 || sa.AnalysedAt.IsZero() {
					t.Errorf("session %d: quality %+v vs score %v", i, sa.Quality, got.QualityScore)
				}
				if len(sa.Patterns) == 0 {
					t.Errorf("session %d: no patterns", i)
				}
				want := replay[i]
				if sa.Relationship.Health != want.Health || sa.Relationship.Momentum != want.Momentum || sa.Relationship.Trust != want.Trust {
					t.Errorf("session %d: stored point %+v, replay %+v", i, sa.Relationship, want)
				}
				sample, ok := ingest.RelationshipSample(got)
				if !ok || !sample.HasHealth || sample.Trust != got.Relationship.TrustLevel || sample.Momentum != want.Momentum {
					t.Errorf("session %d: sample %+v", i, sample)
				}
			}
			if replay[1].Momentum != analysis.MomentumStalled || replay[0].Momentum != analysis.MomentumBuilding {
				t.Errorf("momentum %s then %s", replay[0].Momentum, replay[1].Momentum)
			}

			// A session never analysed has no sample.
			fresh := &baton.Session{Title: "fresh"}
			st.CreateSession(ctx, steward.ID, fresh)
			got, _ := st.Session(ctx, steward.ID, fresh.ID)
			if _, ok := ingest.RelationshipSample(got); ok {
				t.Error("an unanalysed session has a relationship sample")
			}
		})
	}
}
