package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

func TestSecurityHeadersOnEveryKindOfAnswer(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Headers", 1)
		ada := a.SignIn("ada")
		share := ada.Share(sess.ID, "never")
		get := func(path, token string) *http.Response {
			req, _ := http.NewRequest("GET", a.Srv.URL+path, nil)
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp
		}
		for _, c := range []struct{ path, token string }{
			{"/login", ""}, {"/sessions", ""}, {"/no-such-page", ""}, {share, ""}, {"/s/unknown-token-123456", ""},
			{"/static/css/baton.css", ""}, {"/api/v1/sessions", a.AdaToken}, {"/api/v1/sessions", ""},
		} {
			resp := get(c.path, c.token)
			h := resp.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP %q lacks %q", c.path, csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("%s: CSP allows inline or eval: %q", c.path, csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") == "" {
				t.Errorf("%s (%d): headers %v", c.path, resp.StatusCode, h)
			}
		}
		// No page carries an inline script or style the CSP would refuse.
		for _, p := range []string{"/sessions", "/sessions/" + sess.ID, "/settings", "/teams", share} {
			d, _ := ada.Get(p)
			d.Find("script").Each(func(_ int, s *goquery.Selection) {
				if s.AttrOr("src", "") == "" && strings.TrimSpace(s.Text()) != "" {
					t.Errorf("%s has an inline script", p)
				}
			})
			if d.Find("[style], [onclick], [onload], [onsubmit]").Length() > 0 {
				t.Errorf("%s has inline style or handlers", p)
			}
		}
	})
}

func TestSignInRateLimitAnswers429WithRetryAfter(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{SignIn: web.Rate{PerSecond: 0.01, Burst: 3}}}, nil)
		b := a.Anonymous()
		doc, _ := b.Get("/login")
		b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		for i := 0; i < 3; i++ {
			resp := b.Post("/login", url.Values{"username": {"ada"}, "password": {"wrong password " + strconv.Itoa(i)}})
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("attempt %d = %d", i, resp.StatusCode)
			}
		}
		doc, resp := b.Form("/login", url.Values{"username": {"ada"}, "password": {webtest.Password}})
		if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(doc.Text(), "Too many sign-in attempts") {
			t.Fatalf("fourth attempt = %d", resp.StatusCode)
		}
		if s, _ := strconv.Atoi(resp.Header.Get("Retry-After")); s < 1 || s > 100 {
			t.Fatalf("Retry-After = %q", resp.Header.Get("Retry-After"))
		}
		// Another username from the same address has its own bucket.
		if resp := b.Post("/login", url.Values{"username": {"bob"}, "password": {webtest.Password}}); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("bob's sign-in ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
	})
}

func TestAPIRateLimitPerTokenIsJSON429(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{API: web.Rate{PerSecond: 0.01, Burst: 5}, BadToken: web.Rate{PerSecond: 0.01, Burst: 3}}}, nil)
		for i := 0; i < 5; i++ {
			if code := a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, nil); code != 200 {
				t.Fatalf("request %d = %d", i, code)
			}
		}
		req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/sessions", nil)
		req.Header.Set("Authorization", "Bearer "+a.AdaToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e webtest.APIError
		_ = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || e.Error.Code != baton.ERATELIMIT || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("sixth = %d %+v Retry-After %q", resp.StatusCode, e, resp.Header.Get("Retry-After"))
		}
		// Bob's token is not held back by ada's.
		if code := a.API(a.BobToken, "GET", "/api/v1/sessions", nil, nil); code != 200 {
			t.Fatalf("bob = %d", code)
		}
		// Guessing tokens: after 3 failures from this address, the next guess
		// waits; a good token from it does not.
		for i := 0; i < 3; i++ {
			if code := a.API("bat_"+strings.Repeat("x", 40), "GET", "/api/v1/sessions", nil, nil); code != http.StatusUnauthorized {
				t.Fatalf("bad token %d = %d", i, code)
			}
		}
		if code := a.API("bat_"+strings.Repeat("y", 40), "GET", "/api/v1/sessions", nil, &e); code != http.StatusTooManyRequests || e.Error.Code != baton.ERATELIMIT {
			t.Fatalf("guess after guessing = %d %+v", code, e)
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/sessions", nil, nil); code != http.StatusOK {
			t.Fatalf("good token after guessing = %d", code)
		}
	})
}

func TestShareAndInvitationLinksAreRateLimited(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{Links: web.Rate{PerSecond: 0.01, Burst: 4}}}, nil)
		b := a.Anonymous()
		for i := 0; i < 4; i++ {
			if _, resp := b.Get("/s/guess-" + strconv.Itoa(i) + "-aaaaaaaaaaaaaa"); resp.StatusCode != http.StatusNotFound {
				t.Fatalf("guess %d = %d", i, resp.StatusCode)
			}
		}
		doc, resp := b.Get("/s/guess-5-aaaaaaaaaaaaaa")
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(doc.Text(), "Too many") {
			t.Fatalf("fifth guess = %d", resp.StatusCode)
		}
	})
}

func TestAccountLocksAfterTenFailedSignIns(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{SignIn: web.Rate{PerSecond: 1000, Burst: 1000}}}, nil)
		b := a.Anonymous()
		doc, _ := b.Get("/login")
		b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		for i := 1; i <= 9; i++ {
			resp := b.Post("/login", url.Values{"username": {"ada"}, "password": {"guess number " + strconv.Itoa(i)}})
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("failure %d = %d", i, resp.StatusCode)
			}
		}
		doc, resp := b.Form("/login", url.Values{"username": {"ada"}, "password": {"guess number 10"}})
		if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(doc.Find(".flash-error").Text(), "locked until") {
			t.Fatalf("tenth failure = %d %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		// Locked: the right password is refused too, on any instance (the count is in the database).
		other := a.Anonymous()
		doc, _ = other.Get("/login")
		other.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		_, resp = other.Form("/login", url.Values{"username": {"ada"}, "password": {webtest.Password}})
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("right password while locked = %d", resp.StatusCode)
		}
		// Bob is not locked.
		if resp := other.Post("/login", url.Values{"username": {"bob"}, "password": {webtest.Password}}); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("bob = %d", resp.StatusCode)
		}
		// Fifteen minutes later ada signs in, and her count starts again.
		a.St.SetClock(func() time.Time { return time.Now().Add(16 * time.Minute) })
		b2 := a.Anonymous()
		doc, _ = b2.Get("/login")
		b2.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		if resp := b2.Post("/login", url.Values{"username": {"ada"}, "password": {webtest.Password}}); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("after the lockout = %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		var n []int
		_ = a.St.DB().NewRaw("SELECT count(*) FROM sign_in_failures WHERE steward_id = ?", a.Ada.ID).Scan(t.Context(), &n)
		if len(n) != 1 || n[0] != 0 {
			t.Fatalf("failures kept after a good sign-in: %v", n)
		}
	})
}

func TestRequestLogNeverHoldsSecretsQueriesOrContent(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		logs := a.Restart(web.Config{}, nil)
		secrets := []string{a.AdaToken, webtest.Password, "needle-in-query-7731", "message-body-secret-4410", "tampered-share-token-xyz1"}
		sess := a.SeedSession(a.Ada.ID, "Logged", 1)
		a.API(a.AdaToken, "GET", "/api/v1/search?q=needle-in-query-7731", nil, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages",
			`{"messages":[{"source_id":"z","role":"steward","content":"message-body-secret-4410"}]}`, nil)
		a.API("bat_"+strings.Repeat("q", 40), "GET", "/api/v1/sessions", nil, nil)
		ada := a.SignIn("ada")
		share := ada.Share(sess.ID, "never")
		secrets = append(secrets, strings.TrimPrefix(share, "/s/"), ada.Cookie("baton_session", "/"), ada.CSRF)
		a.Anonymous().Get(share)
		a.Anonymous().Get("/s/tampered-share-token-xyz1")
		a.Anonymous().Get("/tampered-share-token-xyz1?needle-in-query-7731=1")
		ada.Get("/sessions?q=needle-in-query-7731")
		_, resp := ada.Form("/teams", url.Values{"name": {"T"}})
		inv, _ := ada.Form(resp.Request.URL.Path+"/invitations", url.Values{"who": {"bob"}})
		if u := strings.TrimSpace(inv.Find("#invite-url").Text()); u != "" {
			secrets = append(secrets, u[strings.LastIndex(u, "/")+1:])
		}
		out := logs.String()
		if !strings.Contains(out, `route=/s/:token`) || !strings.Contains(out, "route=/api/v1/search") {
			t.Fatalf("the log does not show routes:\n%s", out)
		}
		for _, s := range secrets {
			if s != "" && strings.Contains(out, s) {
				t.Errorf("the log holds %q", s)
			}
		}
		if strings.Contains(out, "?") {
			t.Errorf("the log holds a query string:\n%s", out)
		}
	})
}

func TestBadTextInAddressesIsRefusedNotAServerError(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		for _, p := range []string{"/api/v1/search?q=%00", "/api/v1/sessions?q=%c3%28", "/api/v1/sessions?source=a%00b", "/api/v1/sessions/x/messages?conversation_id=%ff"} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "GET", p, nil, &e); code != http.StatusBadRequest || e.Error.Code != baton.EINVALID {
				t.Errorf("API %s = %d %+v", p, code, e)
			}
		}
		// Route parameters reach handlers still escaped, or are refused: never a failed query.
		for _, p := range []string{"/api/v1/sessions/%00", "/api/v1/sessions/%ff%fe"} {
			if code := a.API(a.AdaToken, "GET", p, nil, nil); code != http.StatusBadRequest && code != http.StatusNotFound {
				t.Errorf("API %s = %d", p, code)
			}
		}
		for _, p := range []string{"/sessions/%ff", "/teams/%00", "/s/%00%ff"} {
			if _, resp := ada.Get(p); resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusNotFound {
				t.Errorf("page %s = %d", p, resp.StatusCode)
			}
		}
		if _, resp := ada.Get("/sessions?q=%00"); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("page query with NUL = %d", resp.StatusCode)
		}
		if _, resp := ada.Form("/teams", url.Values{"name": {"bad\xffname"}}); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("form with bad UTF-8 = %d", resp.StatusCode)
		}
	})
}
