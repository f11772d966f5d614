package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) BridgeRevisions(c echo.Context) error {
	revs, err := s.bridges.BridgeRevisions(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"revisions": revs})
}
