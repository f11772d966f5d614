package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ReplayGet is GET /api/v1/replays/{id}: the replay and its fork.
func (s *Server) ReplayGet(c echo.Context) error {
	r, err := s.conversations.Replay(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), r.ConversationID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"replay": r, "conversation": conv})
}
