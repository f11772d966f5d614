package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

var grace = authtest.User{Subject: "grace-sub", Email: "grace@example.org", Name: "Grace Hopper", PreferredUsername: "grace"}

func TestSignInPageShowsProvidersNextToPassword(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		doc, _ := a.Anonymous().Get("/login")
		if doc.Find(".provider-btn").Length() != 0 {
			t.Fatal("provider buttons without providers")
		}
		a.WithOIDC()
		doc, _ = a.Anonymous().Get("/login?next=/teams")
		btn := doc.Find("a.provider-btn.provider-oidc")
		href, _ := btn.Attr("href")
		if !strings.Contains(btn.Text(), "Sign in with Test IdP") || href != "/auth/oidc?next=%2Fteams" {
			t.Fatalf("button = %q → %q", btn.Text(), href)
		}
		if doc.Find(`form input[name="password"]`).Length() != 1 {
			t.Fatal("the password form is gone")
		}
	})
}

func TestOIDCFirstSignInCreatesStewardThenSignsInAgain(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		idp, _ := a.WithOIDC()
		b := a.Anonymous()
		resp, _ := b.OIDCSignIn(grace, idp)
		if resp.Request.URL.Path != "/sessions" || resp.StatusCode != 200 {
			t.Fatalf("sign-in ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if who := b.SignedInAs(); who != "Grace Hopper" {
			t.Fatalf("signed in as %q", who)
		}
		st, err := a.St.StewardByIdentity(t.Context(), auth.ProviderOIDC, "grace-sub")
		if err != nil || st.Username != "grace" || st.Email != "grace@example.org" || st.PasswordHash != "" {
			t.Fatalf("steward = %+v, %v", st, err)
		}
		n, _ := a.St.CountStewards(t.Context())
		// Again, in another browser: the same steward, no new account.
		b2 := a.Anonymous()
		b2.OIDCSignIn(grace, idp)
		if who := b2.SignedInAs(); who != "Grace Hopper" {
			t.Fatalf("second sign-in as %q", who)
		}
		if m, _ := a.St.CountStewards(t.Context()); m != n {
			t.Fatalf("%d stewards after signing in again, was %d", m, n)
		}
		// A different person with a taken nickname gets a free username.
		b3 := a.Anonymous()
		b3.OIDCSignIn(authtest.User{Subject: "ada-2", Email: "ada2@example.org", PreferredUsername: "ada"}, idp)
		st3, err := a.St.StewardByIdentity(t.Context(), auth.ProviderOIDC, "ada-2")
		if err != nil || st3.Username != "ada-2" {
			t.Fatalf("username for a taken nickname = %+v, %v", st3, err)
		}
	})
}

func TestOIDCRefusesTamperedStateMissingFlowAndReplay(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		idp, _ := a.WithOIDC()
		b := a.Anonymous()
		back := b.CallbackURL("/auth/oidc", grace, idp)
		if back.Path != "/auth/oidc/callback" {
			t.Fatalf("provider sent the browser to %s", back)
		}
		// Tampered state: refused, nobody signed in, no account made.
		q := back.Query()
		good := q.Get("state")
		q.Set("state", good[:len(good)-2]+"xx")
		tampered := *back
		tampered.RawQuery = q.Encode()
		resp, body := b.Fetch(tampered.String())
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "did not start in this browser") {
			t.Fatalf("tampered state = %d", resp.StatusCode)
		}
		if _, err := a.St.StewardByIdentity(t.Context(), auth.ProviderOIDC, grace.Subject); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatal("a tampered callback created an account")
		}
		// The refused callback used up the attempt: the right state no longer works either.
		if resp, _ := b.Fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("callback after a refused one = %d", resp.StatusCode)
		}
		// A callback in a browser that did not start the attempt.
		back = b.CallbackURL("/auth/oidc", grace, idp)
		if resp, _ := a.Anonymous().Fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("callback in another browser = %d", resp.StatusCode)
		}
		// An expired attempt: the flow cookie signed 11 minutes ago.
		flow := b.Cookie(auth.FlowCookieName, "/auth/")
		b.SetCookie(auth.FlowCookieName, "/auth/", agedCookie(t, auth.FlowCookieName, flow, "baton oauth flow hash key", 11*time.Minute))
		if resp, _ := b.Fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("expired attempt = %d", resp.StatusCode)
		}
		// The same, a minute old (re-signed as the expired one was): signed
		// in; replaying the callback is refused.
		back = b.CallbackURL("/auth/oidc", grace, idp)
		flow = b.Cookie(auth.FlowCookieName, "/auth/")
		b.SetCookie(auth.FlowCookieName, "/auth/", agedCookie(t, auth.FlowCookieName, flow, "baton oauth flow hash key", time.Minute))
		if resp, _ := b.Fetch(back.String()); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("good callback ended at %s", resp.Request.URL)
		}
		if resp, _ := b.Fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("replayed callback = %d", resp.StatusCode)
		}
		// The provider saying no is a message, not an error page.
		b2 := a.Anonymous()
		back2 := b2.CallbackURL("/auth/oidc", grace, idp)
		q2 := back2.Query()
		q2.Del("code")
		q2.Set("error", "access_denied")
		back2.RawQuery = q2.Encode()
		resp, body = b2.Fetch(back2.String())
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "sign-in with Test IdP was cancelled") {
			t.Fatalf("denied = %d", resp.StatusCode)
		}
	})
}

func TestOIDCEmailOfAnotherAccountIsNeverMerged(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		idp, _ := a.WithOIDC()
		if _, err := a.St.DB().NewRaw("UPDATE stewards SET email = 'ada@example.org' WHERE id = ?", a.Ada.ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		b := a.Anonymous()
		resp, doc := b.OIDCSignIn(authtest.User{Subject: "intruder", Email: "ADA@example.org", PreferredUsername: "ada"}, idp)
		msg := doc.Find(".flash-error").Text()
		if resp.StatusCode != http.StatusConflict || !strings.Contains(msg, "already exists") || !strings.Contains(msg, "link Test IdP in Settings") {
			t.Fatalf("email conflict = %d %q", resp.StatusCode, msg)
		}
		if b.SignedInAs() != "" {
			t.Fatal("signed in through someone else's email")
		}
		if ids, _ := a.St.IdentitiesForSteward(t.Context(), a.Ada.ID); len(ids) != 0 {
			t.Fatal("the identity was merged into ada's account")
		}
		// Ada links it herself from settings; then it signs her in.
		ada := a.SignIn("ada")
		back := ada.CallbackURL("/settings/identities/oidc/link", authtest.User{Subject: "ada-at-idp", Email: "ada@example.org"}, idp)
		resp, body := ada.Fetch(back.String())
		if resp.Request.URL.Path != "/settings" || !strings.Contains(body, "Account linked") {
			t.Fatalf("link ended at %s", resp.Request.URL)
		}
		b = a.Anonymous()
		b.OIDCSignIn(authtest.User{Subject: "ada-at-idp", Email: "ada@example.org"}, idp)
		if who := b.SignedInAs(); who != "ada" {
			t.Fatalf("linked identity signs in as %q", who)
		}
	})
}

func TestLinkAndUnlinkNeverTheLastWayIn(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		idp, _ := a.WithOIDC()
		g := a.Anonymous()
		g.OIDCSignIn(grace, idp)
		doc, _ := g.Get("/settings")
		g.CSRF, _ = doc.Find(`meta[name="csrf-token"]`).Attr("content")
		if doc.Find("#linked-accounts .identity").Length() != 1 || doc.Find("#linked-accounts button").Length() != 0 {
			t.Fatal("the only way in offers Unlink")
		}
		st, _ := a.St.StewardByIdentity(t.Context(), auth.ProviderOIDC, grace.Subject)
		ids, _ := a.St.IdentitiesForSteward(t.Context(), st.ID)
		resp := g.Post("/settings/identities/"+itoa(ids[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusConflict {
			t.Fatalf("unlink the last way in = %d", resp.StatusCode)
		}
		// Linking an identity that already belongs to bob is refused.
		if err := a.St.LinkIdentity(t.Context(), a.Bob.ID, &baton.Identity{Provider: auth.ProviderOIDC, Subject: "bobs"}); err != nil {
			t.Fatal(err)
		}
		back := g.CallbackURL("/settings/identities/oidc/link", authtest.User{Subject: "bobs"}, idp)
		resp, body := g.Fetch(back.String())
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "another Baton account") {
			t.Fatalf("linking bob's identity = %d", resp.StatusCode)
		}
		// A second identity: now the first may go.
		back = g.CallbackURL("/settings/identities/oidc/link", authtest.User{Subject: "grace-work"}, idp)
		if resp, _ := g.Fetch(back.String()); resp.Request.URL.Path != "/settings" {
			t.Fatalf("second link ended at %s", resp.Request.URL)
		}
		resp = g.Post("/settings/identities/"+itoa(ids[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.Request.URL.Path != "/settings" {
			t.Fatalf("unlink one of two ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		left, _ := a.St.IdentitiesForSteward(t.Context(), st.ID)
		if len(left) != 1 || left[0].Subject != "grace-work" {
			t.Fatalf("left = %+v", left)
		}
		// Bob cannot unlink grace's identity: not found.
		bob := a.SignIn("bob")
		resp = bob.Post("/settings/identities/"+itoa(left[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("bob unlinks grace's identity = %d", resp.StatusCode)
		}
		// A link attempt started by one steward cannot finish in another's session.
		back = bob.CallbackURL("/settings/identities/oidc/link", authtest.User{Subject: "sneaky"}, idp)
		bob.Post("/logout", url.Values{}).Body.Close()
		ada := a.SignIn("ada")
		ada.SetCookie(auth.FlowCookieName, "/auth/", bob.Cookie(auth.FlowCookieName, "/auth/"))
		if resp, _ := ada.Fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("bob's link finished in ada's session = %d", resp.StatusCode)
		}
		if _, err := a.St.StewardByIdentity(t.Context(), auth.ProviderOIDC, "sneaky"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatal("the identity was linked to someone")
		}
	})
}

func TestCookiesTamperedExpiredOrSignedOutAreNotSignedIn(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		cookie := b.Cookie(auth.CookieName, "/")
		if cookie == "" || b.SignedInAs() != "ada" {
			t.Fatal("not signed in")
		}
		// Tampered: one character changed.
		c := a.Anonymous()
		flip := []byte(cookie)
		flip[len(flip)/2] ^= 1
		c.SetCookie(auth.CookieName, "/", string(flip))
		if c.SignedInAs() != "" {
			t.Fatal("a tampered cookie is signed in")
		}
		// Re-signed an hour back, well within its lifetime: still good, so
		// the refusal below is about age, not a broken signature.
		c = a.Anonymous()
		c.SetCookie(auth.CookieName, "/", agedCookie(t, auth.CookieName, cookie, "baton cookie hash key", time.Hour))
		if c.SignedInAs() != "ada" {
			t.Fatal("a re-signed cookie within its lifetime is not signed in")
		}
		// Authentic but older than the cookie's lifetime.
		c = a.Anonymous()
		c.SetCookie(auth.CookieName, "/", agedCookie(t, auth.CookieName, cookie, "baton cookie hash key", auth.SessionTTL+time.Hour))
		if c.SignedInAs() != "" {
			t.Fatal("an expired cookie is signed in")
		}
		// The login session expired on the server.
		a.St.SetClock(func() time.Time { return time.Now().Add(auth.SessionTTL + time.Minute) })
		if b.SignedInAs() != "" {
			t.Fatal("an expired login session is signed in")
		}
		a.St.SetClock(time.Now)
		// Signing out ends the session on the server: the old cookie, replayed, is not signed in.
		replay := a.Anonymous()
		replay.SetCookie(auth.CookieName, "/", cookie)
		if replay.SignedInAs() != "ada" {
			t.Fatal("the copied cookie is not signed in before sign-out")
		}
		b.Post("/logout", url.Values{}).Body.Close()
		replay = a.Anonymous()
		replay.SetCookie(auth.CookieName, "/", cookie)
		if replay.SignedInAs() != "" {
			t.Fatal("the old cookie is still signed in after sign-out")
		}
	})
}
