package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) apiSessionList(c echo.Context) error {
	f, err := parseSessionFilter(c.QueryParams())
	if err != nil {
		return err
	}
	page, err := s.store.ListSessions(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}
