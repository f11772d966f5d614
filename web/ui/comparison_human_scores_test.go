package ui_test

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// The comparison's scores table shows, after the deterministic scorers,
// the mean of each annotation score dimension on each run's messages
// (after the fork point) and its session; none when there are none.
func TestComparisonHumanScores(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		fork, forkAnswer, _ := webtest.ForkAnswering(t, a, mainConv, ids[0], "Another answer entirely.")
		cmpID := webtest.Compare(t, a, mainConv, fork.ID)
		ada := a.SignIn("ada")
		humanRows := func() map[string][2]string {
			doc, _ := ada.Get("/comparisons/" + cmpID)
			out := map[string][2]string{}
			doc.Find(".scores-table tbody tr").Each(func(_ int, tr *goquery.Selection) {
				name := strings.TrimSpace(tr.Find("th").Text())
				if strings.HasPrefix(name, "human: ") {
					out[name] = [2]string{strings.TrimSpace(tr.Find("td").Eq(0).Text()), strings.TrimSpace(tr.Find("td").Eq(1).Text())}
				}
			})
			return out
		}
		if rows := humanRows(); len(rows) != 0 {
			t.Fatalf("human scores without annotations: %v", rows)
		}

		score := func(msg int64, dim string, v float64) {
			t.Helper()
			if err := a.St.AddAnnotations(context.Background(), a.Ada.ID, sessionID, msg, []*baton.Annotation{{Kind: baton.AnnotationScore, Dimension: dim, Value: &v}}); err != nil {
				t.Fatal(err)
			}
		}
		score(ids[1], "accuracy", 0.5)     // A, after the fork point
		score(ids[3], "accuracy", 1)       // A
		score(ids[0], "accuracy", 0)       // the shared prefix: neither run
		score(forkAnswer, "accuracy", 0.2) // B
		score(ids[3], "clarity", 0.9)      // A only
		score(0, "tone", 0.4)              // the session: both runs
		bobSession := a.SeedSession(a.Bob.ID, "bob's", 1)
		if err := a.St.AddAnnotations(context.Background(), a.Bob.ID, bobSession.ID, 0, []*baton.Annotation{{Kind: baton.AnnotationScore, Dimension: "accuracy", Value: scorePtr(0.0)}}); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]string{
			"human: accuracy": {"0.75", "0.20"},
			"human: clarity":  {"0.90", "—"},
			"human: tone":     {"0.40", "0.40"},
		}
		rows := humanRows()
		if len(rows) != len(want) {
			t.Fatalf("human rows %v, want %v", rows, want)
		}
		for k, v := range want {
			if rows[k] != v {
				t.Errorf("%s = %v, want %v", k, rows[k], v)
			}
		}
		var got struct {
			Scores struct {
				A []struct {
					Name  string   `json:"name"`
					Value *float64 `json:"value"`
				} `json:"a"`
			} `json:"scores"`
		}
		a.API(a.AdaToken, "GET", "/api/v1/comparisons/"+cmpID, nil, &got)
		if n := len(got.Scores.A); n != 7 || got.Scores.A[4].Name != "human: accuracy" || *got.Scores.A[4].Value != 0.75 {
			t.Errorf("API scores %+v", got.Scores.A)
		}
	})
}

func scorePtr(x float64) *float64 { return &x }
