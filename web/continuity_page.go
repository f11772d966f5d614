package web

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// continuityTimeline is /continuity: the markers across sessions.
func (s *Server) continuityTimeline(c echo.Context) error {
	ms, err := s.store.Markers(ctx(c), stewardID(c), "", 0)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.Continuity(views.ContinuityPage{Page: s.page(c, "Continuity", "continuity"), Markers: ms}))
}
