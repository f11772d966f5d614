package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// markerRequest is the body of POST /api/v1/messages/{id}/markers.
type markerRequest struct {
	Type string `json:"marker_type"`
	Note string `json:"note"`
}

func (s *Server) MessageMarker(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("message")
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
