package web_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/web"
)

// restart replaces the app's server with one built from cfg (on a new
// address), keeping the database. It returns the server's log.
func (a *app) restart(cfg web.Config, build func(base string) web.Config) *syncBuffer {
	a.t.Helper()
	a.srv.Close()
	logs := &syncBuffer{}
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	if build != nil {
		cfg = build(base)
	}
	if cfg.MaxUploadBytes == 0 {
		cfg.MaxUploadBytes = 1 << 20
	}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts.Config.Handler = web.NewServer(a.st, ingest.New(a.st), "test-secret", log, cfg)
	ts.Start()
	a.srv = ts
	a.t.Cleanup(ts.Close)
	return logs
}

// withOIDC restarts the app with a test OpenID Connect provider as its one
// outside sign-in, and returns the provider.
func (a *app) withOIDC() (*authtest.Provider, *syncBuffer) {
	a.t.Helper()
	idp := authtest.Start(a.t)
	logs := a.restart(web.Config{}, func(base string) web.Config {
		o, err := auth.NewOAuth(base, []auth.ProviderConfig{idp.Config("Test IdP")}, nil)
		if err != nil {
			a.t.Fatal(err)
		}
		return web.Config{OAuth: o}
	})
	return idp, logs
}

// syncBuffer is a log sink tests can read while the server writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// noRedirects makes the browser stop at each redirect, to look at it.
func (b *browser) noRedirects() *browser {
	c := *b.client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &browser{a: b.a, client: &c, csrf: b.csrf}
}

// fetch GETs an absolute URL and returns the response with its body read.
func (b *browser) fetch(u string) (*http.Response, string) {
	b.a.t.Helper()
	resp, err := b.client.Get(u)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// oidcSignIn runs the whole round trip in b: Baton → provider → callback.
func (b *browser) oidcSignIn(user authtest.User, idp *authtest.Provider) (*http.Response, *goquery.Document) {
	b.a.t.Helper()
	idp.QueueUser(user)
	resp, err := b.client.Get(b.a.srv.URL + "/auth/oidc")
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return resp, doc
}

// callbackURL runs the first two legs of a sign-in without following the
// last redirect: it returns the provider's redirect back to Baton.
func (b *browser) callbackURL(start string, user authtest.User, idp *authtest.Provider) *url.URL {
	b.a.t.Helper()
	idp.QueueUser(user)
	nb := b.noRedirects()
	resp, _ := nb.fetch(b.a.srv.URL + start)
	if resp.StatusCode != http.StatusSeeOther {
		b.a.t.Fatalf("start = %d", resp.StatusCode)
	}
	authorize, _ := url.Parse(resp.Header.Get("Location"))
	q := authorize.Query()
	if q.Get("state") == "" || q.Get("nonce") == "" || q.Get("code_challenge_method") != "S256" {
		b.a.t.Fatalf("authorization URL lacks state, nonce or PKCE: %s", authorize)
	}
	resp, _ = nb.fetch(authorize.String())
	if resp.StatusCode != http.StatusFound {
		b.a.t.Fatalf("provider authorize = %d", resp.StatusCode)
	}
	back, _ := url.Parse(resp.Header.Get("Location"))
	return back
}

// cookie returns the value of one of the browser's cookies for the app.
func (b *browser) cookie(name, path string) string {
	u, _ := url.Parse(b.a.srv.URL + path)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// setCookie replaces one of the browser's cookies.
func (b *browser) setCookie(name, path, value string) {
	u, _ := url.Parse(b.a.srv.URL + path)
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: path}})
}

// agedCookie re-signs a gorilla/securecookie value as if it had been made
// age ago: authentic, but older than the cookie's MaxAge allows. hashLabel
// is the key derivation label the auth package uses.
func agedCookie(t *testing.T, name, value, hashLabel string, age time.Duration) string {
	t.Helper()
	raw, err := base64.URLEncoding.DecodeString(value)
	if err != nil {
		t.Fatal(err)
	}
	parts := bytes.SplitN(raw, []byte("|"), 3)
	if len(parts) != 3 {
		t.Fatal("not a securecookie value")
	}
	ts, _ := strconv.ParseInt(string(parts[0]), 10, 64)
	date := strconv.FormatInt(ts-int64(age.Seconds()), 10)
	key := sha256.Sum256([]byte(hashLabel + "\x00test-secret"))
	mac := hmac.New(sha256.New, key[:])
	fmt.Fprintf(mac, "%s|%s|%s", name, date, parts[1])
	out := []byte(date + "|" + string(parts[1]) + "|")
	out = append(out, mac.Sum(nil)...)
	return base64.URLEncoding.EncodeToString(out)
}

// signedInAs tells who the browser is signed in as ("" when signed out).
func (b *browser) signedInAs() string {
	b.a.t.Helper()
	doc, resp := b.get("/settings")
	if resp.Request.URL.Path != "/settings" {
		return ""
	}
	return strings.TrimSpace(doc.Find(".app-user-name").Text())
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
