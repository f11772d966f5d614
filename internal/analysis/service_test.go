package analysis_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// AnalyzeSession keeps what the session page and the relationship chart
// need and the session has no field for, in its own table, and ForSession
// reads it back typed; each session's relationship point follows from the
// one before, as a replay of all of them would.
func TestAnalyzeSessionKeepsQualityPatternsAndRelationship(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := analysis.NewService(st)
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
				if err := svc.AnalyzeSession(ctx, steward.ID, sess.ID); err != nil {
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
				sa, ok, err := svc.ForSession(ctx, steward.ID, s.ID)
				if err != nil || !ok {
					t.Fatalf("session %d: no stored analysis: %v", i, err)
				}
				if _, inAttrs := got.Attributes["analysis"]; inAttrs {
					t.Errorf("session %d: analysis still kept in attributes: %v", i, got.Attributes)
				}
				// These chats have no tool results, so no tool-success part.
				if got.QualityScore == nil || sa.Quality.Score != *got.QualityScore || len(sa.Quality.Parts) != 4 || sa.AnalysedAt.IsZero() {
					t.Errorf("session %d: quality %+v vs score %v", i, sa.Quality, got.QualityScore)
				}
				if len(sa.Patterns) == 0 {
					t.Errorf("session %d: no patterns", i)
				}
				want := replay[i]
				if sa.Relationship.Health != want.Health || sa.Relationship.Momentum != want.Momentum || sa.Relationship.Trust != want.Trust {
					t.Errorf("session %d: stored point %+v, replay %+v", i, sa.Relationship, want)
				}
			}
			samples, unanalysed, err := svc.RelationshipSamples(ctx, steward.ID, nil, nil)
			if err != nil || len(samples) != len(sessions) || unanalysed != 0 {
				t.Fatalf("samples %+v, %d unanalysed, %v", samples, unanalysed, err)
			}
			for i, sample := range samples {
				got, _ := st.Session(ctx, steward.ID, sessions[i].ID)
				if sample.SessionID != got.ID || !sample.HasHealth || sample.Trust != got.Relationship.TrustLevel || sample.Momentum != replay[i].Momentum {
					t.Errorf("session %d: sample %+v", i, sample)
				}
			}
			if replay[1].Momentum != analysis.MomentumStalled || replay[0].Momentum != analysis.MomentumBuilding {
				t.Errorf("momentum %s then %s", replay[0].Momentum, replay[1].Momentum)
			}

			// A session never analysed has no stored analysis and no sample.
			fresh := &baton.Session{Title: "fresh", StartedAt: t0.AddDate(0, 0, 5)}
			if err := st.CreateSession(ctx, steward.ID, fresh); err != nil {
				t.Fatal(err)
			}
			if sa, ok, err := svc.ForSession(ctx, steward.ID, fresh.ID); ok || sa != nil || err != nil {
				t.Errorf("fresh session: %+v, %v, %v", sa, ok, err)
			}
			if samples, unanalysed, _ := svc.RelationshipSamples(ctx, steward.ID, nil, nil); len(samples) != len(sessions) || unanalysed != 1 {
				t.Errorf("with a fresh session: %d samples, %d unanalysed", len(samples), unanalysed)
			}

			// Another steward's session reads as never analysed.
			eve := &baton.Steward{Username: "eve"}
			if err := st.CreateSteward(ctx, eve); err != nil {
				t.Fatal(err)
			}
			if sa, ok, err := svc.ForSession(ctx, eve.ID, sessions[0].ID); ok || sa != nil || err != nil {
				t.Errorf("eve reads ada's analysis: %+v, %v, %v", sa, ok, err)
			}
		})
	}
}
