package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// migrateDownTo reverts migrations until version is the newest applied.
func migrateDownTo(t *testing.T, s *store.Store, version int) {
	t.Helper()
	for {
		ms, err := s.Migrations(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		newest := 0
		for _, m := range ms {
			if m.Applied && m.Version > newest {
				newest = m.Version
			}
		}
		if newest <= version {
			return
		}
		if _, err := s.MigrateDown(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// Migration 0005 moves the analyses Baton kept in sessions.attributes
// under "analysis" into session_analyses, typed, and takes them out of
// the attributes; what is not an analysis Baton wrote stays behind in
// neither place. Down puts them back.
func TestMigration0005MovesAnalysesOutOfAttributes(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			s := storetest.Open(t, url)
			ada := mustSteward(t, s, "ada")
			analysed := mustSession(t, s, ada.ID, &baton.Session{Title: "analysed"})
			planted := mustSession(t, s, ada.ID, &baton.Session{Title: "planted"})
			migrateDownTo(t, s, 4)

			setAttrs := func(id, attrs string) {
				t.Helper()
				q := "UPDATE sessions SET attributes = ? WHERE id = ?"
				if dialect == "postgres" {
					q = "UPDATE sessions SET attributes = ?::jsonb WHERE id = ?"
				}
				if _, err := s.DB().ExecContext(ctx, q, attrs, id); err != nil {
					t.Fatal(err)
				}
			}
			setAttrs(analysed.ID, `{"cwd": "/srv", "analysis": {"analysed_at": "2026-03-01T09:30:00.5Z",
				"quality": {"score": 0.75, "parts": [{"name": "resolution", "weight": 0.25, "value": 1, "detail": "1 of 1 errors resolved"}]},
				"patterns": [{"type": "emotional", "subtype": "recovery", "frequency": 2, "examples": [[1, 2]], "insight": "bounced back"}],
				"relationship": {"session_id": "x", "trust": 0.6, "collaboration_health": 0.8, "average_sentiment": 0.25,
				                 "momentum": "building", "collaboration_style": "directive", "exchanges": 4, "successes": 3}}}`)
			setAttrs(planted.ID, `{"analysis": {"analysed_at": "yesterday", "quality": {"score": "high"}}}`)

			if _, err := s.MigrateUp(ctx); err != nil {
				t.Fatal(err)
			}
			got, err := s.SessionAnalysis(ctx, ada.ID, analysed.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want := time.Date(2026, 3, 1, 9, 30, 0, 5e8, time.UTC); !got.AnalysedAt.Equal(want) {
				t.Errorf("analysed_at = %v, want %v", got.AnalysedAt, want)
			}
			if got.Quality.Score != 0.75 || len(got.Quality.Parts) != 1 || got.Quality.Parts[0] != (baton.QualityPart{Name: "resolution", Weight: 0.25, Value: 1, Detail: "1 of 1 errors resolved"}) {
				t.Errorf("quality = %+v", got.Quality)
			}
			if len(got.Patterns) != 1 || got.Patterns[0].Subtype != "recovery" || got.Patterns[0].Frequency != 2 || len(got.Patterns[0].Examples) != 1 {
				t.Errorf("patterns = %+v", got.Patterns)
			}
			r := got.Relationship
			if r.SessionID != analysed.ID || r.Trust != 0.6 || r.Health != 0.8 || r.Sentiment != 0.25 || r.Momentum != "building" ||
				r.Style != "directive" || r.Exchanges != 4 || r.Successes != 3 {
				t.Errorf("relationship = %+v", r)
			}
			sess, _ := s.Session(ctx, ada.ID, analysed.ID)
			if _, ok := sess.Attributes["analysis"]; ok || sess.Attributes["cwd"] != "/srv" {
				t.Errorf("attributes after 0005 = %v", sess.Attributes)
			}
			if _, err := s.SessionAnalysis(ctx, ada.ID, planted.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("a malformed analysis was moved: %v", err)
			}
			sess, _ = s.Session(ctx, ada.ID, planted.ID)
			if _, ok := sess.Attributes["analysis"]; ok {
				t.Errorf("a malformed analysis stayed in attributes: %v", sess.Attributes)
			}

			// Down and up again round-trips the analysis.
			migrateDownTo(t, s, 4)
			if _, err := s.MigrateUp(ctx); err != nil {
				t.Fatal(err)
			}
			again, err := s.SessionAnalysis(ctx, ada.ID, analysed.ID)
			if err != nil || !again.AnalysedAt.Equal(got.AnalysedAt) || again.Quality.Score != 0.75 || again.Relationship.Momentum != "building" || len(again.Patterns) != 1 {
				t.Errorf("after down and up: %+v, %v", again, err)
			}
		})
	}
}

// SaveSessionAnalysis writes the session and its analysis for the
// steward only; reading is scoped to the steward too.
func TestSessionAnalysisIsTheStewards(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, eve := mustSteward(t, s, "ada"), mustSteward(t, s, "eve")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "mine"})
		a := &baton.StoredAnalysis{AnalysedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Quality: baton.QualityParts{Score: 0.5}}
		if err := s.SaveSessionAnalysis(ctx, eve.ID, sess, a); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("eve saved an analysis of ada's session: %v", err)
		}
		if _, err := s.SessionAnalysis(ctx, ada.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("eve's attempt left a row: %v", err)
		}
		if err := s.SaveSessionAnalysis(ctx, ada.ID, sess, a); err != nil {
			t.Fatal(err)
		}
		a.Quality.Score = 0.9
		if err := s.SaveSessionAnalysis(ctx, ada.ID, sess, a); err != nil {
			t.Fatal(err)
		}
		if got, err := s.SessionAnalysis(ctx, ada.ID, sess.ID); err != nil || got.Quality.Score != 0.9 || got.Patterns == nil {
			t.Errorf("ada reads %+v, %v", got, err)
		}
		if _, err := s.SessionAnalysis(ctx, eve.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("eve reads ada's analysis: %v", err)
		}
		if m, err := s.SessionAnalyses(ctx, eve.ID, []*baton.Session{sess}); err != nil || len(m) != 0 {
			t.Errorf("eve lists ada's analyses: %v, %v", m, err)
		}
	})
}

// TestMainConversationFollowsAnalysedTitle: when the analysis rewrites a
// session's title, the main conversation named after the session takes
// the new title; one the steward named otherwise keeps its name.
func TestMainConversationFollowsAnalysedTitle(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			s := storetest.Open(t, url)
			ada := mustSteward(t, s, "ada")
			mainTitle := func(id string) string {
				t.Helper()
				convs, err := s.Conversations(ctx, ada.ID, id)
				if err != nil || len(convs) == 0 {
					t.Fatalf("conversations: %v, %v", convs, err)
				}
				return convs[0].Title
			}
			analyse := func(sess *baton.Session, title string) {
				t.Helper()
				sess.Title = title
				if err := s.SaveSessionAnalysis(ctx, ada.ID, sess, &baton.StoredAnalysis{AnalysedAt: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
					t.Fatal(err)
				}
			}

			followed := mustSession(t, s, ada.ID, &baton.Session{Title: "can you look at the flaky upload test"})
			analyse(followed, "Flaky upload test")
			if got := mainTitle(followed.ID); got != "Flaky upload test" {
				t.Errorf("main conversation %q, want the analysed title", got)
			}

			renamed := mustSession(t, s, ada.ID, &baton.Session{Title: "hi there"})
			if _, err := s.DB().ExecContext(ctx, "UPDATE conversations SET title = ? WHERE session_id = ? AND parent_conversation_id IS NULL",
				"Upload retries, the steward's name", renamed.ID); err != nil {
				t.Fatal(err)
			}
			analyse(renamed, "Upload retries")
			if got := mainTitle(renamed.ID); got != "Upload retries, the steward's name" {
				t.Errorf("main conversation %q, want the name the steward gave it", got)
			}
		})
	}
}
