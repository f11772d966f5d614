package api

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// markerRequest is the body of POST /api/v1/messages/{id}/markers.
type markerRequest struct {
	Type string `json:"marker_type"`
	Note string `json:"note"`
}

// MessageMarker places a marker at one of the steward's messages.
func (s *Server) MessageMarker(c echo.Context) error {
	id, err := idParam(c, "id", "message")
	if err != nil {
		return err
	}
	var in markerRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	m, err := s.continuity.MarkMessage(requestContext(c), stewardID(c), id, strings.TrimSpace(in.Type), in.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, m)
}
