package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) SessionBridge(c echo.Context) error {
	b, err := s.bridges.SessionBridge(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}
