package api

import (
	"context"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// forkRequest is the body of POST /api/v1/conversations/{id}/fork.
type forkRequest struct {
	AtMessageID int64  `json:"at_message_id"`
	Title       string `json:"title"`
}

// forker is what ConversationFork needs of the replay service.
type forker interface {
	Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	Fork(ctx context.Context, stewardID int64, conv *baton.Conversation, req replay.ForkRequest) (*baton.Conversation, error)
}

func (s *Server) ConversationFork(c echo.Context) error {
	// Whose conversation it is is checked before the body is read.
	conv, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in forkRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	fork, err := s.replays.Fork(requestContext(c), stewardID(c), conv, replay.ForkRequest{AtMessageID: in.AtMessageID, Title: in.Title})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, fork)
}
