package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// ConversationMessagesList is GET /api/v1/conversations/{id}/messages:
// the session messages API's answer for one conversation; a fork reads its
// parent's prefix.
func (s *Server) ConversationMessagesList(c echo.Context) error {
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return s.messagesPage(c, conv.SessionID, conv.ID)
}

// ConversationMessagesAppend is POST /api/v1/conversations/{id}/messages:
// the session messages API's body; a conversation_id, if sent, must be this one.
func (s *Server) ConversationMessagesAppend(c echo.Context) error {
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), c.Param("id"))
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
	res, err := s.conversations.AppendAnalysed(requestContext(c), stewardID(c), conv.SessionID, conv.ID, msgs, s.analysis.AnalyzeBeforeWrite)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
