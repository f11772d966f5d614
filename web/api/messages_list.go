package api

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// MessagesList is GET /api/v1/sessions/{id}/messages.
func (s *Server) MessagesList(c echo.Context) error {
	return s.messagesPage(c, c.Param("id"), c.QueryParam("conversation_id"))
}

// messagesPage answers one page of a conversation's transcript (the main
// one when conversationID is ""), after the sequence number in ?after=, at
// most ?limit= messages; the session and conversation message APIs share it.
func (s *Server) messagesPage(c echo.Context, sessionID, conversationID string) error {
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
		if err != nil || n < 1 || n > baton.MaxBatch {
			return baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", baton.MaxBatch, v)
		}
		limit = n
	}
	msgs, err := s.sessions.Transcript(requestContext(c), stewardID(c), sessionID, conversationID, after, limit)
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
