package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/store"
	"github.com/labstack/echo/v4"
)

// forkRequest is the body of POST /api/v1/conversations/{id}/fork.
type forkRequest struct {
	AtMessageID int64  `json:"at_message_id"`
	Title       string `json:"title"`
}

func (s *Server) ConversationFork(c echo.Context) error {
	// Whose conversation it is is checked before the body is read.
	if _, err := s.store.ConversationByID(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in forkRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	fork, err := s.store.Fork(requestContext(c), stewardID(c), c.Param("id"), store.ForkRequest{AtMessageID: in.AtMessageID, Title: in.Title})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, fork)
}
