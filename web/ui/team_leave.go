package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamLeave(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	if err := s.teams.LeaveTeam(requestContext(c), stewardID(c), id); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, "/teams?left=1")
}
