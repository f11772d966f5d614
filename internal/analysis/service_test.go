package analysis_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
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

// A session's trust follows on from the steward's sessions before it in
// order of start (then id), as RelationshipSeries replays them, whatever
// order they were analysed in: an import of a folder walks its files in
// any order, and an early session analysed again (or late) carries its
// change to the sessions after it.
func TestRelationshipIndependentOfAnalysisOrder(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	good := []string{"Can you add the index on invoices?", "Added it; the query now takes 40ms.", "Great, thanks a lot!",
		"Now add one on customers too.", "Done, the customer page loads in 30ms.", "Perfect, thank you!"}
	bad := []string{"Why is the export slow again? This is terrible.", "I removed the cache.", "That made it worse, ugh, it's awful now.",
		"Put it back.", "I rewrote the exporter instead.", "No! This is awful, it's broken everywhere now, terrible."}
	// Sessions 2 and 3 start at the same moment: the one with the smaller
	// id comes first.
	contents := [][]string{good, bad, good, bad[:3], good[:3], bad}
	starts := []time.Time{t0, t0.AddDate(0, 0, 1), t0.AddDate(0, 0, 2), t0.AddDate(0, 0, 2), t0.AddDate(0, 0, 3), t0.AddDate(0, 0, 4)}
	orders := map[string][]int{
		"in date order":    {0, 1, 2, 3, 4, 5},
		"shuffled":         {4, 1, 5, 3, 0, 2},
		"latest first":     {5, 4, 3, 2, 1, 0},
		"early ones again": {0, 1, 2, 3, 4, 5, 1, 0},
	}
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := analysis.NewService(st)
			// newSteward signs up a steward with the six sessions, none
			// analysed yet.
			newSteward := func(username string) (*baton.Steward, []*baton.Session) {
				steward := &baton.Steward{Username: username}
				if err := st.CreateSteward(ctx, steward); err != nil {
					t.Fatal(err)
				}
				sessions := make([]*baton.Session, len(contents))
				for i, lines := range contents {
					sessions[i] = &baton.Session{Title: fmt.Sprint("session ", i), StartedAt: starts[i]}
					if err := st.CreateSession(ctx, steward.ID, sessions[i]); err != nil {
						t.Fatal(err)
					}
					appendChat(t, st, steward.ID, sessions[i], 0, lines)
				}
				return steward, sessions
			}
			for name, order := range orders {
				steward, sessions := newSteward("ada-" + strings.ReplaceAll(name, " ", "-"))
				for _, i := range order {
					if err := svc.AnalyzeSession(ctx, steward.ID, sessions[i].ID); err != nil {
						t.Fatal(err)
					}
				}
				checkFollowsReplay(t, name, st, svc, steward.ID, sessions)

				// The first session gains a failed exchange and is analysed
				// again: every later session follows.
				appendChat(t, st, steward.ID, sessions[0], len(contents[0]), bad)
				if err := svc.AnalyzeSession(ctx, steward.ID, sessions[0].ID); err != nil {
					t.Fatal(err)
				}
				checkFollowsReplay(t, name+", first session grown", st, svc, steward.ID, sessions)

				// A session deleted: the sessions after it follow on from
				// the one before it (the first one deleted: from the start).
				for _, i := range []int{2, 0} {
					if err := svc.DeleteSession(ctx, steward.ID, sessions[i].ID); err != nil {
						t.Fatal(err)
					}
					sessions = slices.Delete(sessions, i, i+1)
					checkFollowsReplay(t, fmt.Sprint(name, ", session ", i, " deleted"), st, svc, steward.ID, sessions)
				}
			}

			// Analyses stored before the trust effect was kept have none:
			// a session analysed before them makes theirs from their
			// messages, keeps it, and their trust follows.
			steward, sessions := newSteward("grace")
			for _, s := range sessions[1:] {
				if err := svc.AnalyzeSession(ctx, steward.ID, s.ID); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := st.DB().NewRaw("UPDATE session_analyses SET trust_shift = NULL, trust_low = NULL, trust_high = NULL WHERE steward_id = ?",
				steward.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if err := svc.AnalyzeSession(ctx, steward.ID, sessions[0].ID); err != nil {
				t.Fatal(err)
			}
			checkFollowsReplay(t, "effects made from messages", st, svc, steward.ID, sessions)
			for _, s := range sessions {
				if sa, _, _ := svc.ForSession(ctx, steward.ID, s.ID); sa == nil || sa.TrustEffect == nil {
					t.Errorf("%s: no trust effect kept", s.Title)
				}
			}
		})
	}
}

// appendChat appends lines to a session's main conversation, the
// steward and the assistant taking turns from the steward, numbered from
// first.
func appendChat(t *testing.T, st *store.Store, stewardID int64, sess *baton.Session, first int, lines []string) {
	t.Helper()
	var msgs []*baton.Message
	for j, c := range lines {
		role := baton.RoleSteward
		if j%2 == 1 {
			role = baton.RoleAssistant
		}
		n := first + j
		msgs = append(msgs, &baton.Message{SourceID: fmt.Sprint(n), Role: role, Content: c, Timestamp: sess.StartedAt.Add(time.Duration(n) * time.Minute)})
	}
	if _, err := st.AppendMessages(context.Background(), stewardID, sess.ID, "", msgs); err != nil {
		t.Fatal(err)
	}
}

// checkFollowsReplay checks that every session's stored relationship (the
// session page's trust and growth, the chart's point and sample) is what
// RelationshipSeries replays over all of them.
func checkFollowsReplay(t *testing.T, name string, st *store.Store, svc *analysis.Service, stewardID int64, sessions []*baton.Session) {
	t.Helper()
	ctx := context.Background()
	byID := map[string][]*baton.Message{}
	for _, s := range sessions {
		msgs, err := st.SessionMessages(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		byID[s.ID] = msgs
	}
	replay := analysis.RelationshipSeries(sessions, byID)
	samples, _, err := svc.RelationshipSamples(ctx, stewardID, nil, nil)
	if err != nil || len(samples) != len(replay) {
		t.Fatalf("%s: %d samples, %v", name, len(samples), err)
	}
	prev := analysis.TrustStart
	for i, want := range replay {
		got, err := st.Session(ctx, stewardID, want.SessionID)
		if err != nil {
			t.Fatal(err)
		}
		sa, _, err := svc.ForSession(ctx, stewardID, want.SessionID)
		if err != nil || sa == nil {
			t.Fatalf("%s: %s: no analysis: %v", name, got.Title, err)
		}
		if got.Relationship.TrustLevel != want.Trust || sa.Relationship.Trust != want.Trust || samples[i].Trust != want.Trust ||
			samples[i].SessionID != want.SessionID {
			t.Errorf("%s: %s: trust %v (stored point %v, chart %v), replay %v", name, got.Title,
				got.Relationship.TrustLevel, sa.Relationship.Trust, samples[i].Trust, want.Trust)
		}
		if sa.Relationship.Momentum != want.Momentum || samples[i].Momentum != want.Momentum {
			t.Errorf("%s: %s: momentum %s, replay %s", name, got.Title, sa.Relationship.Momentum, want.Momentum)
		}
		line := ""
		switch d := want.Trust - prev; {
		case d >= 0.01:
			line = fmt.Sprintf("trust rose from %.2f to %.2f", prev, want.Trust)
		case d <= -0.01:
			line = fmt.Sprintf("trust fell from %.2f to %.2f", prev, want.Trust)
		}
		var first string
		if g := got.Relationship.GrowthIndicators; len(g) > 0 && strings.HasPrefix(g[0], "trust ") {
			first = g[0]
		}
		if first != line {
			t.Errorf("%s: %s: growth %q, want %q first", name, got.Title, got.Relationship.GrowthIndicators, line)
		}
		prev = want.Trust
	}
}
