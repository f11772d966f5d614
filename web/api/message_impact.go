package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// MessageImpact replaces what a message led to.
func (s *Server) MessageImpact(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	var in baton.Impact
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	updated, err := s.messages.SetMessageImpact(requestContext(c), stewardID(c), m.ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, updated)
}
