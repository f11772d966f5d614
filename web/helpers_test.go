package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
)

// app is a running Baton with two stewards, ada and bob.
type app struct {
	t        testing.TB
	st       *store.Store
	srv      *httptest.Server
	ada, bob *baton.Steward
	adaToken string
	bobToken string
}

const testPassword = "correct horse battery"

// eachApp runs a test against a server on SQLite and, when configured, PostgreSQL.
func eachApp(t *testing.T, fn func(t *testing.T, a *app)) {
	for dialect, u := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) { fn(t, newApp(t, u)) })
	}
}

func newApp(t testing.TB, dbURL string) *app {
	t.Helper()
	st := storetest.Open(t, dbURL)
	a := &app{t: t, st: st}
	a.ada, a.adaToken = a.steward("ada")
	a.bob, a.bobToken = a.steward("bob")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a.srv = httptest.NewServer(web.NewServer(st, ingest.New(st), "test-secret", log, web.Config{MaxUploadBytes: 1 << 20}))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *app) steward(name string) (*baton.Steward, string) {
	hash, err := auth.HashPassword(testPassword)
	if err != nil {
		a.t.Fatal(err)
	}
	s := &baton.Steward{Username: name, PasswordHash: hash}
	if err := a.st.CreateSteward(context.Background(), s); err != nil {
		a.t.Fatal(err)
	}
	token, h, p := auth.NewToken()
	if _, err := a.st.CreateToken(context.Background(), s.ID, "test", h, p); err != nil {
		a.t.Fatal(err)
	}
	return s, token
}

// api calls the JSON API with a token and decodes the answer into out.
func (a *app) api(token, method, path string, body any, out any) int {
	a.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, a.srv.URL+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			a.t.Fatalf("%s %s: decode: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

// apiErr is the API's error shape.
type apiErr struct {
	Error struct{ Code, Message, Field string }
}

// browser is a signed-in browser: a cookie jar and the page's CSRF token.
type browser struct {
	a      *app
	client *http.Client
	csrf   string
}

func (a *app) signIn(username string) *browser {
	a.t.Helper()
	b := a.anonymous()
	doc, _ := b.get("/login")
	b.csrf, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
	resp := b.post("/login", url.Values{"username": {username}, "password": {testPassword}})
	if resp.Request.URL.Path != "/sessions" {
		a.t.Fatalf("sign-in as %s ended at %s (%d)", username, resp.Request.URL, resp.StatusCode)
	}
	doc, _ = b.get("/sessions")
	b.csrf, _ = doc.Find(`meta[name="csrf-token"]`).Attr("content")
	return b
}

func (a *app) anonymous() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{a: a, client: &http.Client{Jar: jar}}
}

// get fetches a page and parses it.
func (b *browser) get(path string) (*goquery.Document, *http.Response) {
	b.a.t.Helper()
	resp, err := b.client.Get(b.a.srv.URL + path)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		b.a.t.Fatal(err)
	}
	return doc, resp
}

// htmx fetches a fragment the way htmx does.
func (b *browser) htmx(path string) (*goquery.Document, *http.Response) {
	b.a.t.Helper()
	req, _ := http.NewRequest("GET", b.a.srv.URL+path, nil)
	req.Header.Set("HX-Request", "true")
	resp, err := b.client.Do(req)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return doc, resp
}

// post submits a form with the CSRF token.
func (b *browser) post(path string, form url.Values) *http.Response {
	b.a.t.Helper()
	if form.Get("_csrf") == "" && b.csrf != "" {
		form.Set("_csrf", b.csrf)
	}
	resp, err := b.client.PostForm(b.a.srv.URL+path, form)
	if err != nil {
		b.a.t.Fatal(err)
	}
	return resp
}

// upload posts files as the import page does.
func (b *browser) upload(path string, files map[string]string) *goquery.Document {
	b.a.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", b.csrf)
	for name, content := range files {
		fw, _ := w.CreateFormFile("files", name)
		_, _ = fw.Write([]byte(content))
	}
	w.Close()
	req, _ := http.NewRequest("POST", b.a.srv.URL+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	resp, err := b.client.Do(req)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return doc
}
