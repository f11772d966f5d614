package api

import (
	"net/http"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

func (s *Server) SessionList(c echo.Context) error {
	f, err := httpx.ParseSessionFilter(c.QueryParams())
	if err != nil {
		return err
	}
	page, err := s.sessions.ListSessions(requestContext(c), stewardID(c), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}
