package web_test

// Regression tests for the defects an adversarial review found, one test
// per defect, each written to fail before its fix.

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// Defect: a time whose UTC year is outside 1–9999 was stored and then
// failed every read of the steward's data.
func TestOutOfRangeTimesAreRefusedNamingTheField(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"fine"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		late, early := "9999-12-31T23:30:00-01:00", "0000-01-01T00:00:00+05:00"
		cases := []struct{ name, method, path, body, field string }{
			{"session started_at", "POST", "/api/v1/sessions", `{"title":"x","started_at":"` + late + `"}`, "started_at"},
			{"session started_at year 0", "POST", "/api/v1/sessions", `{"title":"x","started_at":"` + early + `"}`, "started_at"},
			{"session ended_at", "POST", "/api/v1/sessions", `{"title":"x","started_at":"2026-01-01T00:00:00Z","ended_at":"` + late + `"}`, "ended_at"},
			{"message timestamp", "POST", "/api/v1/sessions/" + sess.ID + "/messages",
				`{"messages":[{"role":"steward","content":"hi","timestamp":"` + late + `"}]}`, "messages[0].timestamp"},
			{"message timestamp year 0", "POST", "/api/v1/sessions/" + sess.ID + "/messages",
				`{"messages":[{"role":"steward","content":"hi","timestamp":"2026-01-01T00:00:00Z"},{"role":"steward","content":"ho","timestamp":"` + early + `"}]}`, "messages[1].timestamp"},
			{"close ended_at", "POST", "/api/v1/sessions/" + sess.ID + "/close", `{"ended_at":"` + late + `"}`, "ended_at"},
			{"structured time", "POST", "/api/v1/import/structured", `{"id":"doc-late","conversation":{"source":"slack","people":["ada","bot"],"user":"ada",
				"conversation":[{"speaker":"ada","content":"hi","time":"` + late + `"}]}}`, "time"},
		}
		for _, c := range cases {
			var e webtest.APIError
			var results struct {
				Results []struct{ Status, Error string }
			}
			var out any = &e
			if strings.Contains(c.path, "import") {
				out = &results
			}
			code := a.API(a.AdaToken, c.method, c.path, c.body, out)
			if strings.Contains(c.path, "import") {
				if len(results.Results) != 1 || results.Results[0].Status != "rejected" || !strings.Contains(results.Results[0].Error, c.field) {
					t.Errorf("%s: import = %d %+v, want rejected naming %s", c.name, code, results, c.field)
				}
				continue
			}
			if code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.name, code, e, c.field)
			}
		}
		// Nothing was stored that breaks reading: the list and the transcript answer.
		if code := a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, nil); code != http.StatusOK {
			t.Errorf("session list = %d", code)
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages", nil, nil); code != http.StatusOK {
			t.Errorf("transcript = %d", code)
		}
		ada := a.SignIn("ada")
		if _, resp := ada.Get("/sessions"); resp.StatusCode != http.StatusOK {
			t.Errorf("/sessions = %d", resp.StatusCode)
		}
	})
}

// Defect: concurrent appends to one session failed on PostgreSQL with a
// duplicate sequence number, and one batch sent twice at once failed on the
// source-id constraint. Appends to one conversation are serialised.
func TestConcurrentAppendsToOneSession(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"busy"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		const clients, batches, perBatch = 4, 12, 5
		batch := func(prefix string) string {
			var b strings.Builder
			b.WriteString(`{"messages":[`)
			for i := range perBatch {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"source_id":"%s-%d","role":"steward","content":"message %s %d"}`, prefix, i, prefix, i)
			}
			b.WriteString("]}")
			return b.String()
		}
		type result struct {
			code              int
			stored, duplicate int
		}
		results := make(chan result, clients*batches+2)
		var wg sync.WaitGroup
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for b := range batches {
					var out struct{ Stored, Duplicates int }
					code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch(fmt.Sprintf("c%d-b%d", c, b)), &out)
					results <- result{code, out.Stored, out.Duplicates}
				}
			}()
		}
		// The same batch twice at once: one stores it, the other finds duplicates.
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var out struct{ Stored, Duplicates int }
				code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch("twice"), &out)
				results <- result{code, out.Stored, out.Duplicates}
			}()
		}
		wg.Wait()
		close(results)
		stored, dups := 0, 0
		for r := range results {
			if r.code != http.StatusOK {
				t.Errorf("append = %d", r.code)
			}
			stored, dups = stored+r.stored, dups+r.duplicate
		}
		want := clients*batches*perBatch + perBatch
		if stored != want || dups != perBatch {
			t.Errorf("stored %d, duplicates %d; want %d and %d", stored, dups, want, perBatch)
		}
		var page struct {
			Messages []struct {
				Seq int64 `json:"sequence_number"`
			}
		}
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages?limit=1000", nil, &page)
		if len(page.Messages) != want {
			t.Fatalf("transcript has %d messages, want %d", len(page.Messages), want)
		}
		for i, m := range page.Messages {
			if m.Seq != int64(i+1) {
				t.Fatalf("message %d has seq %d: the sequence has a gap or a repeat", i, m.Seq)
			}
		}
	})
}

// Defect: next=/%09/evil.example sent the browser off-site after sign-in
// (browsers drop the tab and read //evil.example).
func TestSignInRedirectStaysOnSite(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		for next, want := range map[string]string{
			"/\t/evil.example":          "/sessions",
			"/\n/evil.example":          "/sessions",
			"/ /evil.example":           "/sessions",
			"/\\evil.example":           "/sessions",
			"//evil.example":            "/sessions",
			"https://evil.example/":     "/sessions",
			"/\u00a0/evil.example":      "/sessions",
			"/%2F/evil.example":         "/sessions",
			"/sessions/abc?tab=notes#x": "/sessions/abc?tab=notes#x",
			"/review":                   "/review",
		} {
			b := a.Anonymous()
			doc, _ := b.Get("/login")
			b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
			resp := b.NoRedirects().Post("/login", url.Values{"username": {"ada"}, "password": {webtest.Password}, "next": {next}})
			resp.Body.Close()
			if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || got != want {
				t.Errorf("next=%q: %d to %q, want %q", next, resp.StatusCode, got, want)
			}
		}
	})
}

// endlessForm is a multipart body of one huge field, made as it is read,
// that counts how much the server took.
type endlessForm struct {
	head, tail []byte
	fill, read int64
}

func newEndlessForm(boundary string, size int64) *endlessForm {
	return &endlessForm{
		head: []byte("--" + boundary + "\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\nx\r\n--" + boundary +
			"\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big.json\"\r\n\r\n"),
		tail: []byte("\r\n--" + boundary + "--\r\n"), fill: size,
	}
}

func (f *endlessForm) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case len(f.head) > 0:
			c := copy(p[n:], f.head)
			f.head, n = f.head[c:], n+c
		case f.fill > 0:
			c := int64(len(p) - n)
			c = min(c, f.fill)
			for i := range c {
				p[n+int(i)] = 'a'
			}
			f.fill, n = f.fill-c, n+int(c)
		case len(f.tail) > 0:
			c := copy(p[n:], f.tail)
			f.tail, n = f.tail[c:], n+c
		default:
			f.read += int64(n)
			return n, io.EOF
		}
	}
	f.read += int64(n)
	return n, nil
}

// Defect: the CSRF check parsed multipart bodies before any limit (an
// anonymous 300 MB POST to /login was read and spooled to disk), a _csrf
// form field let an upload bypass the import limit, and signed-in uploads
// left their temp files behind.
func TestPageBodiesAreLimitedBeforeAnythingReadsThem(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where multipart spools files
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		post := func(b *webtest.Browser, path string, body io.Reader, boundary string) *http.Response {
			req, _ := http.NewRequest("POST", a.Srv.URL+path, body)
			req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
			resp, err := b.Client.Do(req)
			if err != nil {
				t.Fatalf("POST %s: %v", path, err)
			}
			// To the end: the server finishes the body after the handler returns.
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return resp
		}
		// Anonymous, 300 MB, no length given: refused (403 before its body
		// is read, or 413 at the limit) after little of it.
		// The server may close the connection as it answers, before the
		// client has finished writing: a reset then is the refusal too.
		big := newEndlessForm("xyz", 300<<20)
		req, _ := http.NewRequest("POST", a.Srv.URL+"/login", big)
		req.Header.Set("Content-Type", "multipart/form-data; boundary=xyz")
		if resp, err := a.Anonymous().Client.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("anonymous 300 MB POST /login = %d, want 403 or 413", resp.StatusCode)
			}
		} else if !errors.Is(err, syscall.ECONNRESET) && !errors.Is(err, syscall.EPIPE) {
			t.Fatalf("anonymous 300 MB POST /login: %v", err)
		}
		if big.read > 16<<20 {
			t.Errorf("the server read %d MB of an anonymous POST", big.read>>20)
		}
		// Signed in, with _csrf as a form field: the upload limit (1 MB here) holds.
		ada := a.SignIn("ada")
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		_ = w.WriteField("_csrf", ada.CSRF)
		fw, _ := w.CreateFormFile("files", "big.json")
		doc := `{"id":"big-1","conversation":{"source":"slack","people":["ada","bot"],"user":"ada","conversation":[{"speaker":"ada","time":"2026-01-01T00:00:00Z","content":"` +
			strings.Repeat("long ", 400_000) + `"}]}}`
		_, _ = fw.Write([]byte(doc))
		w.Close()
		if resp := post(ada, "/import", bytes.NewReader(body.Bytes()), w.Boundary()); resp.StatusCode != http.StatusRequestEntityTooLarge && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("2 MB upload over a 1 MB limit = %d", resp.StatusCode)
		}
		var list struct{ Sessions []struct{ ID string } }
		if a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, &list); len(list.Sessions) != 0 {
			t.Errorf("the upload over the limit was imported: %d sessions", len(list.Sessions))
		}
		// An upload large enough to be spooled to disk leaves no file there.
		a.Restart(web.Config{MaxUploadBytes: 64 << 20}, nil)
		ada = a.SignIn("ada")
		spooled := newEndlessForm("spool", 40<<20)
		spooled.head = []byte(strings.Replace(string(spooled.head), "name=\"_csrf\"\r\n\r\nx", "name=\"_csrf\"\r\n\r\n"+ada.CSRF, 1))
		post(ada, "/import", spooled, "spool")
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("the upload left %d temp files: %v", len(left), left[0].Name())
		}
	})
}

// Defect: once an address had sent enough unknown tokens, its valid
// tokens were refused too. Only failures count, and the token is checked first.
func TestUnknownTokenLimitDoesNotBlockValidTokens(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{BadToken: web.Rate{PerSecond: 0.001, Burst: 3}}}, nil)
		bad := "bat_" + strings.Repeat("x", 40)
		codes := []int{}
		for range 5 {
			codes = append(codes, a.API(bad, "GET", "/api/v1/sessions", nil, nil))
		}
		if codes[0] != http.StatusUnauthorized || codes[4] != http.StatusTooManyRequests {
			t.Errorf("unknown tokens answered %v; want 401 then 429", codes)
		}
		for range 3 {
			if code := a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, nil); code != http.StatusOK {
				t.Fatalf("a valid token from the same address = %d, want 200", code)
			}
		}
		if code := a.API(bad, "GET", "/api/v1/sessions", nil, nil); code != http.StatusTooManyRequests {
			t.Errorf("another unknown token = %d, want 429", code)
		}
	})
}

// NUL bytes in JSON fields and cursors gave 500; trailing data
// after a JSON body and a null body were accepted; authenticated answers
// lacked Cache-Control: no-store.
func TestAPIRefusesNULTrailingDataAndNull(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"nul"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		for _, c := range []struct{ name, method, path, body, field string }{
			{"source", "POST", "/api/v1/sessions", `{"title":"x","source":"a\u0000b"}`, "source"},
			{"tag", "POST", "/api/v1/sessions", `{"title":"x","tags":["ok","a\u0000"]}`, "tags[1]"},
			{"attribute", "POST", "/api/v1/sessions", `{"title":"x","attributes":{"k":{"deep":"\u0000"}}}`, "attributes.k.deep"},
			{"source_id", "POST", "/api/v1/sessions/" + sess.ID + "/messages", `{"messages":[{"role":"steward","content":"hi","source_id":"a\u0000"}]}`, "messages[0].source_id"},
			{"nesting", "POST", "/api/v1/sessions", `{"title":"x","attributes":` + strings.Repeat(`{"a":`, 40) + `"deep"` + strings.Repeat("}", 40) + "}", "attributes" + strings.Repeat(".a", 33)},
			{"trailing data", "POST", "/api/v1/sessions", `{"title":"x"} {"title":"y"}`, "body"},
			{"trailing garbage", "POST", "/api/v1/sessions", `{"title":"x"}garbage`, "body"},
			{"null body", "POST", "/api/v1/sessions/" + sess.ID + "/messages", `null`, "body"},
			{"null session", "POST", "/api/v1/sessions", ` null `, "body"},
			{"cursor", "GET", "/api/v1/sessions?cursor=" + base64.RawURLEncoding.EncodeToString([]byte("2026\x00|x")), "", "cursor"},
		} {
			var e webtest.APIError
			var body any
			if c.body != "" {
				body = c.body
			}
			if code := a.API(a.AdaToken, c.method, c.path, body, &e); code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.name, code, e, c.field)
			}
		}
		req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/sessions", nil)
		req.Header.Set("Authorization", "Bearer "+a.AdaToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("API Cache-Control = %q, want no-store", got)
		}
		ada := a.SignIn("ada")
		for _, p := range []string{"/sessions", "/sessions/" + sess.ID, "/settings"} {
			if _, resp := ada.Get(p); resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("%s Cache-Control = %q, want no-store", p, resp.Header.Get("Cache-Control"))
			}
		}
	})
}

// Defect: a provider's email was trusted for invitations without
// email_verified.
func TestUnverifiedProviderEmailAcceptsNoInvitation(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		idp, _ := a.WithOIDC()
		ada := a.SignIn("ada")
		_, resp := ada.Form("/teams", url.Values{"name": {"Relay"}})
		teamPath := resp.Request.URL.Path
		doc, _ := ada.Form(teamPath+"/invitations", url.Values{"who": {"mallory@example.org"}, "role": {"member"}})
		invite, _ := url.Parse(strings.TrimSpace(doc.Find("#invite-url").Text()))
		if invite == nil || invite.Path == "" {
			t.Fatal("no invitation link")
		}
		mallory := a.Anonymous()
		if resp, _ := mallory.OIDCSignIn(authtest.User{Subject: "m-1", Email: "mallory@example.org", PreferredUsername: "mallory", EmailUnverified: true}, idp); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("sign-in ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if _, resp := mallory.Get(invite.Path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("an unverified email opens the invitation: %d", resp.StatusCode)
		}
		verified := a.Anonymous()
		if resp, _ := verified.OIDCSignIn(authtest.User{Subject: "v-1", Email: "mallory@example.org", PreferredUsername: "mal2"}, idp); resp.Request.URL.Path != "/sessions" {
			t.Fatalf("verified sign-in ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if _, resp := verified.Get(invite.Path); resp.StatusCode != http.StatusOK {
			t.Errorf("a verified email does not open the invitation: %d", resp.StatusCode)
		}
	})
}

// Defect: signing in as another account left the first sign-in valid,
// and there was no "sign out everywhere".
func TestSignInAsAnotherEndsTheFirstAndSignOutEverywhere(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		adaCookie := b.Cookie("baton_session", "/")
		if adaCookie == "" {
			t.Fatal("no session cookie")
		}
		b.Post("/login", url.Values{"username": {"bob"}, "password": {webtest.Password}}).Body.Close()
		if got := b.SignedInAs(); got != "bob" {
			t.Fatalf("signed in as %q, want bob", got)
		}
		stale := a.Anonymous()
		stale.SetCookie("baton_session", "/", adaCookie)
		if got := stale.SignedInAs(); got != "" {
			t.Errorf("ada's first sign-in still works after signing in as bob: %q", got)
		}
		// Sign out everywhere: both of ada's browsers are signed out, bob's is not.
		one, two, bob := a.SignIn("ada"), a.SignIn("ada"), a.SignIn("bob")
		doc, _ := one.Get("/settings")
		if doc.Find("form[action='/logout/everywhere'] button#sign-out-everywhere").Length() != 1 {
			t.Fatal("settings has no sign-out-everywhere button")
		}
		resp := one.Post("/logout/everywhere", url.Values{})
		resp.Body.Close()
		if resp.Request.URL.Path != "/login" {
			t.Errorf("sign out everywhere ended at %s", resp.Request.URL.Path)
		}
		for name, br := range map[string]*webtest.Browser{"first": one, "second": two} {
			if got := br.SignedInAs(); got != "" {
				t.Errorf("ada's %s browser is still signed in as %q", name, got)
			}
		}
		if got := bob.SignedInAs(); got != "bob" {
			t.Errorf("bob was signed out too: %q", got)
		}
	})
}

// Defect: no per-address limit across usernames let one address try a
// password on every account (password spraying).
func TestSignInLimitPerAddressAcrossUsernames(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.Restart(web.Config{Limits: web.Limits{SignInAddress: web.Rate{PerSecond: 0.001, Burst: 3}}}, nil)
		b := a.Anonymous()
		doc, _ := b.Get("/login")
		b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
		codes := []int{}
		for _, user := range []string{"ada", "bob", "cy", "dee"} {
			resp := b.Post("/login", url.Values{"username": {user}, "password": {"Summer2026!"}})
			resp.Body.Close()
			codes = append(codes, resp.StatusCode)
		}
		if codes[0] != http.StatusUnauthorized || codes[3] != http.StatusTooManyRequests {
			t.Errorf("one address, four usernames: %v; want 401 … 429", codes)
		}
	})
}

// Defect: tags and peak moments were unbounded.
func TestSessionTagsAndPeakMomentsAreBounded(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		tags := make([]string, 65)
		for i := range tags {
			tags[i] = fmt.Sprintf("tag-%d", i)
		}
		peaks := make([]map[string]any, 201)
		for i := range peaks {
			peaks[i] = map[string]any{"timestamp": "2026-01-01T00:00:00Z", "emotion": "joy"}
		}
		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"65 tags", map[string]any{"title": "x", "tags": tags}, "tags"},
			{"a long tag", map[string]any{"title": "x", "tags": []string{"ok", strings.Repeat("t", 101)}}, "tags[1]"},
			{"201 peak moments", map[string]any{"title": "x", "emotional_arc": map[string]any{"peak_moments": peaks}}, "emotional_arc.peak_moments"},
			{"a peak moment's time", map[string]any{"title": "x", "emotional_arc": map[string]any{"peak_moments": []map[string]any{
				{"timestamp": "9999-12-31T23:30:00-01:00", "emotion": "joy"}}}}, "emotional_arc.peak_moments[0].timestamp"},
			{"deep attributes", map[string]any{"title": "x", "attributes": nested(40)}, ""},
		} {
			var e webtest.APIError
			code := a.API(a.AdaToken, "POST", "/api/v1/sessions", c.body, &e)
			if code != http.StatusBadRequest || (c.field != "" && e.Error.Field != c.field) {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.name, code, e, c.field)
			}
		}
	})
}

func nested(depth int) map[string]any {
	m := map[string]any{"leaf": "x"}
	for range depth {
		m = map[string]any{"k": m}
	}
	return m
}
