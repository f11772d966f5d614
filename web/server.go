// Package web is Baton's HTTP server: the routes table, middleware, the
// error page, and one handler per page or action. The JSON API lives in
// api_*.go beside the pages and shares the same middleware and errors.
package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/views"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/labstack/echo/v4"
)

// Config is what the server needs from its environment.
type Config struct {
	// SecureCookies marks cookies Secure; set when Baton is served over TLS.
	SecureCookies bool
	// DemoHint is shown on the sign-in page of a demo install.
	DemoHint string
	// MaxUploadBytes limits an import upload or API import body.
	MaxUploadBytes int64
	// BaseURL is Baton's public address, for the share and invitation links
	// pages show; "" uses the address the request came to.
	BaseURL string
	// OAuth is the outside sign-in providers (GitHub, Google, GitLab, OpenID
	// Connect) turned on; nil when there are none.
	OAuth *auth.OAuth
	// TrustProxy takes the client's address from X-Forwarded-For, for rate
	// limits; set it only behind a reverse proxy that sets that header.
	TrustProxy bool
	// Limits are the rate limits; zero fields take the defaults.
	Limits Limits
	// Runner runs replays against an OpenAI-compatible server
	// (BATON_LLM_BASE_URL); nil hides the Run button.
	Runner *replay.Runner
	// ImportStep, when set, is called by an import job before it reads
	// each file and after each document it stores, and the job waits for
	// it to return: tests hold an import there to watch its progress.
	// Nil in production.
	ImportStep func()
	// PageSlots is how many page reads are drawn at once (page_slots.go):
	// 0 is twice the cores on SQLite and no bound on PostgreSQL, below 0
	// no bound.
	PageSlots int
}

// Server serves Baton's pages and API.
type Server struct {
	arcs  arcCache
	pages *pageLimiter
	// comparisons caches loaded and analysed comparisons (issue 10).
	comparisons comparisonCache
	store       *store.Store
	importer    *ingest.Importer
	analysis    *analysis.Service // computes and reads analyses; the importer's own
	// continuity finalizes sessions and keeps bridges, markers and the
	// cross-conversational summary.
	continuity *continuity.Service
	cookies    *auth.Cookies
	log        *slog.Logger
	cfg        Config
	echo       *echo.Echo
	oauth      *auth.OAuth
	limits     *limiters
	// Import jobs (issue 12): uploads imported in the background, the
	// clock their rate is measured by, and a hook tests use to hold an
	// import between documents (Config.ImportStep).
	jobs       importJobs
	clock      func() time.Time
	importStep func()
}

// NewServer builds the server and its routes.
func NewServer(st *store.Store, importer *ingest.Importer, cookieSecret string, log *slog.Logger, cfg Config) *Server {
	if cfg.MaxUploadBytes == 0 {
		cfg.MaxUploadBytes = 64 << 20
	}
	s := &Server{
		store: st, importer: importer, analysis: importer.Analysis(), cookies: auth.NewCookies(cookieSecret, cfg.SecureCookies),
		log: log, cfg: cfg, echo: echo.New(), clock: time.Now, importStep: cfg.ImportStep,
	}
	s.pages = newPageLimiter(pageSlotsFor(st, cfg.PageSlots))
	s.continuity = continuity.New(st, s.analysis)
	s.echo.HideBanner, s.echo.HidePort = true, true
	s.echo.HTTPErrorHandler = s.handleError
	s.initIdentity()
	s.routes()
	return s
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.echo.ServeHTTP(w, r) }

// Routes lists every route as "METHOD PATH", for tests that walk the table.
func (s *Server) Routes() []*echo.Route { return s.echo.Routes() }

// renderHTML writes a component after rendering it whole into a buffer, so a
// failed render never leaves a half-sent 200.
func renderHTML(c echo.Context, status int, component templ.Component) error {
	var buf bytes.Buffer
	if err := component.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	releasePageSlot(c) // drawn: writing it out needs no slot
	return c.HTMLBlob(status, buf.Bytes())
}

// stewardID is the signed-in steward's id; routes that reach a handler
// that calls it have passed requireSteward or requireToken.
func stewardID(c echo.Context) int64 { return baton.StewardIDFromContext(c.Request().Context()) }

func ctx(c echo.Context) context.Context { return c.Request().Context() }

// isHTMX reports whether htmx sent the request (and wants a fragment).
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// page fills what every page needs.
func (s *Server) page(c echo.Context, title, nav string) views.Page {
	return views.Page{Title: title, Steward: baton.StewardFromContext(ctx(c)), CSRF: browserOf(c).CSRF, Nav: nav}
}

// localPath keeps a redirect target on this site: a path that parses with
// no scheme and no host, starts with one "/", and holds no control
// character, space or backslash (browsers drop tabs and newlines and read
// "/\t/evil.example" as "//evil.example"). Anything else is /sessions.
func localPath(next string) string {
	const home = "/sessions"
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		return home
	}
	for _, r := range next {
		if r < 0x20 || r == 0x7f || r == '\\' || unicode.IsSpace(r) || unicode.IsControl(r) {
			return home
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return home
	}
	return next
}

// initIdentity sets up what sign-in, sharing and the rate limits need.
func (s *Server) initIdentity() {
	s.oauth = s.cfg.OAuth
	if s.oauth == nil {
		s.oauth, _ = auth.NewOAuth("", nil, nil)
	}
	s.limits = newLimiters(s.cfg.Limits)
	// Rate limits key on the client's address; a header a client sets
	// itself would let it pick a new address per request.
	if s.cfg.TrustProxy {
		s.echo.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		s.echo.IPExtractor = echo.ExtractIPDirect()
	}
}

// parseDay reads a YYYY-MM-DD (or RFC 3339) bound; a "to" day includes
// the whole day.
func parseDay(q url.Values, name string, inclusiveEnd bool) (*time.Time, error) {
	v := strings.TrimSpace(q.Get(name))
	if v == "" {
		return nil, nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		if t, err = time.Parse(time.RFC3339, v); err != nil {
			return nil, baton.Invalid(name, "%s must be a date like 2026-01-31; got %q", name, v)
		}
	} else if inclusiveEnd {
		t = t.Add(24 * time.Hour)
	}
	return &t, nil
}

// parseRange reads a from/to date range (either end may be open).
func parseRange(q url.Values) (from, to *time.Time, err error) {
	if from, err = parseDay(q, "from", false); err != nil {
		return nil, nil, err
	}
	if to, err = parseDay(q, "to", true); err != nil {
		return nil, nil, err
	}
	if from != nil && to != nil && !to.After(*from) {
		return nil, nil, baton.Invalid("to", "to must not be before from")
	}
	return from, to, nil
}

// idParam reads a numeric id from the route; anything else is not found.
func idParam(c echo.Context, name, what string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, baton.NotFound(what)
	}
	return id, nil
}

// checked reads a checkbox or boolean form value.
func checked(v string) bool { return v == "1" || v == "on" || v == "true" }

// baseURL is where links to this Baton start: the configured public
// address, or the one the request came to.
func (s *Server) baseURL(c echo.Context) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// formErrorStatus is the status of a form sent back with its errors:
// htmx swaps a 422 in place (baton.js), so the steward sees the form again.
const formErrorStatus = http.StatusUnprocessableEntity
