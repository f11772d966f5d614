// Package ui is Baton's pages: one handler per page or action, answering
// HTML rendered from views (whole pages, or htmx fragments), signed in by
// the cookie session (web.browser) and guarded against cross-site forms
// (web.checkCSRF). The routes are in web/routes.go with the API's.
package ui

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// Config is what the pages need from the server's configuration.
type Config struct {
	// DemoHint is shown on the sign-in page of a demo install.
	DemoHint string
	// MaxUploadBytes limits an import upload.
	MaxUploadBytes int64
	// BaseURL is Baton's public address, for the share and invitation links
	// pages show; "" uses the address the request came to.
	BaseURL string
}

// Server holds what the page handlers use.
type Server struct {
	arcs arcCache
	// The store, for the reads and writes that have no rules of their
	// own, seen by each group of pages through its own interface (the
	// *_store.go files), and the services (services.go).
	sessions          sessionStore
	annotations       annotationStore
	bridges           bridgeStore
	comparisonRecords comparisonStore
	conversations     conversationStore
	accounts          accountStore
	shares            shareStore
	teams             teamStore
	sources           sourceStore
	importer          importService
	analysis          analysisService
	continuity        continuityService
	comparisons       comparisonService
	replays           replayService
	frames            frameService
	corrections       correctionService
	cookies           *auth.Cookies
	oauth             *auth.OAuth
	log               *slog.Logger
	cfg               Config
	// limitSignIn counts one local sign-in attempt (web's rate limits).
	limitSignIn func(c echo.Context, username string) error
	// Import jobs: uploads imported in the background, the clock their
	// rate is measured by, and a hook tests use to hold an import between
	// documents (web.Config.ImportStep).
	jobs       importJobs
	clock      func() time.Time
	importStep func()
}

// Store is every read and write the pages make in the store directly:
// the union of the page groups' interfaces.
type Store interface {
	sessionStore
	annotationStore
	bridgeStore
	comparisonStore
	conversationStore
	accountStore
	shareStore
	teamStore
	sourceStore
}

// Deps are the store, the services and the settings the pages use.
type Deps struct {
	Store       Store
	Services    httpx.Services
	Cookies     *auth.Cookies
	OAuth       *auth.OAuth
	Log         *slog.Logger
	Config      Config
	LimitSignIn func(c echo.Context, username string) error
	ImportStep  func()
	// Clock is the clock import rates and export dates are read from;
	// nil is time.Now.
	Clock func() time.Time
}

// New builds the page handlers over their services.
func New(d Deps) *Server {
	svc := d.Services
	if d.Clock == nil {
		d.Clock = time.Now
	}
	s := &Server{
		sessions: d.Store, annotations: d.Store, bridges: d.Store, comparisonRecords: d.Store, conversations: d.Store,
		accounts: d.Store, shares: d.Store, teams: d.Store, sources: d.Store,
		comparisons: svc.Comparisons, importer: svc.Importer, analysis: svc.Analysis,
		continuity: svc.Continuity, replays: svc.Replays, frames: svc.Frames, corrections: svc.Corrections, cookies: d.Cookies, oauth: d.OAuth, log: d.Log, cfg: d.Config,
		limitSignIn: d.LimitSignIn, clock: d.Clock, importStep: d.ImportStep,
	}
	if svc.Analysis != nil {
		// Arc charts are drawn as the analysis worker catches up with a
		// session, not by its first page view (arccache.go).
		svc.Analysis.OnCaughtUp(s.drawArcAhead)
	}
	return s
}

// Request helpers shared with the JSON API (web/httpx), under the short
// names the handlers use.
var (
	stewardID      = httpx.StewardID
	requestContext = httpx.Context
	isHTMX         = httpx.IsHTMX
	idParam        = httpx.IDParam
	browserOf      = httpx.BrowserOf
	renderHTML     = httpx.RenderHTML
)

// linkToken reads the :token of a link made out to someone (an
// invitation): the token and the hash it is stored under. What cannot be
// a link token is not found, named what.
func linkToken(c echo.Context, what string) (token, hash string, err error) {
	token = c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return "", "", baton.NotFound(what)
	}
	return token, auth.HashToken(token), nil
}

// page fills what every page needs.
func (s *Server) page(c echo.Context, title, nav string) views.Page { return Page(c, title, nav) }

// Page fills what every page needs: the signed-in steward, the CSRF token
// and the current section of the navigation.
func Page(c echo.Context, title, nav string) views.Page {
	return views.Page{Title: title, Steward: baton.StewardFromContext(requestContext(c)), CSRF: browserOf(c).CSRF, Nav: nav}
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

// formErrorStatus is the status of every form sent back with its errors,
// page or fragment: 400, as the API answers bad input. htmx swaps a 400
// that is HTML in place (baton.js), so the steward sees the form again;
// a plain-text 400 is an error message, shown in the flash region.
const formErrorStatus = http.StatusBadRequest
