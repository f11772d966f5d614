// Package web is Baton's HTTP server: the routes table, middleware, the
// error page, and one handler per page or action. The JSON API lives in
// api_*.go beside the pages and shares the same middleware and errors.
package web

import (
	"bytes"
	"context"
	"github.com/baton-dev/baton/internal/analysis"
	"log/slog"
	"net/http"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
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
}

// Server serves Baton's pages and API.
type Server struct {
	arcs     arcCache
	store    *store.Store
	importer *ingest.Importer
	analysis *analysis.Service // computes and reads analyses; the importer's own
	cookies  *auth.Cookies
	log      *slog.Logger
	cfg      Config
	echo     *echo.Echo
	oauth    *auth.OAuth
	limits   *limiters
}

// NewServer builds the server and its routes.
func NewServer(st *store.Store, importer *ingest.Importer, cookieSecret string, log *slog.Logger, cfg Config) *Server {
	if cfg.MaxUploadBytes == 0 {
		cfg.MaxUploadBytes = 64 << 20
	}
	s := &Server{
		store: st, importer: importer, analysis: importer.Analysis(), cookies: auth.NewCookies(cookieSecret, cfg.SecureCookies),
		log: log, cfg: cfg, echo: echo.New(),
	}
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
	return c.HTMLBlob(status, buf.Bytes())
}

// stewardID is the signed-in steward's id; routes that reach a handler
// that calls it have passed requireSteward or requireToken.
func stewardID(c echo.Context) int64 { return baton.StewardIDFromContext(c.Request().Context()) }

func ctx(c echo.Context) context.Context { return c.Request().Context() }

// isHTMX reports whether htmx sent the request (and wants a fragment).
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }
