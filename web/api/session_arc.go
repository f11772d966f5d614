package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// SessionArc is a session's emotional arc with the sentiment of each
// steward and assistant message.
func (s *Server) SessionArc(c echo.Context) error {
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	points, err := s.sessions.SentimentSeries(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"emotional_arc": sess.EmotionalArc, "points": points})
}
