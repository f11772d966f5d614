package api

import (
	"context"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
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
	Messages(ctx context.Context, stewardID int64, conv *baton.Conversation, upTo int64) ([]*baton.Message, error)
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
	ids, err := s.cherryPickIDs(c, src, in)
	if err != nil {
		return err
	}
	target, copies, err := s.replays.CherryPick(requestContext(c), stewardID(c), src,
		replay.CherryPickRequest{MessageIDs: ids, TargetConversationID: in.TargetConversationID, NewTitle: in.Title})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"conversation": target, "messages": copies})
}

// cherryPickIDs turns a range of sequence numbers into message ids.
func (s *Server) cherryPickIDs(c echo.Context, src *baton.Conversation, in cherryPickRequest) ([]int64, error) {
	if len(in.MessageIDs) > 0 {
		if in.FromSeq != 0 || in.ToSeq != 0 {
			return nil, baton.Invalid("message_ids", "send message_ids or from_seq/to_seq, not both")
		}
		return in.MessageIDs, nil
	}
	if in.FromSeq == 0 && in.ToSeq == 0 {
		return nil, baton.Invalid("message_ids", "message_ids (or from_seq and to_seq) is required")
	}
	if in.FromSeq < 1 || in.ToSeq < in.FromSeq {
		return nil, baton.Invalid("from_seq", "from_seq must be 1 or more and at most to_seq")
	}
	if in.ToSeq-in.FromSeq >= store.MaxBatch {
		return nil, baton.Invalid("to_seq", "a range holds at most %d messages", store.MaxBatch)
	}
	msgs, err := s.replays.Messages(requestContext(c), stewardID(c), src, in.ToSeq)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, m := range msgs {
		if m.Seq >= in.FromSeq {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) == 0 {
		return nil, baton.Invalid("from_seq", "no messages from #%d to #%d", in.FromSeq, in.ToSeq)
	}
	return ids, nil
}
