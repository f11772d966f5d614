package ui_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// The arc cache never shows a stale arc: new messages redraw it.
func TestArcRedrawsAfterNewMessages(t *testing.T) {
	a := webtest.New(t, "sqlite:"+t.TempDir()+"/b.db")
	sess := a.SeedSession(a.Ada.ID, "Arc", 6)
	b := a.SignIn("ada")
	count := func() int {
		doc, _ := b.Get("/sessions/" + sess.ID)
		return doc.Find("svg circle").Length()
	}
	before := count()
	if before == 0 || count() != before {
		t.Fatalf("arc has %d points", before)
	}
	var more []*baton.Message
	for i := 0; i < 4; i++ {
		more = append(more, &baton.Message{SourceID: fmt.Sprint("more", i), Role: baton.RoleSteward, Content: "Thanks, that works beautifully!"})
	}
	if _, err := a.St.AppendMessages(t.Context(), a.Ada.ID, sess.ID, "", more); err != nil {
		t.Fatal(err)
	}
	if after := count(); after <= before {
		t.Fatalf("arc points %d after adding messages, %d before", after, before)
	}
}

// The arc follows the analysis worker: messages stored before their
// analysis are drawn again with their sentiments once the worker reaches
// them, though the session's message count did not change.
func TestArcRedrawsAfterAnalysis(t *testing.T) {
	a := webtest.New(t, "sqlite:"+t.TempDir()+"/b.db")
	sess := &baton.Session{Title: "Arc after analysis"}
	if err := a.St.CreateSession(t.Context(), a.Ada.ID, sess); err != nil {
		t.Fatal(err)
	}
	var msgs []*baton.Message
	for i, text := range []string{"This is wonderful, thank you so much!", "I love how well this works.", "Terrible, it crashed again and I hate it.", "Awful. Everything is broken."} {
		msgs = append(msgs, &baton.Message{SourceID: fmt.Sprint("m", i), Role: baton.RoleSteward, Content: text})
	}
	if _, err := a.St.AppendMessages(t.Context(), a.Ada.ID, sess.ID, "", msgs); err != nil {
		t.Fatal(err)
	}
	b := a.SignIn("ada")
	heights := func() string {
		doc, _ := b.Get("/sessions/" + sess.ID)
		var ys []string
		doc.Find(".chart-svg-wide circle.chart-dot").Each(func(_ int, c *goquery.Selection) {
			ys = append(ys, c.AttrOr("cy", ""))
		})
		return strings.Join(ys, ",")
	}
	before := heights()
	if before == "" {
		t.Fatal("the arc has no points")
	}
	if _, err := analysis.NewService(a.St).AnalyzePending(t.Context()); err != nil {
		t.Fatal(err)
	}
	after := heights()
	if after == before {
		t.Fatalf("the arc did not change after the analysis: %s", after)
	}
	if again := heights(); again != after {
		t.Fatalf("the arc changed on a second view: %s then %s", after, again)
	}
}

// The chart is drawn once per version of the session, and its caption
// shows the session's stored emotional arc: a new arc (re-analysis, an
// edit) is drawn again even when the session's clock did not move.
func TestArcRedrawsAfterTheStoredArcChanges(t *testing.T) {
	a := webtest.New(t, "sqlite:"+t.TempDir()+"/b.db")
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	a.St.SetClock(func() time.Time { return at })
	sess := a.SeedSession(a.Ada.ID, "Arc moods", 6)
	b := a.SignIn("ada")
	moods := func() string {
		doc, _ := b.Get("/sessions/" + sess.ID)
		if doc.Find(".strip-arc svg.chart-svg-wide circle.chart-dot").Length() == 0 {
			t.Fatal("the strip has no arc chart")
		}
		return strings.TrimSpace(doc.Find(".strip-arc .chart-caption .chart-mood").First().Text())
	}
	first := moods()
	if strings.Contains(first, "elation") {
		t.Fatalf("caption %q before the change", first)
	}
	stored, err := a.St.Session(t.Context(), a.Ada.ID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	stored.EmotionalArc.StartingMood = []string{"elation"}
	if err := a.St.UpdateSession(t.Context(), a.Ada.ID, stored); err != nil {
		t.Fatal(err)
	}
	if got := moods(); !strings.Contains(got, "elation") {
		t.Fatalf("caption %q after the stored arc changed; want the new starting mood", got)
	}
}
