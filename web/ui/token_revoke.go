package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) TokenRevoke(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("token")
	}
	if err := s.accounts.RevokeToken(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings")
}
