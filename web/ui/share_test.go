package ui_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestShareLinkOpensOneSessionReadOnlyUntilRevoked(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Ada's shared marathon", 150)
		other := a.SeedSession(a.Ada.ID, "Ada's private notes", 2)
		ada := a.SignIn("ada")
		doc, _ := ada.Get("/sessions/" + sess.ID)
		if doc.Find(`#share-panel form[hx-post="/sessions/`+sess.ID+`/share"] select[name="expires"]`).Length() != 1 {
			t.Fatal("no share form on the session page")
		}
		path := ada.Share(sess.ID, "7d")
		token := strings.TrimPrefix(path, "/s/")
		if len(token) != 22 {
			t.Fatalf("token %q is not 128 bits in base64url", token)
		}
		var hashes []string
		_ = a.St.DB().NewRaw("SELECT token_hash FROM share_links").Scan(t.Context(), &hashes)
		if len(hashes) != 1 || strings.Contains(hashes[0], token) {
			t.Fatalf("stored %v for token %q", hashes, token)
		}

		anon := a.Anonymous()
		doc, resp := anon.Get(path)
		if resp.StatusCode != 200 || doc.Find("h1").Text() != "Ada's shared marathon" {
			t.Fatalf("shared page = %d %q", resp.StatusCode, doc.Find("h1").Text())
		}
		if resp.Header.Get("Referrer-Policy") != "no-referrer" || !strings.Contains(resp.Header.Get("Cache-Control"), "no-store") {
			t.Fatalf("headers = %v", resp.Header)
		}
		// Nothing that leads elsewhere: no nav, no /sessions links, no other ids, no forms.
		html, _ := doc.Html()
		for _, leak := range []string{"/sessions", "/messages/", "/annotations", "nnotat", "hx-post", other.ID, sess.ID,
			"Ada's private notes", "app-nav", "csrf", "Sign out"} {
			if strings.Contains(html, leak) {
				t.Errorf("shared page contains %q", leak)
			}
		}
		if doc.Find("form").Length() != 0 {
			t.Error("shared page has a form")
		}
		// Infinite scroll stays under /s/{token} and works signed out.
		more, _ := doc.Find(`#transcript [hx-trigger="revealed"]`).Attr("hx-get")
		if !strings.HasPrefix(more, path+"/messages?after=") {
			t.Fatalf("next chunk URL = %q", more)
		}
		chunk, resp := anon.HTMX(more)
		first, _ := chunk.Find("li.msg").First().Attr("id")
		if want := fmt.Sprintf("m-%d", doc.Find("#transcript li.msg").Length()+1); resp.StatusCode != 200 || first != want {
			t.Fatalf("next chunk = %d from %q", resp.StatusCode, first)
		}
		if href, _ := chunk.Find(".transcript-more a").Attr("href"); !strings.HasPrefix(href, path+"?at=") {
			t.Fatalf("no-JS link = %q", href)
		}
		doc, _ = anon.Get(path + "?at=140")
		if first, _ := doc.Find("#transcript li.msg").First().Attr("id"); first != "m-140" {
			t.Fatalf("?at=140 starts at %q", first)
		}

		// Listed in settings; bob cannot revoke it; ada can, and then it is gone.
		doc, _ = ada.Get("/settings")
		if !strings.Contains(doc.Find("#share-links").Text(), "Ada's shared marathon") || strings.Contains(doc.Text(), token) {
			t.Fatal("settings do not list the link, or show its token again")
		}
		links, _ := a.St.ShareLinksForSteward(t.Context(), a.Ada.ID)
		bob := a.SignIn("bob")
		if _, resp := bob.Form("/settings/share-links/"+itoa(links[0].ID)+"/revoke", url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("bob revokes ada's link: %d", resp.StatusCode)
		}
		if _, resp := anon.Get(path); resp.StatusCode != 200 {
			t.Fatal("bob's attempt revoked the link")
		}
		ada.Form("/settings/share-links/"+itoa(links[0].ID)+"/revoke", url.Values{})
		for _, p := range []string{path, path + "/messages?after=0"} {
			if doc, resp := anon.Get(p); resp.StatusCode != http.StatusNotFound || strings.Contains(doc.Text(), "marathon") {
				t.Errorf("revoked %s = %d", p, resp.StatusCode)
			}
		}
		// Bob cannot share ada's session.
		req := url.Values{"expires": {"never"}}
		if _, resp := bob.Form("/sessions/"+sess.ID+"/share", req); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("bob shares ada's session: %d", resp.StatusCode)
		}
	})
}

func TestShareLinkExpiresAndDiesWithItsSession(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Short-lived", 2)
		ada := a.SignIn("ada")
		path := ada.Share(sess.ID, "1d")
		forever := ada.Share(sess.ID, "never")
		anon := a.Anonymous()
		if _, resp := anon.Get(path); resp.StatusCode != 200 {
			t.Fatal("fresh link does not open")
		}
		a.St.SetClock(func() time.Time { return time.Now().Add(25 * time.Hour) })
		if _, resp := anon.Get(path); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("expired link = %d", resp.StatusCode)
		}
		if _, resp := anon.Get(forever); resp.StatusCode != 200 {
			t.Fatal("a link without expiry expired")
		}
		a.St.SetClock(time.Now)
		if err := a.St.DeleteSession(t.Context(), a.Ada.ID, sess.ID); err != nil {
			t.Fatal(err)
		}
		if _, resp := anon.Get(forever); resp.StatusCode != http.StatusNotFound {
			t.Fatal("a link to a deleted session opens")
		}
		for _, p := range []string{"/s/nope", "/s/" + strings.Repeat("A", 22), "/s/%00%ff"} {
			if _, resp := anon.Get(p); resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusBadRequest {
				t.Errorf("%s = %d", p, resp.StatusCode)
			}
		}
		if _, err := a.St.CreateShareLink(t.Context(), a.Ada.ID, "frames", "x", "h", nil); baton.ErrorCode(err) != baton.EINVALID {
			t.Fatalf("unknown kind: %v", err)
		}
	})
}
