package ui

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// MessageMarker places a marker by hand at a message of a transcript and
// shows it on the timeline.
func (s *Server) MessageMarker(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("message")
	}
	m, err := s.continuity.MarkMessage(requestContext(c), stewardID(c), id, strings.TrimSpace(c.FormValue("marker_type")), c.FormValue("note"))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/continuity#marker-"+m.ID)
}
