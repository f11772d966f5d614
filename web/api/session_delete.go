package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// SessionDelete deletes a session and everything in it: 204, or 404
// for a session that is not the steward's.
func (s *Server) SessionDelete(c echo.Context) error {
	// Through the analysis: the relationship of the sessions after it
	// follows on from the one before it.
	if err := s.analysis.DeleteSession(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
