package ui_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestSignInNeedsCSRFAndRightPassword(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.Anonymous()
		doc, resp := b.Get("/sessions")
		if resp.Request.URL.Path != "/login" || doc.Find(`form input[name="username"]`).Length() != 1 {
			t.Fatalf("signed-out /sessions ended at %s", resp.Request.URL)
		}
		// No CSRF token: refused before the password is even looked at.
		// 403, which the front end explains as an expired session.
		resp = b.Post("/login", url.Values{"username": {"ada"}, "password": {webtest.Password}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("sign-in without CSRF = %d", resp.StatusCode)
		}
		doc, _ = b.Get("/login")
		b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		resp = b.Post("/login", url.Values{"username": {"ada"}, "password": {"wrong password!"}})
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password = %d", resp.StatusCode)
		}
		signed := a.SignIn("ada")
		_, resp = signed.Get("/sessions")
		if resp.StatusCode != 200 {
			t.Fatalf("after sign-in /sessions = %d", resp.StatusCode)
		}
		signed.Post("/logout", url.Values{})
		if _, resp := signed.Get("/sessions"); resp.Request.URL.Path != "/login" {
			t.Fatalf("after sign-out /sessions = %s", resp.Request.URL)
		}
	})
}

func TestSessionListShowsOnlyOwnSessionsWithFilters(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.SeedSession(a.Ada.ID, "Ada tunes the indexer", 4)
		a.SeedSession(a.Bob.ID, "Bob's confidential roadmap", 4)
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions")
		rows := doc.Find("#results table tbody tr")
		if rows.Length() != 1 || !strings.Contains(rows.Text(), "Ada tunes the indexer") {
			t.Fatalf("rows = %d: %q", rows.Length(), rows.Text())
		}
		if strings.Contains(doc.Text(), "Bob's confidential roadmap") {
			t.Fatal("ada's list shows bob's session")
		}
		doc, resp := b.HTMX("/sessions?type=planning")
		if resp.StatusCode != 200 || doc.Find("html").Length() != 0 && doc.Find("header.app-header").Length() != 0 {
			t.Fatalf("htmx filter returned a whole page")
		}
		if doc.Find("table tbody tr").Length() != 0 {
			t.Fatal("planning filter kept a code session")
		}
		_, resp = b.Get("/sessions?from=yesterday")
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("bad date = %d", resp.StatusCode)
		}
	})
}

func TestSessionPageTranscriptLoadsInChunks(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Marathon", 150)
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions/" + sess.ID)
		msgs := doc.Find("#transcript li.msg")
		if msgs.Length() == 0 || msgs.Length() >= 150 {
			t.Fatalf("first page renders %d of 150 messages", msgs.Length())
		}
		if id, _ := msgs.First().Attr("id"); id != "m-1" {
			t.Fatalf("first message anchor = %q", id)
		}
		more, ok := doc.Find(`#transcript [hx-trigger="revealed"]`).Attr("hx-get")
		if !ok {
			t.Fatal("no infinite-scroll sentinel")
		}
		chunk, _ := b.HTMX(more)
		if first, _ := chunk.Find("li.msg").First().Attr("id"); first != fmt.Sprintf("m-%d", msgs.Length()+1) {
			t.Fatalf("next chunk starts at %q", first)
		}
		doc, _ = b.Get("/sessions/" + sess.ID + "?at=120")
		if first, _ := doc.Find("#transcript li.msg").First().Attr("id"); first != "m-120" {
			t.Fatalf("jump to 120 starts at %q", first)
		}
		if !strings.Contains(doc.Find("#m-120").Text(), "message number 120 of Marathon") {
			t.Fatal("message 120 content missing")
		}
	})
}

func TestAnotherStewardsSessionPagesAnswer404(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Ada's private session", 3)
		b := a.SignIn("bob")
		for _, path := range []string{"/sessions/" + sess.ID, "/sessions/" + sess.ID + "/messages?after=0"} {
			doc, resp := b.Get(path)
			if resp.StatusCode != 404 || strings.Contains(doc.Text(), "Ada's private session") || strings.Contains(doc.Text(), "message number") {
				t.Errorf("bob GET %s = %d", path, resp.StatusCode)
			}
		}
		resp := b.Post("/sessions/review", url.Values{"ids": {sess.ID}, "status": {"archived"}})
		resp.Body.Close()
		got, _ := a.St.Session(t.Context(), a.Ada.ID, sess.ID)
		if got.ReviewStatus != baton.ReviewPending {
			t.Fatal("bob archived ada's session")
		}
	})
}

func TestImportPageUploadShowsPerDocumentResults(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		good := `{"id":"design-review","conversation":{"source":"slack","people":["Ada","Ben","Cy"],"user":"Ada","conversation":[{"speaker":"Ada","content":"Shall we shard?","time":"2024-01-15T09:00:00Z"},{"speaker":"Cy","content":"Not yet.","time":"2024-01-15T09:02:00Z"}]}}`
		bad := `[{"id":"","conversation":{"source":"slack"}}]`
		doc := b.Upload("/import", map[string]string{"good.json": good, "bad.json": bad})
		text := doc.Find("#import-results").Text()
		if !strings.Contains(text, "document ID is required") || !strings.Contains(text, "design-review") {
			t.Fatalf("results = %q", text)
		}
		page, _ := a.St.ListSessions(t.Context(), a.Ada.ID, baton.SessionFilter{})
		if page.Total != 1 {
			t.Fatalf("%d sessions after import", page.Total)
		}
		sessDoc, _ := b.Get("/sessions/" + page.Sessions[0].ID)
		if !strings.Contains(sessDoc.Find("#transcript").Text(), "Cy") {
			t.Fatal("speaker name not shown in transcript")
		}
	})
}

func TestSettingsTokensShownOnceAndRevocable(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		// Redirect after the post: 303 to the settings page, which shows it once.
		stop := b.NoRedirects().Post("/settings/tokens", url.Values{"name": {"laptop agent"}})
		stop.Body.Close()
		if stop.StatusCode != http.StatusSeeOther || stop.Header.Get("Location") != "/settings#new-token" {
			t.Fatalf("token create = %d to %q, want 303 to the settings page", stop.StatusCode, stop.Header.Get("Location"))
		}
		created, resp := b.Get("/settings")
		if resp.Header.Get("Cache-Control") != "no-store" {
			t.Error("the page showing a new token may be cached")
		}
		shown := strings.TrimSpace(created.Find("#new-token").Text())
		if !strings.HasPrefix(shown, "bat_") {
			t.Fatalf("new token not shown: %q", shown)
		}
		if code := a.API(shown, "GET", "/api/v1/sessions", nil, nil); code != 200 {
			t.Fatalf("the shown token answers %d", code)
		}
		doc, _ := b.Get("/settings")
		if strings.Contains(doc.Text(), shown) {
			t.Fatal("the token is shown again on a later visit")
		}
		tokens, _ := a.St.TokensForSteward(t.Context(), a.Ada.ID)
		if len(tokens) != 2 || tokens[0].Name != "laptop agent" {
			t.Fatalf("tokens = %+v", tokens)
		}
		b.Post(fmt.Sprintf("/settings/tokens/%d/revoke", tokens[0].ID), url.Values{}).Body.Close()
		tokens, _ = a.St.TokensForSteward(t.Context(), a.Ada.ID)
		if tokens[0].RevokedAt == nil {
			t.Fatal("token not revoked")
		}
		bobs := a.SignIn("bob")
		bobs.Post(fmt.Sprintf("/settings/tokens/%d/revoke", tokens[1].ID), url.Values{}).Body.Close()
		tokens, _ = a.St.TokensForSteward(t.Context(), a.Ada.ID)
		if tokens[1].RevokedAt != nil {
			t.Fatal("bob revoked ada's token")
		}
	})
}
