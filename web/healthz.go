package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) healthz(c echo.Context) error {
	if err := s.store.Ping(requestContext(c)); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unavailable")
	}
	return c.String(http.StatusOK, "ok")
}
