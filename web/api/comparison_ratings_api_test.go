package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

type ratingsJSON struct {
	ComparisonID string `json:"comparison_id"`
	Ratings      []struct {
		StewardID int64    `json:"steward_id"`
		Steward   string   `json:"steward"`
		ScoreA    *float64 `json:"score_a"`
		ScoreB    *float64 `json:"score_b"`
		Better    string   `json:"better"`
		Note      string   `json:"note"`
	} `json:"ratings"`
	MeanA  *float64 `json:"mean_a"`
	MeanB  *float64 `json:"mean_b"`
	CountA int      `json:"count_a"`
	CountB int      `json:"count_b"`
}

// The human scores of a comparison through the API: a refused body is a
// 400 naming the field with nothing saved; a save replaces the caller's
// earlier one; the owner and a member score, a viewer reads but is refused
// (403), and a steward it is not shared with gets 404 for both.
func TestComparisonRatingsAPI(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "A shorter answer.")
		cmpID := webtest.Compare(t, a, mainConv, rp.ConversationID)
		path := "/api/v1/comparisons/" + cmpID + "/ratings"
		stored := func() int {
			var n int
			if err := a.St.DB().NewRaw("SELECT count(*) FROM comparison_ratings").Scan(context.Background(), &n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		for _, tc := range []struct {
			body  string
			field string
		}{
			{`{"score_a":1.5,"score_b":0.4}`, "score_a"},
			{`{"score_a":0.8,"score_b":"good"}`, "score_b"},
			{`{"score_a":-0.1}`, "score_a"},
			{`{"score_a":0.8,"better":"both"}`, "better"},
			{`{"note":"nothing scored"}`, "better"},
			{`{"score_a":0.8,"note":"` + strings.Repeat("n", 2001) + `"}`, "note"},
			{`{"score_a":0.8,"stars":5}`, "stars"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "POST", path, tc.body, &e); code != 400 || e.Error.Field != tc.field {
				t.Errorf("%.60s = %d %+v, want 400 naming %s", tc.body, code, e, tc.field)
			}
		}
		if n := stored(); n != 0 {
			t.Fatalf("refused ratings wrote %d rows", n)
		}

		var saved struct {
			ScoreA *float64 `json:"score_a"`
			ScoreB *float64 `json:"score_b"`
			Better string   `json:"better"`
		}
		if code := a.API(a.AdaToken, "POST", path, map[string]any{"score_a": 0.8, "score_b": 0.4, "better": "a", "note": "A runs the tests"}, &saved); code != 200 ||
			saved.ScoreA == nil || *saved.ScoreA != 0.8 || saved.Better != "a" {
			t.Fatalf("save = %d %+v", code, saved)
		}
		if code := a.API(a.AdaToken, "POST", path, map[string]any{"score_a": 0.6, "better": "a"}, nil); code != 200 || stored() != 1 {
			t.Fatalf("saved again = %d, %d rows (want the one, replaced)", code, stored())
		}

		team := webtest.SharingTeam(t, a) // bob is a member
		vera, veraToken := a.Steward("vera")
		webtest.JoinTeam(t, a, team.ID, vera, baton.RoleViewer)
		_, samToken := a.Steward("sam")
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons/"+cmpID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 201 {
			t.Fatalf("share = %d", code)
		}
		if code := a.API(a.BobToken, "POST", path, map[string]any{"score_a": 0.4, "score_b": 0.9, "better": "b"}, nil); code != 200 {
			t.Fatalf("member scores = %d", code)
		}
		var got ratingsJSON
		if code := a.API(veraToken, "GET", path, nil, &got); code != 200 || len(got.Ratings) != 2 || got.ComparisonID != cmpID {
			t.Fatalf("viewer reads = %d %+v", code, got)
		}
		if got.Ratings[0].Steward != "ada" || *got.Ratings[0].ScoreA != 0.6 || got.Ratings[0].ScoreB != nil || got.Ratings[1].Better != "b" {
			t.Errorf("ratings %+v", got.Ratings)
		}
		if got.CountA != 2 || got.MeanA == nil || *got.MeanA != 0.5 || got.CountB != 1 || *got.MeanB != 0.9 {
			t.Errorf("means: A %v (%d), B %v (%d)", got.MeanA, got.CountA, got.MeanB, got.CountB)
		}
		var e webtest.APIError
		if code := a.API(veraToken, "POST", path, map[string]any{"score_a": 0.1}, &e); code != http.StatusForbidden {
			t.Errorf("viewer scores = %d %+v, want 403", code, e)
		}
		if code := a.API(samToken, "GET", path, nil, &e); code != http.StatusNotFound {
			t.Errorf("stranger reads = %d, want 404", code)
		}
		if code := a.API(samToken, "POST", path, map[string]any{"score_a": 0.1}, &e); code != http.StatusNotFound {
			t.Errorf("stranger scores = %d, want 404", code)
		}
		if n := stored(); n != 2 {
			t.Errorf("%d ratings stored, want ada's and bob's", n)
		}
	})
}
