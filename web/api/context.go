package api

import (
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/labstack/echo/v4"
)

// NextContext answers GET /api/v1/context/next: what a new session of a
// project (cwd, repo, branch; none for any project) starts with — the
// bridge that project receives (continuity.BridgeRule), the project's
// cross-conversational summary and the short-term memory — as JSON by
// default, as Markdown with ?format=markdown or Accept: text/markdown. A
// bad cwd, repo or branch answers 400 naming it.
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
	project, err := baton.NewProjectQuery(c.QueryParam("repo"), c.QueryParam("cwd"), c.QueryParam("branch"))
	if err != nil {
		return err
	}
	next, err := s.continuity.Next(requestContext(c), stewardID(c), continuity.NextRequest{Project: project, Exclude: c.QueryParam("exclude")})
	if err != nil {
		return err
	}
	if markdown {
		return c.Blob(http.StatusOK, "text/markdown; charset=utf-8", []byte(next.Markdown))
	}
	return c.JSON(http.StatusOK, next)
}
