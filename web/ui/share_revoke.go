package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// ShareRevoke ends one of the steward's share links.
func (s *Server) ShareRevoke(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("share"), 10, 64)
	if err != nil {
		return baton.NotFound("share link")
	}
	if err := s.shares.RevokeShareLink(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?done=share-revoked")
}
