package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// Markers answers GET /api/v1/markers: the steward's markers in time
// order, or one session's with ?session_id=.
func (s *Server) Markers(c echo.Context) error {
	ms, err := s.bridges.Markers(requestContext(c), stewardID(c), c.QueryParam("session_id"), 0)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"markers": ms})
}
