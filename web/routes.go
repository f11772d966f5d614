package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/render"
	"github.com/baton-dev/baton/static"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// routes is the whole surface of Baton in one table.
func (s *Server) routes() {
	e := s.echo
	e.Pre(middleware.RemoveTrailingSlash())
	e.Use(securityHeaders, s.logRequests)

	e.GET("/healthz", s.healthz)
	e.GET("/static/chroma.css", serveChromaCSS)
	e.StaticFS("/static", static.FS)

	// Pages: cookie session, CSRF on every state change.
	pages := e.Group("", s.browser, checkCSRF)
	pages.GET("/", func(c echo.Context) error { return c.Redirect(http.StatusSeeOther, "/sessions") })
	pages.GET("/login", s.loginPage)
	pages.POST("/login", s.login)
	pages.POST("/logout", s.logout)

	signedIn := pages.Group("", requireSteward)
	signedIn.GET("/sessions", s.sessionList)
	signedIn.POST("/sessions/review", s.sessionsReview)
	signedIn.GET("/sessions/:id", s.sessionShow)
	signedIn.GET("/sessions/:id/messages", s.sessionMessages)
	signedIn.GET("/import", s.importPage)
	signedIn.POST("/import", s.importUpload)
	signedIn.GET("/settings", s.settingsPage)
	signedIn.POST("/settings/tokens", s.tokenCreate)
	signedIn.POST("/settings/tokens/:id/revoke", s.tokenRevoke)
	// Identity, teams and sharing.
	// Analysis: charts, relationship, annotations and review.
	// Agents: hooks and context.

	// JSON API: bearer personal access tokens, no cookies.
	api := e.Group("/api/v1", middleware.BodyLimit(apiBodyLimit), s.requireToken)
	api.POST("/sessions", s.apiSessionCreate)
	api.GET("/sessions", s.apiSessionList)
	api.GET("/sessions/:id", s.apiSessionGet)
	api.POST("/sessions/:id/messages", s.apiMessagesAppend)
	api.GET("/sessions/:id/messages", s.apiMessagesList)
	api.POST("/sessions/:id/close", s.apiSessionClose)
	api.POST("/import/structured", s.apiImportStructured)
	api.GET("/search", s.apiSearch)
	// API: analysis and annotations.
	// API: hooks and next-session context.
}

// apiBodyLimit bounds one API request body: a batch of 1,000 long messages fits.
const apiBodyLimit = "64M"

func (s *Server) healthz(c echo.Context) error {
	if err := s.store.Ping(ctx(c)); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unavailable")
	}
	return c.String(http.StatusOK, "ok")
}

var chromaCSS = []byte(render.ChromaCSS())

func serveChromaCSS(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "text/css; charset=utf-8", chromaCSS)
}
