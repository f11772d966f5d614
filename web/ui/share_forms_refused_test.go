package ui_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
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

// "Compare" on the session page's conversation graph and "Compare with
// the original" on a replay's page, sent with hidden ids the page never
// offered: an id that is no conversation id (malformed, a number, none)
// brings back the page the form came from (400) naming the field; a
// well-formed id of another steward's conversation, or a page of another
// steward's, answers not found. Nothing is created; the forms as sent
// still compare.
func TestRefusedCompareFormsComeBackToTheirPage(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		var fork webtest.ConversationJSON
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/fork", map[string]any{"at_message_id": ids[1]}, &fork); code != 201 {
			t.Fatalf("fork = %d", code)
		}
		var mx struct {
			Runs []struct {
				ConversationID string `json:"conversation_id"`
			} `json:"runs"`
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/matrices", map[string]any{"at_message_id": ids[0], "runs": []map[string]any{{}}}, &mx); code != 201 || len(mx.Runs) != 1 {
			t.Fatalf("matrix = %d", code)
		}
		var bobs struct{ ID string }
		if code := a.API(a.BobToken, "POST", "/api/v1/sessions", map[string]any{"title": "bob's"}, &bobs); code != 201 {
			t.Fatalf("bob's session = %d", code)
		}
		var bobTree struct {
			Conversations []webtest.ConversationJSON `json:"conversations"`
		}
		a.API(a.BobToken, "GET", "/api/v1/sessions/"+bobs.ID+"/conversations", nil, &bobTree)
		if len(bobTree.Conversations) != 1 {
			t.Fatalf("bob's tree %+v", bobTree)
		}
		bobConv := bobTree.Conversations[0].ID
		comparisons := func() int {
			var n int
			err := a.St.DB().NewRaw("SELECT count(*) FROM comparisons").Scan(context.Background(), &n)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		ada := a.SignIn("ada")
		// The forms as the two pages send them.
		sent := func(path, sel string) url.Values {
			doc, resp := ada.Get(path)
			form := doc.Find(sel)
			if resp.StatusCode != 200 || form.Length() == 0 {
				t.Fatalf("%s = %d, %d forms %s", path, resp.StatusCode, form.Length(), sel)
			}
			v := url.Values{}
			form.First().Find("input[type=hidden]").Each(func(_ int, in *goquery.Selection) {
				if name := in.AttrOr("name", ""); name != "_csrf" {
					v.Set(name, in.AttrOr("value", ""))
				}
			})
			return v
		}
		sessionPage := "/sessions/" + sessionID + "?c=" + fork.ID
		fromSession := sent(sessionPage, `.conv-compare form[action="/comparisons"]`)
		replayPage := "/conversations/" + mx.Runs[0].ConversationID + "/replay"
		fromReplay := sent(replayPage, `form[action="/comparisons"]`)
		if fromSession.Get("from") != sessionPage || fromSession.Get("b") != fork.ID || fromReplay.Get("from") != replayPage || fromReplay.Get("a") != mainConv {
			t.Fatalf("the pages send %v and %v", fromSession, fromReplay)
		}
		with := func(form url.Values, field, value string) url.Values {
			v := url.Values{}
			for k := range form {
				v.Set(k, form.Get(k))
			}
			v.Set(field, value)
			return v
		}
		for _, tc := range []struct {
			name  string
			form  url.Values
			code  int
			page  string // a selector only the page sent from has
			field string
		}{
			{"session page, a malformed", with(fromSession, "a", "not-an-id"), 400, ".conv-compare", "a"},
			{"session page, b a number", with(fromSession, "b", "12345"), 400, ".conv-compare", "b"},
			{"session page, no a", with(fromSession, "a", ""), 400, ".conv-compare", "a"},
			{"replay page, b malformed", with(fromReplay, "b", mainConv+"x"), 400, "#replay-progress", "b"},
			{"session page, another's conversation", with(fromSession, "a", bobConv), 404, "", ""},
			{"replay page, another's conversation", with(fromReplay, "b", bobConv), 404, "", ""},
			{"another's session page", with(with(fromSession, "a", "1"), "from", "/sessions/"+bobs.ID), 404, "", ""},
			{"no page to come back to", with(with(fromSession, "a", "1"), "from", "https://example.com/sessions/"+sessionID), 400, "", "from"},
		} {
			resp := ada.Post("/comparisons", tc.form)
			doc := pageOf(t, resp)
			if resp.StatusCode != tc.code {
				t.Errorf("%s = %d, want %d", tc.name, resp.StatusCode, tc.code)
				continue
			}
			if tc.page != "" && doc.Find(tc.page).Length() == 0 {
				t.Errorf("%s: not the page it was sent from (no %s)", tc.name, tc.page)
			}
			msg := doc.Find(".flash-error").Text()
			if tc.page == "" {
				msg = doc.Find(".error-page").Text() // the error page: no page to come back to
			}
			if tc.field != "" && !strings.Contains(msg, tc.field+" must be") {
				t.Errorf("%s: the page says %q, want %s named", tc.name, msg, tc.field)
			}
		}
		if n := comparisons(); n != 0 {
			t.Fatalf("refused compare forms created %d comparisons", n)
		}
		for _, form := range []url.Values{fromSession, fromReplay} {
			resp := ada.NoRedirects().Post("/comparisons", form)
			resp.Body.Close()
			if resp.StatusCode != 303 || !strings.HasPrefix(resp.Header.Get("Location"), "/comparisons/") {
				t.Errorf("compare as sent = %d to %q", resp.StatusCode, resp.Header.Get("Location"))
			}
		}
		if n := comparisons(); n != 2 {
			t.Errorf("%d comparisons after the two forms as sent", n)
		}
	})
}
