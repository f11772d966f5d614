package api

import (
	"context"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// cherryPickRequest is the body of POST /api/v1/conversations/{id}/cherry-pick:
// message ids, or a range of sequence numbers, and where to copy them.
type cherryPickRequest struct {
	MessageIDs           []int64 `json:"message_ids"`
	FromSeq              int64   `json:"from_seq"`
	ToSeq                int64   `json:"to_seq"`
	TargetConversationID string  `json:"target_conversation_id"`
	Title                string  `json:"title"`
}

// cherryPicker is what CherryPick needs of the replay service.
type cherryPicker interface {
	Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	CherryPick(ctx context.Context, stewardID int64, src *baton.Conversation, req replay.CherryPickRequest) (*baton.Conversation, []*baton.Message, error)
}

func (s *Server) CherryPick(c echo.Context) error {
	src, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in cherryPickRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	target, copies, err := s.replays.CherryPick(requestContext(c), stewardID(c), src, replay.CherryPickRequest{
		MessageIDs: in.MessageIDs, FromSeq: in.FromSeq, ToSeq: in.ToSeq, TargetConversationID: in.TargetConversationID, NewTitle: in.Title})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"conversation": target, "messages": copies})
}
