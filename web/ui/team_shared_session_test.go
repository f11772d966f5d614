package ui_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// A session shared with a team: members read and comment, viewers read,
// non-members, removed members and everyone after a revoke get 404.
func TestSessionSharedWithTeam(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		team := webtest.SharingTeam(t, a)
		sess := a.SeedSession(a.Ada.ID, "ada shares this", 3)
		page := "/shared/sessions/" + sess.ID

		bob := a.SignIn("bob")
		if _, resp := bob.Get(page); resp.StatusCode != 404 {
			t.Fatalf("before sharing, bob reads = %d", resp.StatusCode)
		}
		// Bob cannot share ada's session; ada shares it from the session page form.
		if code := a.API(a.BobToken, "POST", "/api/v1/sessions/"+sess.ID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 404 {
			t.Errorf("bob shares ada's session = %d, want 404", code)
		}
		ada := a.SignIn("ada")
		doc, _ := ada.Get("/sessions/" + sess.ID)
		if doc.Find(`#side-share form[action="/sessions/`+sess.ID+`/teams"] select[name="team_id"] option`).Length() != 1 {
			t.Fatal("the session page has no team share form")
		}
		if resp := ada.Post("/sessions/"+sess.ID+"/teams", url.Values{"team_id": {itoa(team.ID)}}); resp.StatusCode != 200 {
			t.Fatalf("share form = %d", resp.StatusCode)
		}
		doc, _ = ada.Get("/sessions/" + sess.ID)
		if doc.Find(`#side-share a[href="/teams/`+itoa(team.ID)+`"]`).Length() != 1 {
			t.Error("the session page does not say it is shared with the team")
		}
		// The API shares too (again: nothing changes).
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 201 {
			t.Errorf("API share = %d", code)
		}
		var e webtest.APIError
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/shares", map[string]any{"team": team.ID}, &e); code != 400 {
			t.Errorf("unknown field = %d %+v", code, e)
		}

		// The team page links to it; bob reads it and comments.
		doc, _ = bob.Get("/teams/" + itoa(team.ID))
		if doc.Find(`a[href="`+page+`"]`).Length() != 1 {
			t.Error("the team page does not list the shared session")
		}
		doc, resp := bob.Get(page)
		if resp.StatusCode != 200 || strings.TrimSpace(doc.Find("#session-title").Text()) != "ada shares this" || doc.Find("#transcript > li").Length() != 3 {
			t.Fatalf("bob reads = %d, title %q, %d messages", resp.StatusCode, doc.Find("#session-title").Text(), doc.Find("#transcript > li").Length())
		}
		if resp := bob.Post(page+"/comments", url.Values{"note": {"bob was here"}}); resp.StatusCode != 200 {
			t.Fatalf("bob comments = %d", resp.StatusCode)
		}
		if resp := bob.Post(page+"/comments", url.Values{"note": {"  "}}); resp.StatusCode != 400 {
			t.Errorf("empty comment = %d", resp.StatusCode)
		}
		doc, _ = ada.Get(page)
		if c := doc.Find(".team-session-comment"); c.Length() != 1 || c.Find(".comment-author").Text() != "bob" || c.Find(".comment-body").Text() != "bob was here" {
			t.Errorf("comments = %d %q %q", c.Length(), c.Find(".comment-author").Text(), c.Find(".comment-body").Text())
		}

		// A viewer reads but cannot comment; a stranger gets 404.
		viewer, _ := a.Steward("vera")
		a.Steward("sam")
		webtest.JoinTeam(t, a, team.ID, viewer, baton.RoleViewer)
		vera := a.SignIn("vera")
		doc, resp = vera.Get(page)
		if resp.StatusCode != 200 || doc.Find(".team-session-comment").Length() != 1 || doc.Find(`textarea[name="note"]`).Length() != 0 {
			t.Errorf("viewer reads = %d", resp.StatusCode)
		}
		if resp := vera.Post(page+"/comments", url.Values{"note": {"hm"}}); resp.StatusCode != 403 {
			t.Errorf("viewer comments = %d, want 403", resp.StatusCode)
		}
		sam := a.SignIn("sam")
		if _, resp := sam.Get(page); resp.StatusCode != 404 {
			t.Errorf("non-member reads = %d", resp.StatusCode)
		}
		if resp := sam.Post(page+"/comments", url.Values{"note": {"hi"}}); resp.StatusCode != 404 {
			t.Errorf("non-member comments = %d", resp.StatusCode)
		}

		// Removed, bob reads nothing; revoked, vera reads nothing.
		if err := a.St.RemoveMember(context.Background(), a.Ada.ID, team.ID, a.Bob.ID); err != nil {
			t.Fatal(err)
		}
		if _, resp := bob.Get(page); resp.StatusCode != 404 {
			t.Errorf("removed member reads = %d", resp.StatusCode)
		}
		if resp := bob.Post(page+"/comments", url.Values{"note": {"still here?"}}); resp.StatusCode != 404 {
			t.Errorf("removed member comments = %d", resp.StatusCode)
		}
		if resp := ada.Post("/sessions/"+sess.ID+"/teams/"+itoa(team.ID)+"/revoke", url.Values{}); resp.StatusCode != 200 {
			t.Fatalf("revoke = %d", resp.StatusCode)
		}
		if _, resp := vera.Get(page); resp.StatusCode != 404 {
			t.Errorf("after revoke, viewer reads = %d", resp.StatusCode)
		}
	})
}
