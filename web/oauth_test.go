package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/baton-dev/baton/internal/baton"
)

var grace = authtest.User{Subject: "grace-sub", Email: "grace@example.org", Name: "Grace Hopper", PreferredUsername: "grace"}

func TestSignInPageShowsProvidersNextToPassword(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		doc, _ := a.anonymous().get("/login")
		if doc.Find(".provider-btn").Length() != 0 {
			t.Fatal("provider buttons without providers")
		}
		a.withOIDC()
		doc, _ = a.anonymous().get("/login?next=/teams")
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
	eachApp(t, func(t *testing.T, a *app) {
		idp, _ := a.withOIDC()
		b := a.anonymous()
		resp, _ := b.oidcSignIn(grace, idp)
		if resp.Request.URL.Path != "/sessions" || resp.StatusCode != 200 {
			t.Fatalf("sign-in ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if who := b.signedInAs(); who != "Grace Hopper" {
			t.Fatalf("signed in as %q", who)
		}
		st, err := a.st.StewardByIdentity(t.Context(), auth.ProviderOIDC, "grace-sub")
		if err != nil || st.Username != "grace" || st.Email != "grace@example.org" || st.PasswordHash != "" {
			t.Fatalf("steward = %+v, %v", st, err)
		}
		n, _ := a.st.CountStewards(t.Context())
		// Again, in another browser: the same steward, no new account.
		b2 := a.anonymous()
		b2.oidcSignIn(grace, idp)
		if who := b2.signedInAs(); who != "Grace Hopper" {
			t.Fatalf("second sign-in as %q", who)
		}
		if m, _ := a.st.CountStewards(t.Context()); m != n {
			t.Fatalf("%d stewards after signing in again, was %d", m, n)
		}
		// A different person with a taken nickname gets a free username.
		b3 := a.anonymous()
		b3.oidcSignIn(authtest.User{Subject: "ada-2", Email: "ada2@example.org", PreferredUsername: "ada"}, idp)
		st3, err := a.st.StewardByIdentity(t.Context(), auth.ProviderOIDC, "ada-2")
		if err != nil || st3.Username != "ada-2" {
			t.Fatalf("username for a taken nickname = %+v, %v", st3, err)
		}
	})
}

func TestOIDCRefusesTamperedStateMissingFlowAndReplay(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		idp, _ := a.withOIDC()
		b := a.anonymous()
		back := b.callbackURL("/auth/oidc", grace, idp)
		if back.Path != "/auth/oidc/callback" {
			t.Fatalf("provider sent the browser to %s", back)
		}
		// Tampered state: refused, nobody signed in, no account made.
		q := back.Query()
		good := q.Get("state")
		q.Set("state", good[:len(good)-2]+"xx")
		tampered := *back
		tampered.RawQuery = q.Encode()
		resp, body := b.fetch(tampered.String())
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "did not start in this browser") {
			t.Fatalf("tampered state = %d", resp.StatusCode)
		}
		if _, err := a.st.StewardByIdentity(t.Context(), auth.ProviderOIDC, grace.Subject); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatal("a tampered callback created an account")
		}
		// The refused callback used up the attempt: the right state no longer works either.
		if resp, _ := b.fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("callback after a refused one = %d", resp.StatusCode)
		}
		// A callback in a browser that did not start the attempt.
		back = b.callbackURL("/auth/oidc", grace, idp)
		if resp, _ := a.anonymous().fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("callback in another browser = %d", resp.StatusCode)
		}
		// An expired attempt: the flow cookie signed 11 minutes ago.
		flow := b.cookie(auth.FlowCookieName, "/auth/")
		b.setCookie(auth.FlowCookieName, "/auth/", agedCookie(t, auth.FlowCookieName, flow, "baton oauth flow hash key", 11*time.Minute))
		if resp, _ := b.fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("expired attempt = %d", resp.StatusCode)
		}
		// The same, a minute old (re-signed as the expired one was): signed
		// in; replaying the callback is refused.
		back = b.callbackURL("/auth/oidc", grace, idp)
		flow = b.cookie(auth.FlowCookieName, "/auth/")
		b.setCookie(auth.FlowCookieName, "/auth/", agedCookie(t, auth.FlowCookieName, flow, "baton oauth flow hash key", time.Minute))
		if resp, _ := b.fetch(back.String()); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("good callback ended at %s", resp.Request.URL)
		}
		if resp, _ := b.fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("replayed callback = %d", resp.StatusCode)
		}
		// The provider saying no is a message, not an error page.
		b2 := a.anonymous()
		back2 := b2.callbackURL("/auth/oidc", grace, idp)
		q2 := back2.Query()
		q2.Del("code")
		q2.Set("error", "access_denied")
		back2.RawQuery = q2.Encode()
		resp, body = b2.fetch(back2.String())
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "sign-in with Test IdP was cancelled") {
			t.Fatalf("denied = %d", resp.StatusCode)
		}
	})
}

func TestOIDCEmailOfAnotherAccountIsNeverMerged(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		idp, _ := a.withOIDC()
		if _, err := a.st.DB().NewRaw("UPDATE stewards SET email = 'ada@example.org' WHERE id = ?", a.ada.ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		b := a.anonymous()
		resp, doc := b.oidcSignIn(authtest.User{Subject: "intruder", Email: "ADA@example.org", PreferredUsername: "ada"}, idp)
		msg := doc.Find(".flash-error").Text()
		if resp.StatusCode != http.StatusConflict || !strings.Contains(msg, "already exists") || !strings.Contains(msg, "link Test IdP in Settings") {
			t.Fatalf("email conflict = %d %q", resp.StatusCode, msg)
		}
		if b.signedInAs() != "" {
			t.Fatal("signed in through someone else's email")
		}
		if ids, _ := a.st.IdentitiesForSteward(t.Context(), a.ada.ID); len(ids) != 0 {
			t.Fatal("the identity was merged into ada's account")
		}
		// Ada links it herself from settings; then it signs her in.
		ada := a.signIn("ada")
		back := ada.callbackURL("/settings/identities/oidc/link", authtest.User{Subject: "ada-at-idp", Email: "ada@example.org"}, idp)
		resp, body := ada.fetch(back.String())
		if resp.Request.URL.Path != "/settings" || !strings.Contains(body, "Account linked") {
			t.Fatalf("link ended at %s", resp.Request.URL)
		}
		b = a.anonymous()
		b.oidcSignIn(authtest.User{Subject: "ada-at-idp", Email: "ada@example.org"}, idp)
		if who := b.signedInAs(); who != "ada" {
			t.Fatalf("linked identity signs in as %q", who)
		}
	})
}

func TestLinkAndUnlinkNeverTheLastWayIn(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		idp, _ := a.withOIDC()
		g := a.anonymous()
		g.oidcSignIn(grace, idp)
		doc, _ := g.get("/settings")
		g.csrf, _ = doc.Find(`meta[name="csrf-token"]`).Attr("content")
		if doc.Find("#linked-accounts .identity").Length() != 1 || doc.Find("#linked-accounts button").Length() != 0 {
			t.Fatal("the only way in offers Unlink")
		}
		st, _ := a.st.StewardByIdentity(t.Context(), auth.ProviderOIDC, grace.Subject)
		ids, _ := a.st.IdentitiesForSteward(t.Context(), st.ID)
		resp := g.post("/settings/identities/"+itoa(ids[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusConflict {
			t.Fatalf("unlink the last way in = %d", resp.StatusCode)
		}
		// Linking an identity that already belongs to bob is refused.
		if err := a.st.LinkIdentity(t.Context(), a.bob.ID, &baton.Identity{Provider: auth.ProviderOIDC, Subject: "bobs"}); err != nil {
			t.Fatal(err)
		}
		back := g.callbackURL("/settings/identities/oidc/link", authtest.User{Subject: "bobs"}, idp)
		resp, body := g.fetch(back.String())
		if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "another Baton account") {
			t.Fatalf("linking bob's identity = %d", resp.StatusCode)
		}
		// A second identity: now the first may go.
		back = g.callbackURL("/settings/identities/oidc/link", authtest.User{Subject: "grace-work"}, idp)
		if resp, _ := g.fetch(back.String()); resp.Request.URL.Path != "/settings" {
			t.Fatalf("second link ended at %s", resp.Request.URL)
		}
		resp = g.post("/settings/identities/"+itoa(ids[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.Request.URL.Path != "/settings" {
			t.Fatalf("unlink one of two ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		left, _ := a.st.IdentitiesForSteward(t.Context(), st.ID)
		if len(left) != 1 || left[0].Subject != "grace-work" {
			t.Fatalf("left = %+v", left)
		}
		// Bob cannot unlink grace's identity: not found.
		bob := a.signIn("bob")
		resp = bob.post("/settings/identities/"+itoa(left[0].ID)+"/unlink", url.Values{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("bob unlinks grace's identity = %d", resp.StatusCode)
		}
		// A link attempt started by one steward cannot finish in another's session.
		back = bob.callbackURL("/settings/identities/oidc/link", authtest.User{Subject: "sneaky"}, idp)
		bob.post("/logout", url.Values{}).Body.Close()
		ada := a.signIn("ada")
		ada.setCookie(auth.FlowCookieName, "/auth/", bob.cookie(auth.FlowCookieName, "/auth/"))
		if resp, _ := ada.fetch(back.String()); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("bob's link finished in ada's session = %d", resp.StatusCode)
		}
		if _, err := a.st.StewardByIdentity(t.Context(), auth.ProviderOIDC, "sneaky"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatal("the identity was linked to someone")
		}
	})
}

func TestCookiesTamperedExpiredOrSignedOutAreNotSignedIn(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		b := a.signIn("ada")
		cookie := b.cookie(auth.CookieName, "/")
		if cookie == "" || b.signedInAs() != "ada" {
			t.Fatal("not signed in")
		}
		// Tampered: one character changed.
		c := a.anonymous()
		flip := []byte(cookie)
		flip[len(flip)/2] ^= 1
		c.setCookie(auth.CookieName, "/", string(flip))
		if c.signedInAs() != "" {
			t.Fatal("a tampered cookie is signed in")
		}
		// Re-signed an hour back, well within its lifetime: still good, so
		// the refusal below is about age, not a broken signature.
		c = a.anonymous()
		c.setCookie(auth.CookieName, "/", agedCookie(t, auth.CookieName, cookie, "baton cookie hash key", time.Hour))
		if c.signedInAs() != "ada" {
			t.Fatal("a re-signed cookie within its lifetime is not signed in")
		}
		// Authentic but older than the cookie's lifetime.
		c = a.anonymous()
		c.setCookie(auth.CookieName, "/", agedCookie(t, auth.CookieName, cookie, "baton cookie hash key", auth.SessionTTL+time.Hour))
		if c.signedInAs() != "" {
			t.Fatal("an expired cookie is signed in")
		}
		// The login session expired on the server.
		a.st.SetClock(func() time.Time { return time.Now().Add(auth.SessionTTL + time.Minute) })
		if b.signedInAs() != "" {
			t.Fatal("an expired login session is signed in")
		}
		a.st.SetClock(time.Now)
		// Signing out ends the session on the server: the old cookie, replayed, is not signed in.
		replay := a.anonymous()
		replay.setCookie(auth.CookieName, "/", cookie)
		if replay.signedInAs() != "ada" {
			t.Fatal("the copied cookie is not signed in before sign-out")
		}
		b.post("/logout", url.Values{}).Body.Close()
		replay = a.anonymous()
		replay.setCookie(auth.CookieName, "/", cookie)
		if replay.signedInAs() != "" {
			t.Fatal("the old cookie is still signed in after sign-out")
		}
	})
}
