package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) MessagesAppend(c echo.Context) error {
	var in appendRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	msgs, err := in.messages()
	if err != nil {
		return err
	}
	// Analysis runs in the background (analysis.Service.Run).
	res, err := s.sessions.AppendMessages(requestContext(c), stewardID(c), c.Param("id"), in.ConversationID, msgs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
