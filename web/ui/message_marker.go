package ui

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// MessageMarker places a marker by hand at a message of a transcript and
// shows it on the timeline.
func (s *Server) MessageMarker(c echo.Context) error {
	id, err := idParam(c, "id", "message")
	if err != nil {
		return err
	}
	m, err := s.continuity.MarkMessage(requestContext(c), stewardID(c), id, strings.TrimSpace(c.FormValue("marker_type")), c.FormValue("note"))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/continuity#marker-"+m.ID)
}
