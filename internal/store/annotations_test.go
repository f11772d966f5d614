package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

func val(v float64) *float64 { return &v }

func TestAnnotationsAreValidatedScopedAndFiltered(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		t0 := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "Indexer", StartedAt: t0})
		other := mustSession(t, s, ada.ID, &baton.Session{Title: "Other", StartedAt: t0.Add(time.Hour)})
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(4, "a", t0)); err != nil {
			t.Fatal(err)
		}
		transcript, _ := s.Transcript(ctx, ada.ID, sess.ID, "", 0, 10)
		m3 := transcript[2]

		for _, bad := range []struct {
			a     baton.Annotation
			field string
		}{
			{baton.Annotation{Kind: "score", Value: val(0.5)}, "dimension"},
			{baton.Annotation{Kind: "score", Dimension: "accuracy", Value: val(1.5)}, "value"},
			{baton.Annotation{Kind: "score", Dimension: "accuracy"}, "value"},
			{baton.Annotation{Kind: "label"}, "label"},
			{baton.Annotation{Kind: "comment", Note: "  "}, "note"},
			{baton.Annotation{Kind: "rating"}, "kind"},
		} {
			a := bad.a
			err := s.AddAnnotations(ctx, ada.ID, "", m3.ID, []*baton.Annotation{&a})
			if baton.ErrorCode(err) != baton.EINVALID || baton.ErrorField(err) != bad.field {
				t.Errorf("%+v: err = %v (field %q), want invalid %s", bad.a, err, baton.ErrorField(err), bad.field)
			}
		}
		// A batch with one bad annotation writes none of them.
		err := s.AddAnnotations(ctx, ada.ID, "", m3.ID, []*baton.Annotation{
			{Kind: "comment", Note: "fine"}, {Kind: "score", Dimension: "accuracy", Value: val(-0.1)},
		})
		if baton.ErrorField(err) != "annotations[1].value" {
			t.Fatalf("batch err = %v", err)
		}

		good := []*baton.Annotation{
			{Kind: "comment", Note: "This is where the lock contention shows."},
			{Kind: "label", Label: " Needs Follow Up "},
			{Kind: "score", Dimension: "Accuracy", Value: val(0.8), Note: "mostly right"},
		}
		if err := s.AddAnnotations(ctx, ada.ID, "", m3.ID, good); err != nil {
			t.Fatal(err)
		}
		if good[1].Label != "needs-follow-up" || good[2].Dimension != "accuracy" || good[0].SessionID != sess.ID {
			t.Fatalf("normalised = %+v %+v", good[1], good[2])
		}
		if err := s.AddAnnotations(ctx, ada.ID, other.ID, 0, []*baton.Annotation{{Kind: "label", Label: "insight"}}); err != nil {
			t.Fatal(err)
		}

		// Bob can neither annotate ada's message or session nor see or delete her annotations.
		if err := s.AddAnnotations(ctx, bob.ID, "", m3.ID, []*baton.Annotation{{Kind: "comment", Note: "mine now"}}); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("bob annotates ada's message: %v", err)
		}
		if err := s.AddAnnotations(ctx, bob.ID, sess.ID, 0, []*baton.Annotation{{Kind: "comment", Note: "mine now"}}); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("bob annotates ada's session: %v", err)
		}
		// A message named under the wrong session is not found either.
		if err := s.AddAnnotations(ctx, ada.ID, other.ID, m3.ID, []*baton.Annotation{{Kind: "comment", Note: "x"}}); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("message under another session: %v", err)
		}
		if list, _, _ := s.ListAnnotations(ctx, bob.ID, baton.AnnotationFilter{}); len(list) != 0 {
			t.Errorf("bob lists %d of ada's annotations", len(list))
		}
		if _, err := s.DeleteAnnotation(ctx, bob.ID, good[0].ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("bob deletes ada's annotation: %v", err)
		}

		byMsg, err := s.MessageAnnotations(ctx, ada.ID, []int64{m3.ID, transcript[0].ID})
		if err != nil || len(byMsg[m3.ID]) != 3 || len(byMsg[transcript[0].ID]) != 0 {
			t.Fatalf("by message = %v, %v", byMsg, err)
		}
		if got := byMsg[m3.ID][0]; got.MessageSeq == nil || *got.MessageSeq != 3 || got.SessionTitle != "Indexer" {
			t.Errorf("joined fields = %+v", got)
		}
		sessLevel, _ := s.SessionAnnotations(ctx, ada.ID, other.ID)
		if len(sessLevel) != 1 || sessLevel[0].MessageID != nil {
			t.Errorf("session annotations = %+v", sessLevel)
		}

		for _, c := range []struct {
			f    baton.AnnotationFilter
			want int
		}{
			{baton.AnnotationFilter{}, 4},
			{baton.AnnotationFilter{Kind: "label"}, 2},
			{baton.AnnotationFilter{Label: "Needs follow up"}, 1},
			{baton.AnnotationFilter{Dimension: "accuracy"}, 1},
			{baton.AnnotationFilter{SessionID: other.ID}, 1},
			{baton.AnnotationFilter{From: ptrTime(time.Now().Add(time.Hour))}, 0},
			{baton.AnnotationFilter{To: ptrTime(time.Now().Add(time.Hour))}, 4},
		} {
			list, _, err := s.ListAnnotations(ctx, ada.ID, c.f)
			if err != nil || len(list) != c.want {
				t.Errorf("filter %+v: %d annotations, want %d (%v)", c.f, len(list), c.want, err)
			}
		}
		page, more, _ := s.ListAnnotations(ctx, ada.ID, baton.AnnotationFilter{Limit: 3})
		rest, more2, _ := s.ListAnnotations(ctx, ada.ID, baton.AnnotationFilter{Limit: 3, Before: page[2].ID})
		if len(page) != 3 || !more || len(rest) != 1 || more2 || rest[0].ID >= page[2].ID {
			t.Errorf("pages: %d (more %v), then %d (more %v)", len(page), more, len(rest), more2)
		}
		labels, dims, annotated, err := s.AnnotationFacets(ctx, ada.ID)
		if err != nil || len(labels) != 2 || len(dims) != 1 || len(annotated) != 2 {
			t.Errorf("facets = %v %v %d, %v", labels, dims, len(annotated), err)
		}

		deleted, err := s.DeleteAnnotation(ctx, ada.ID, good[0].ID)
		if err != nil || deleted.MessageID == nil || *deleted.MessageID != m3.ID {
			t.Fatalf("delete = %+v, %v", deleted, err)
		}
		if _, err := s.Annotation(ctx, ada.ID, good[0].ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("deleted annotation still there: %v", err)
		}
	})
}

func ptrTime(t time.Time) *time.Time { return &t }

func TestMessageImpactIsScopedAndValidated(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "Impact"})
		s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(2, "i", time.Now()))
		ms, _ := s.Transcript(ctx, ada.ID, sess.ID, "", 0, 10)
		if _, err := s.SetMessageImpact(ctx, ada.ID, ms[1].ID, baton.Impact{Significance: 1.2}); baton.ErrorField(err) != "significance" {
			t.Errorf("significance 1.2: %v", err)
		}
		if _, err := s.SetMessageImpact(ctx, bob.ID, ms[1].ID, baton.Impact{LedToInsight: true}); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("bob sets ada's impact: %v", err)
		}
		m, err := s.SetMessageImpact(ctx, ada.ID, ms[1].ID, baton.Impact{LedToInsight: true, ChangedDirection: true, Significance: 0.75})
		if err != nil || !m.Impact.LedToInsight || !m.Impact.ChangedDirection || m.Impact.Significance != 0.75 {
			t.Fatalf("impact = %+v, %v", m.Impact, err)
		}
		// Only the impact changed.
		if m.Content != ms[1].Content || m.Seq != 2 {
			t.Errorf("message changed: %+v", m)
		}
	})
}

func TestTopicAndEmotionFiltersFollowTheAnalysis(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		a := mustSession(t, s, ada.ID, &baton.Session{Title: "A"})
		b := mustSession(t, s, ada.ID, &baton.Session{Title: "B"})
		mustSession(t, s, bob.ID, &baton.Session{Title: "Bob's", Summary: baton.Summary{KeyTopics: []string{"sqlite"}}})

		a.Summary.KeyTopics = []string{"SQLite", "indexing"}
		a.EmotionalArc = baton.EmotionalArc{StartingMood: []string{"frustration"}, EndingMood: []string{"relief"},
			PeakMoments: []baton.PeakMoment{{Emotion: "excitement", MessageSeq: 4}}}
		if err := s.UpdateSession(ctx, ada.ID, a); err != nil {
			t.Fatal(err)
		}
		b.Summary.KeyTopics = []string{"postgres"}
		b.EmotionalArc = baton.EmotionalArc{StartingMood: []string{"curiosity"}, EndingMood: []string{"relief"}}
		s.UpdateSession(ctx, ada.ID, b)

		count := func(f baton.SessionFilter) int {
			page, err := s.ListSessions(ctx, ada.ID, f)
			if err != nil {
				t.Fatal(err)
			}
			return page.Total
		}
		for _, c := range []struct {
			f    baton.SessionFilter
			want int
		}{
			{baton.SessionFilter{Topic: "sqlite"}, 1},
			{baton.SessionFilter{Topic: "Postgres"}, 1},
			{baton.SessionFilter{Emotion: "relief"}, 2},
			{baton.SessionFilter{Emotion: "excitement"}, 1},
			{baton.SessionFilter{Emotion: "relief", Topic: "postgres"}, 1},
			{baton.SessionFilter{HasBreakthroughs: true}, 1},
			{baton.SessionFilter{Emotion: "anger"}, 0},
		} {
			if got := count(c.f); got != c.want {
				t.Errorf("filter %+v: %d sessions, want %d", c.f, got, c.want)
			}
		}
		// A re-analysis replaces the rows: the old topic no longer matches.
		a.Summary.KeyTopics = []string{"ranking"}
		s.UpdateSession(ctx, ada.ID, a)
		if count(baton.SessionFilter{Topic: "sqlite"}) != 0 || count(baton.SessionFilter{Topic: "ranking"}) != 1 {
			t.Error("topics not rewritten on update")
		}
		topics, _ := s.Topics(ctx, ada.ID)
		emotions, _ := s.Emotions(ctx, ada.ID)
		if len(topics) != 2 || len(emotions) != 4 {
			t.Errorf("topics %v, emotions %v", topics, emotions)
		}
	})
}

func TestSentimentSeriesReadsOnlyProseMessagesInOrder(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "Arc"})
		t0 := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
		in := []*baton.Message{
			{SourceID: "1", Role: baton.RoleSteward, Content: "This is broken again", Timestamp: t0,
				Semantic: baton.Semantic{Sentiment: -0.6, Emotions: []string{"frustration"}}},
			{SourceID: "2", Role: baton.RoleToolCall, Content: "Bash", Timestamp: t0.Add(time.Second)},
			{SourceID: "3", Role: baton.RoleAssistant, Content: "", Timestamp: t0.Add(2 * time.Second)},
			{SourceID: "3b", Role: baton.RoleSteward, Content: "ok", Timestamp: t0.Add(2 * time.Second)},
			{SourceID: "4", Role: baton.RoleAssistant, Content: "Fixed it", Timestamp: t0.Add(3 * time.Second),
				Semantic: baton.Semantic{Sentiment: 0.5}},
		}
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", in); err != nil {
			t.Fatal(err)
		}
		pts, err := s.SentimentSeries(ctx, ada.ID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := []baton.SentimentPoint{
			{Seq: 1, Role: baton.RoleSteward, Timestamp: t0, Sentiment: -0.6, Emotion: "frustration"},
			{Seq: 4, Role: baton.RoleSteward, Timestamp: t0.Add(2 * time.Second), Sentiment: 0},
			{Seq: 5, Role: baton.RoleAssistant, Timestamp: t0.Add(3 * time.Second), Sentiment: 0.5},
		}
		if len(pts) != len(want) {
			t.Fatalf("points = %+v", pts)
		}
		for i := range want {
			if pts[i].Seq != want[i].Seq || pts[i].Role != want[i].Role || !pts[i].Timestamp.Equal(want[i].Timestamp) ||
				pts[i].Sentiment != want[i].Sentiment || pts[i].Emotion != want[i].Emotion {
				t.Errorf("point %d = %+v, want %+v", i, pts[i], want[i])
			}
		}
		if _, err := s.SentimentSeries(ctx, bob.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("bob reads ada's arc: %v", err)
		}
	})
}
