package ui

import (
	"fmt"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// memberAction runs an owner's action on one member and goes back to the team.
func (s *Server) memberAction(c echo.Context, done string, act func(team, member int64) error) error {
	team, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	member, err := idParam(c, "member", "member")
	if err != nil {
		return err
	}
	if err := act(team, member); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=%s", team, done))
}

func (s *Server) TeamMemberRole(c echo.Context) error {
	return s.memberAction(c, "role", func(team, member int64) error {
		return s.teams.SetMemberRole(requestContext(c), stewardID(c), team, member, baton.TeamRole(c.FormValue("role")))
	})
}
