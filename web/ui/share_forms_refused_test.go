package ui_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// The sharing forms of a comparison and of a replay matrix, sent with a
// value the page never offered (a team that is not the steward's, a team
// id that is no number, an expiry that is no choice): each comes back as
// its page (400) with that form saying which field and why, showing what
// was sent chosen and the box as it was ticked; nothing is shared.
func TestRefusedShareFormsComeBackAsSent(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		var fork webtest.ConversationJSON
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/fork", map[string]any{"at_message_id": ids[0]}, &fork); code != 201 {
			t.Fatalf("fork = %d", code)
		}
		var cmp struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons", map[string]any{"a": mainConv, "b": fork.ID}, &cmp); code != 201 {
			t.Fatalf("comparison = %d", code)
		}
		var mx struct {
			Matrix struct{ ID string } `json:"matrix"`
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/matrices", map[string]any{"at_message_id": ids[0], "runs": []map[string]any{{}, {"temperature": 0.5}}}, &mx); code != 201 {
			t.Fatalf("matrix = %d", code)
		}
		team := webtest.SharingTeam(t, a)
		bobs, err := a.St.CreateTeam(context.Background(), a.Bob.ID, "bob's own")
		if err != nil {
			t.Fatal(err)
		}
		written := func() int {
			var n int
			if err := a.St.DB().NewRaw("SELECT (SELECT count(*) FROM team_shares) + (SELECT count(*) FROM share_links)").Scan(context.Background(), &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		ada := a.SignIn("ada")
		other := itoa(bobs.ID)
		for _, tc := range []struct {
			name, path, form, sel string
			sent                  url.Values
			field, want           string
		}{
			{"comparison, another's team", "/comparisons/" + cmp.ID + "/shares", "#comparison-share", "#share-team", url.Values{"team_id": {other}}, "team_id", other},
			{"comparison, no number", "/comparisons/" + cmp.ID + "/shares", "#comparison-share", "#share-team", url.Values{"team_id": {"reviewers"}}, "team_id", "reviewers"},
			{"comparison, none", "/comparisons/" + cmp.ID + "/shares", "#comparison-share", "#share-team", url.Values{}, "team_id", ""},
			{"comparison link preview", "/comparisons/" + cmp.ID + "/links/preview", "#comparison-link", "#link-expires", url.Values{"expires": {"3d"}}, "expires", "3d"},
			{"comparison link", "/comparisons/" + cmp.ID + "/links", "#comparison-link", "#link-expires", url.Values{"expires": {"forever"}, "redact": {"on"}}, "expires", "forever"},
			{"matrix, another's team", "/matrices/" + mx.Matrix.ID + "/shares", "#matrix-share", "#matrix-share-team", url.Values{"team_id": {other}}, "team_id", other},
			{"matrix, no number", "/matrices/" + mx.Matrix.ID + "/shares", "#matrix-share", "#matrix-share-team", url.Values{"team_id": {"-1"}}, "team_id", "-1"},
			{"matrix link", "/matrices/" + mx.Matrix.ID + "/links", "#matrix-link", "#matrix-link-expires", url.Values{"expires": {"1y"}}, "expires", "1y"},
			{"session, another's team", "/sessions/" + sessionID + "/teams", "#session-share-team-form", "#session-share-team", url.Values{"team_id": {other}}, "team_id", other},
			{"session, no number", "/sessions/" + sessionID + "/teams", "#session-share-team-form", "#session-share-team", url.Values{"team_id": {"all"}}, "team_id", "all"},
			{"session link", "/sessions/" + sessionID + "/share", "#session-share-link", "#share-expires", url.Values{"expires": {"2w"}}, "expires", "2w"},
		} {
			resp := ada.Post(tc.path, tc.sent)
			doc := pageOf(t, resp)
			form := doc.Find(tc.form)
			if resp.StatusCode != 400 || form.Length() != 1 {
				t.Errorf("%s = %d, form %s %d", tc.name, resp.StatusCode, tc.form, form.Length())
				continue
			}
			if msg := form.Find(".flash-error").Text(); !strings.Contains(msg, tc.field) {
				t.Errorf("%s: the form says %q, want %s named", tc.name, msg, tc.field)
			}
			sel := form.Find(tc.sel + `[aria-invalid="true"]`)
			if got := sel.Find("option[selected]").AttrOr("value", ""); sel.Length() != 1 || got != tc.want {
				t.Errorf("%s: %s marked %d, shows %q chosen, want %q", tc.name, tc.sel, sel.Length(), got, tc.want)
			}
			if side := doc.Find("#side-share"); side.Length() == 1 {
				if _, open := side.Attr("open"); !open {
					t.Errorf("%s: the session page's Share section is folded over the refused form", tc.name)
				}
			}
			if box := form.Find(`input[name="redact"]`); box.Length() == 1 {
				if _, ticked := box.Attr("checked"); ticked != (tc.sent.Get("redact") == "on") {
					t.Errorf("%s: the hide-secrets box ticked %v, sent %q", tc.name, ticked, tc.sent.Get("redact"))
				}
			}
		}
		if n := written(); n != 0 {
			t.Fatalf("refused share forms wrote %d shares or links", n)
		}
		// The forms as sent from the page still share.
		resp := ada.Post("/comparisons/"+cmp.ID+"/shares", url.Values{"team_id": {itoa(team.ID)}})
		resp.Body.Close()
		resp2 := ada.Post("/matrices/"+mx.Matrix.ID+"/links", url.Values{"expires": {"7d"}, "redact": {"on"}})
		doc := pageOf(t, resp2)
		if resp.StatusCode != 200 || resp2.StatusCode != 200 || doc.Find("#link-url").Length() != 1 || written() != 2 {
			t.Errorf("share = %d, link = %d (%d shown), %d written", resp.StatusCode, resp2.StatusCode, doc.Find("#link-url").Length(), written())
		}
	})
}
