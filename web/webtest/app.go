// Package webtest runs a Baton server over a throwaway database for the
// tests of web, web/api and web/ui: two stewards with tokens (App), a
// signed-in browser with its cookies and CSRF token (Browser), and the
// fixtures several of those tests share (fixtures.go).
package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
)

// Password is every test steward's password.
const Password = "correct horse battery"

// App is a running Baton with two stewards, ada and bob.
type App struct {
	T        testing.TB
	St       *store.Store
	Srv      *httptest.Server
	Ada, Bob *baton.Steward
	AdaToken string
	BobToken string
	// runner runs the server's replays (RunReplaysWith); nil is none.
	runner *replay.Runner
}

// Secret is the test servers' cookie secret.
const Secret = "test-secret"

// Server is Baton over st with its services built as the program builds
// them (web.NewServices), with no model to run replays.
func Server(st *store.Store, log *slog.Logger, cfg web.Config) *web.Server {
	return serverRunning(st, log, cfg, nil)
}

// serverRunning is Server with its replays run by runner.
func serverRunning(st *store.Store, log *slog.Logger, cfg web.Config, runner *replay.Runner) *web.Server {
	return web.New(st, web.NewServices(st, ingest.New(st), runner), Secret, log, cfg)
}

// Each runs a test against a server on SQLite and, when configured, PostgreSQL.
func Each(t *testing.T, fn func(t *testing.T, a *App)) {
	for dialect, u := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) { fn(t, New(t, u)) })
	}
}

// New starts a server over a new database at dbURL, with ada and bob.
func New(t testing.TB, dbURL string) *App {
	t.Helper()
	st := storetest.Open(t, dbURL)
	a := &App{T: t, St: st}
	a.Ada, a.AdaToken = a.Steward("ada")
	a.Bob, a.BobToken = a.Steward("bob")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a.Srv = httptest.NewServer(Server(st, log, web.Config{MaxUploadBytes: 1 << 20}))
	t.Cleanup(a.Srv.Close)
	return a
}

// Steward creates a steward with the test password and a token.
func (a *App) Steward(name string) (*baton.Steward, string) {
	hash, err := auth.HashPassword(Password)
	if err != nil {
		a.T.Fatal(err)
	}
	s := &baton.Steward{Username: name, PasswordHash: hash}
	if err := a.St.CreateSteward(context.Background(), s); err != nil {
		a.T.Fatal(err)
	}
	token, h, p := auth.NewToken()
	if _, err := a.St.CreateToken(context.Background(), s.ID, "test", h, p); err != nil {
		a.T.Fatal(err)
	}
	return s, token
}

// API calls the JSON API with a token and decodes the answer into out.
func (a *App) API(token, method, path string, body any, out any) int {
	a.T.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, a.Srv.URL+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.T.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			a.T.Fatalf("%s %s: decode: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

// APIError is the API's error shape.
type APIError struct {
	Error struct{ Code, Message, Field string }
}

// SignIn signs a new browser in as username through the sign-in form.
func (a *App) SignIn(username string) *Browser {
	a.T.Helper()
	b := a.Anonymous()
	doc, _ := b.Get("/login")
	b.CSRF, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
	resp := b.Post("/login", url.Values{"username": {username}, "password": {Password}})
	if resp.Request.URL.Path != "/sessions" {
		a.T.Fatalf("sign-in as %s ended at %s (%d)", username, resp.Request.URL, resp.StatusCode)
	}
	doc, _ = b.Get("/sessions")
	b.CSRF, _ = doc.Find(`meta[name="csrf-token"]`).Attr("content")
	return b
}

// Anonymous is a browser that is not signed in.
func (a *App) Anonymous() *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{A: a, Client: &http.Client{Jar: jar}}
}

// Restart replaces the app's server with one built from cfg (on a new
// address), keeping the database. It returns the server's log.
func (a *App) Restart(cfg web.Config, build func(base string) web.Config) *LogBuffer {
	a.T.Helper()
	a.Srv.Close()
	logs := &LogBuffer{}
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	if build != nil {
		cfg = build(base)
	}
	if cfg.MaxUploadBytes == 0 {
		cfg.MaxUploadBytes = 1 << 20
	}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts.Config.Handler = serverRunning(a.St, log, cfg, a.runner)
	ts.Start()
	a.Srv = ts
	a.T.Cleanup(ts.Close)
	return logs
}

// RunReplaysWith restarts the app with its replays run by r.
func (a *App) RunReplaysWith(r *replay.Runner) {
	a.T.Helper()
	a.runner = r
	a.Restart(web.Config{}, nil)
}

// WithOIDC restarts the app with a test OpenID Connect provider as its one
// outside sign-in, and returns the provider.
func (a *App) WithOIDC() (*authtest.Provider, *LogBuffer) {
	a.T.Helper()
	idp := authtest.Start(a.T)
	logs := a.Restart(web.Config{}, func(base string) web.Config {
		o, err := auth.NewOAuth(base, []auth.ProviderConfig{idp.Config("Test IdP")}, nil)
		if err != nil {
			a.T.Fatal(err)
		}
		return web.Config{OAuth: o}
	})
	return idp, logs
}

// LogBuffer is a log sink tests can read while the server writes.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// SeedSession gives a steward a session with n messages through the store.
func (a *App) SeedSession(stewardID int64, title string, n int) *baton.Session {
	a.T.Helper()
	sess := &baton.Session{Title: title, Type: baton.SessionCode, StartedAt: time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)}
	if err := a.St.CreateSession(a.T.Context(), stewardID, sess); err != nil {
		a.T.Fatal(err)
	}
	for i := 0; i < n; i += 1000 {
		var batch []*baton.Message
		for j := i; j < min(i+1000, n); j++ {
			role := baton.RoleSteward
			if j%2 == 1 {
				role = baton.RoleAssistant
			}
			batch = append(batch, &baton.Message{SourceID: fmt.Sprint(j), Role: role, Content: fmt.Sprintf("message number %d of %s", j+1, title)})
		}
		if _, err := a.St.AppendMessages(a.T.Context(), stewardID, sess.ID, "", batch); err != nil {
			a.T.Fatal(err)
		}
	}
	return sess
}
