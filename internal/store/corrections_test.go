package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// analysed is a session as an analysis leaves it: extracted title,
// decisions, tasks, topics and technologies.
func analysed(sess *baton.Session, decision, task, topic, tech string) {
	sess.Summary.Decisions = []baton.Decision{{Decision: decision, Rationale: "it said so", Timestamp: time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)}}
	sess.Progress = baton.Progress{TasksDiscussed: []string{task}, TasksCompleted: []string{}, TasksRemaining: []string{task}, Blockers: []string{"waiting on CI"}}
	sess.Summary.KeyTopics = []string{topic}
	sess.Technical.Technologies = []string{tech}
}

func saveAnalysis(t *testing.T, s *store.Store, stewardID int64, sess *baton.Session) {
	t.Helper()
	if err := s.SaveSessionAnalysis(context.Background(), stewardID, sess, &baton.StoredAnalysis{AnalysedAt: time.Date(2026, 2, 1, 11, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

// A correction is written over the session at once and over every later
// analysis, which is kept as what the analysis said; reverting a field
// puts the analysis back. Lists and facets follow the corrected value.
func TestCorrectionsOutliveAnalysis(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "/prime & check out our recent work"})
		analysed(sess, "use the Resolve: ls -la docs task", "Resolve: ls -la docs/", "lot, of", "Poetry")
		saveAnalysis(t, s, ada.ID, sess)

		edit := &baton.SessionEdit{
			Title:        ptr("Move the importer to streaming reads"),
			Decisions:    &[]baton.Decision{{Decision: "Stream the file instead of reading it whole", Rationale: "150k-message imports ran out of memory"}},
			Tasks:        &[]baton.Task{{Task: "Write the chunk reader", Done: true}, {Task: "Benchmark the large import"}},
			Topics:       &[]string{"streaming import"},
			Technologies: &[]string{"Go", "SQLite"},
		}
		if err := edit.Normalize(); err != nil {
			t.Fatal(err)
		}
		got, cs, err := s.CorrectSession(ctx, ada.ID, sess.ID, edit)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) != 5 || cs[0].Field != baton.FieldTitle || cs[0].Extracted.Title != "/prime & check out our recent work" {
			t.Fatalf("corrections %+v", cs)
		}
		if got.Title != "Move the importer to streaming reads" || got.Summary.Decisions[0].Timestamp.IsZero() {
			t.Errorf("corrected session %q %+v", got.Title, got.Summary.Decisions)
		}

		// The analysis runs again and finds other things: the steward's
		// values stay, the new findings are kept as what it said.
		again, err := s.Session(ctx, ada.ID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		analysed(again, "go with option 2", "Resolve: command not found", "max", "CSS")
		saveAnalysis(t, s, ada.ID, again)
		stored, err := s.Session(ctx, ada.ID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Title != "Move the importer to streaming reads" {
			t.Errorf("title %q", stored.Title)
		}
		if len(stored.Summary.Decisions) != 1 || stored.Summary.Decisions[0].Decision != "Stream the file instead of reading it whole" ||
			stored.Summary.Decisions[0].Rationale != "150k-message imports ran out of memory" {
			t.Errorf("decisions %+v", stored.Summary.Decisions)
		}
		if !slices.Equal(stored.Progress.TasksDiscussed, []string{"Write the chunk reader", "Benchmark the large import"}) ||
			!slices.Equal(stored.Progress.TasksCompleted, []string{"Write the chunk reader"}) ||
			!slices.Equal(stored.Progress.TasksRemaining, []string{"Benchmark the large import"}) ||
			!slices.Equal(stored.Progress.Blockers, []string{"waiting on CI"}) {
			t.Errorf("progress %+v", stored.Progress)
		}
		if !slices.Equal(stored.Summary.KeyTopics, []string{"streaming import"}) || !slices.Equal(stored.Technical.Technologies, []string{"Go", "SQLite"}) {
			t.Errorf("topics %v technologies %v", stored.Summary.KeyTopics, stored.Technical.Technologies)
		}
		cs, err = s.Corrections(ctx, ada.ID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		byField := map[baton.CorrectionField]baton.Correction{}
		for _, c := range cs {
			byField[c.Field] = c
		}
		if d := byField[baton.FieldDecisions].Extracted.Decisions; len(d) != 1 || d[0].Decision != "go with option 2" {
			t.Errorf("extracted decisions %+v", d)
		}
		if x := byField[baton.FieldTechnologies].Extracted.Technologies; !slices.Equal(x, []string{"CSS"}) {
			t.Errorf("extracted technologies %v", x)
		}
		if x := byField[baton.FieldTitle].Extracted.Title; x != "/prime & check out our recent work" {
			t.Errorf("extracted title %q", x)
		}

		// Lists filter on the corrected topic, not the extracted one.
		page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{Topic: "streaming import"})
		if err != nil || len(page.Sessions) != 1 || page.Sessions[0].Title != "Move the importer to streaming reads" {
			t.Errorf("topic filter: %+v, %v", page, err)
		}
		if page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{Topic: "max"}); err != nil || len(page.Sessions) != 0 {
			t.Errorf("the extracted topic still filters: %+v, %v", page, err)
		}

		// Revert puts back what the analysis last said, and only that field.
		reverted, err := s.RevertCorrection(ctx, ada.ID, sess.ID, baton.FieldTechnologies)
		if err != nil || !slices.Equal(reverted.Technical.Technologies, []string{"CSS"}) || reverted.Title != "Move the importer to streaming reads" {
			t.Errorf("revert: %v %q, %v", reverted.Technical.Technologies, reverted.Title, err)
		}
		if _, err := s.RevertCorrection(ctx, ada.ID, sess.ID, baton.FieldTechnologies); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("second revert: %v", err)
		}
		if _, err := s.RevertCorrection(ctx, ada.ID, sess.ID, "summary"); baton.ErrorField(err) != "field" {
			t.Errorf("revert of an unknown field: %v", err)
		}
		cs, _ = s.Corrections(ctx, ada.ID, sess.ID)
		if len(cs) != 4 {
			t.Errorf("%d corrections after a revert", len(cs))
		}
		list, err := s.CorrectedSessions(ctx, ada.ID)
		if err != nil || len(list) != 1 || len(list[0].Corrections) != 4 {
			t.Errorf("corrected sessions %+v, %v", list, err)
		}
	})
}

// Corrections are the steward's: another steward's session id is
// NotFound to every method, and nothing is written.
func TestCorrectionsAreTheStewards(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, eve := mustSteward(t, s, "ada"), mustSteward(t, s, "eve")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "ada's"})
		edit := &baton.SessionEdit{Title: ptr("eve's now")}
		if _, _, err := s.CorrectSession(ctx, eve.ID, sess.ID, edit); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("eve corrected ada's session: %v", err)
		}
		if _, err := s.Corrections(ctx, eve.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("eve read ada's corrections: %v", err)
		}
		if _, _, err := s.CorrectSession(ctx, ada.ID, sess.ID, &baton.SessionEdit{Title: ptr("ada's own")}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RevertCorrection(ctx, eve.ID, sess.ID, baton.FieldTitle); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("eve reverted ada's correction: %v", err)
		}
		if list, err := s.CorrectedSessions(ctx, eve.ID); err != nil || len(list) != 0 {
			t.Errorf("eve lists %+v, %v", list, err)
		}
		if n, err := s.CorrectedSessionCount(ctx, eve.ID); err != nil || n != 0 {
			t.Errorf("eve counts %d, %v", n, err)
		}
		if n, err := s.CorrectedSessionCount(ctx, ada.ID); err != nil || n != 1 {
			t.Errorf("ada counts %d, %v", n, err)
		}
		got, err := s.Session(ctx, ada.ID, sess.ID)
		if err != nil || got.Title != "ada's own" {
			t.Errorf("ada's session %q, %v", got.Title, err)
		}
		if cs, err := s.Corrections(ctx, ada.ID, sess.ID); err != nil || len(cs) != 1 || cs[0].Extracted.Title != "ada's" {
			t.Errorf("ada's corrections %+v, %v", cs, err)
		}
	})
}

// A second correction of a field keeps what the analysis said, not the
// steward's first value; a reworded decision keeps the time of the one it
// replaces.
func TestCorrectingAgainKeepsTheExtraction(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "Spaw sub-agents"})
		analysed(sess, "Let's use Redis", "t", "x", "y")
		saveAnalysis(t, s, ada.ID, sess)
		for _, title := range []string{"Spawn sub-agents", "Spawn sub-agents for the review"} {
			if _, _, err := s.CorrectSession(ctx, ada.ID, sess.ID, &baton.SessionEdit{Title: ptr(title)}); err != nil {
				t.Fatal(err)
			}
		}
		_, cs, err := s.CorrectSession(ctx, ada.ID, sess.ID, &baton.SessionEdit{Decisions: &[]baton.Decision{{Decision: "Use Redis for the queue"}, {Decision: "Keep SQLite"}}})
		if err != nil {
			t.Fatal(err)
		}
		if cs[0].Field != baton.FieldTitle || cs[0].Extracted.Title != "Spaw sub-agents" || cs[0].Value.Title != "Spawn sub-agents for the review" {
			t.Errorf("title correction %+v", cs[0])
		}
		ds := cs[1].Value.Decisions
		stored, err := s.Session(ctx, ada.ID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 2 || !ds[0].Timestamp.Equal(time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)) || !ds[1].Timestamp.Equal(stored.StartedAt) {
			t.Errorf("decisions %+v", ds)
		}
	})
}

// A live session's source facts (the hook's title as the transcript
// grows) do not replace a title the steward corrected; they are what the
// analysis said.
func TestSourceFactsKeepACorrectedTitle(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "first prompt"})
		if _, _, err := s.CorrectSession(ctx, ada.ID, sess.ID, &baton.SessionEdit{Title: ptr("Steward's title")}); err != nil {
			t.Fatal(err)
		}
		if err := s.UpdateSourceFacts(ctx, ada.ID, sess.ID, &baton.Session{Title: "Claude Code's summary", Branch: "main"}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Session(ctx, ada.ID, sess.ID)
		if err != nil || got.Title != "Steward's title" || got.Branch != "main" {
			t.Errorf("session %q on %q, %v", got.Title, got.Branch, err)
		}
		conv, err := s.Conversation(ctx, ada.ID, sess.ID, "")
		if err != nil || conv.Title != "Steward's title" {
			t.Errorf("main conversation %q, %v", conv.Title, err)
		}
		if cs, err := s.Corrections(ctx, ada.ID, sess.ID); err != nil || cs[0].Extracted.Title != "Claude Code's summary" {
			t.Errorf("corrections %+v, %v", cs, err)
		}
	})
}
