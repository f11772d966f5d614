// Package web is Baton's HTTP server: the one routes table (routes.go),
// the middleware (sign-in, CSRF, rate limits, page slots, body limits),
// the one error handler, and static files. The handlers live beside it:
// the pages in web/ui, the JSON API in web/api, and what both use to read
// requests and answer them in web/httpx.
package web

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/baton-dev/baton/web/api"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/baton-dev/baton/web/ui"

	"github.com/baton-dev/baton/internal/auth"
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
	// ImportStep, when set, is called by an import job before it reads
	// each file and after each document it stores, and the job waits for
	// it to return: tests hold an import there to watch its progress.
	// Nil in production.
	ImportStep func()
	// Clock is the clock import rates and export dates are read from;
	// nil is time.Now. Tests set it to watch a rate advance.
	Clock func() time.Time
	// APIBodyLimit bounds one API request body, as "64M" (the default,
	// httpx.BodyLimit); tests of what no request can carry set it lower.
	APIBodyLimit string
	// PageSlots is how many page reads are drawn at once (page_slots.go):
	// 0 is twice the cores on SQLite and no bound on PostgreSQL, below 0
	// no bound.
	PageSlots int
}

// Server serves Baton's pages and API: it wires the handlers (web/ui,
// web/api) to the routes table, the middleware and the one error handler.
type Server struct {
	pages   *pageLimiter
	store   *store.Store
	cookies *auth.Cookies
	log     *slog.Logger
	cfg     Config
	echo    *echo.Echo
	oauth   *auth.OAuth
	limits  *limiters
	// ui is the pages' handlers; api the JSON API's.
	ui  *ui.Server
	api *api.Server
}

// New builds the server and its routes over the store and the services.
func New(st *store.Store, svc Services, cookieSecret string, log *slog.Logger, cfg Config) *Server {
	if cfg.MaxUploadBytes == 0 {
		cfg.MaxUploadBytes = 64 << 20
	}
	if cfg.APIBodyLimit == "" {
		cfg.APIBodyLimit = httpx.BodyLimit
	}
	s := &Server{
		store: st, cookies: auth.NewCookies(cookieSecret, cfg.SecureCookies),
		log: log, cfg: cfg, echo: echo.New(),
	}
	s.pages = newPageLimiter(pageSlotsFor(st, cfg.PageSlots))
	s.echo.HideBanner, s.echo.HidePort = true, true
	s.echo.HTTPErrorHandler = s.handleError
	s.initIdentity()
	s.api = api.New(api.Deps{Store: st, Services: svc, Log: log})
	s.ui = ui.New(ui.Deps{
		Store: st, Services: svc, Cookies: s.cookies, OAuth: s.oauth, Log: log, LimitSignIn: s.limitSignIn, ImportStep: cfg.ImportStep, Clock: cfg.Clock,
		Config: ui.Config{DemoHint: cfg.DemoHint, MaxUploadBytes: cfg.MaxUploadBytes, BaseURL: cfg.BaseURL},
	})
	s.routes()
	return s
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.echo.ServeHTTP(w, r) }

// Routes lists every route as "METHOD PATH", for tests that walk the table.
func (s *Server) Routes() []*echo.Route { return s.echo.Routes() }

// Request helpers of web/httpx the middleware uses, under the short names
// the handlers use.
var (
	stewardID      = httpx.StewardID
	requestContext = httpx.Context
	isHTMX         = httpx.IsHTMX
)

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
