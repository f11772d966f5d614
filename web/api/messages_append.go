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
	// Each message is analysed before it is written (the worker,
	// analysis.Service.Run, takes what this leaves).
	res, err := s.sessions.AppendAnalysed(requestContext(c), stewardID(c), c.Param("id"), in.ConversationID, msgs, s.analysis.AnalyzeBeforeWrite)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
