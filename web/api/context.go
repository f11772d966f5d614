package api

import (
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// NextContext answers GET /api/v1/context/next: what a new session
// starts with — the latest bridge (published, or the latest draft flagged
// as unreviewed), the cross-conversational summary and the short-term
// memory — as JSON by default, as Markdown with ?format=markdown or
// Accept: text/markdown.
func (s *Server) NextContext(c echo.Context) error {
	markdown := false
	switch f := c.QueryParam("format"); f {
	case "":
		markdown = strings.Contains(c.Request().Header.Get("Accept"), "text/markdown")
	case "markdown", "md":
		markdown = true
	case "json":
	default:
		return baton.Invalid("format", "format must be json or markdown; got %q", f)
	}
	next, err := s.continuity.NextExcluding(requestContext(c), stewardID(c), c.QueryParam("exclude"))
	if err != nil {
		return err
	}
	if markdown {
		return c.Blob(http.StatusOK, "text/markdown; charset=utf-8", []byte(next.Markdown))
	}
	return c.JSON(http.StatusOK, next)
}
