package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// SessionAnalyse runs a session's analysis again and returns the session.
func (s *Server) SessionAnalyse(c echo.Context) error {
	if err := s.analysis.AnalyzeSession(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}
