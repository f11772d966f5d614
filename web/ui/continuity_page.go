package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ContinuityTimeline is /continuity: the markers across sessions.
func (s *Server) ContinuityTimeline(c echo.Context) error {
	ms, err := s.bridges.Markers(requestContext(c), stewardID(c), "", 0)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.Continuity(views.ContinuityPage{Page: s.page(c, "Continuity", "continuity"), Markers: ms}))
}
