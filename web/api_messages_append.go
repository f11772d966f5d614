package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/labstack/echo/v4"
)

// appendRequest is the body of POST /api/v1/sessions/{id}/messages.
type appendRequest struct {
	ConversationID string           `json:"conversation_id"`
	Messages       []*baton.Message `json:"messages"`
}

func (s *Server) apiMessagesAppend(c echo.Context) error {
	var in appendRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Messages == nil {
		return baton.Invalid("messages", "messages is required: a list of up to %d messages", store.MaxBatch)
	}
	for _, m := range in.Messages {
		if m == nil {
			return baton.Invalid("messages", "messages must not contain null")
		}
	}
	// Analysis runs in the background (analysis.Service.Run).
	res, err := s.store.AppendMessages(ctx(c), stewardID(c), c.Param("id"), in.ConversationID, in.Messages)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
