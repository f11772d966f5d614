package web

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/labstack/echo/v4"
)

// apiConversationMessagesList is GET /api/v1/conversations/{id}/messages:
// the session messages API's answer for one conversation; a fork reads its
// parent's prefix.
func (s *Server) apiConversationMessagesList(c echo.Context) error {
	conv, err := s.store.ConversationByID(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var after int64
	limit := 100
	if v := c.QueryParam("after"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return baton.Invalid("after", "after must be a sequence number (0 or more); got %q", v)
		}
		after = n
	}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxBatch {
			return baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", store.MaxBatch, v)
		}
		limit = n
	}
	msgs, err := s.store.Transcript(ctx(c), stewardID(c), conv.SessionID, conv.ID, after, limit)
	if err != nil {
		return err
	}
	out := struct {
		Messages  []*baton.Message `json:"messages"`
		NextAfter *int64           `json:"next_after"`
	}{Messages: msgs}
	if len(msgs) == limit {
		out.NextAfter = &msgs[len(msgs)-1].Seq
	}
	return c.JSON(http.StatusOK, out)
}

// apiConversationMessagesAppend is POST /api/v1/conversations/{id}/messages:
// the session messages API's body; a conversation_id, if sent, must be this one.
func (s *Server) apiConversationMessagesAppend(c echo.Context) error {
	conv, err := s.store.ConversationByID(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in appendRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.ConversationID != "" && in.ConversationID != conv.ID {
		return baton.Invalid("conversation_id", "conversation_id must be this conversation's id or left out")
	}
	msgs, err := in.messages()
	if err != nil {
		return err
	}
	res, err := s.store.AppendMessages(ctx(c), stewardID(c), conv.SessionID, conv.ID, msgs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
