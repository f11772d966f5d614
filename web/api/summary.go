package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// Summary answers GET /api/v1/summary: the cross-conversational summary
// (JSON with markdown, tokens and sessions); ?refresh=1 builds it anew.
func (s *Server) Summary(c echo.Context) error {
	var cs *baton.CrossSummary
	var err error
	switch c.QueryParam("refresh") {
	case "1", "true":
		cs, err = s.continuity.RefreshSummary(requestContext(c), stewardID(c))
	case "", "0", "false":
		cs, err = s.continuity.Summary(requestContext(c), stewardID(c))
	default:
		return baton.Invalid("refresh", "refresh must be 1 or 0; got %q", c.QueryParam("refresh"))
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cs)
}
