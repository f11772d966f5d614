package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamList(c echo.Context) error {
	return s.renderTeams(c, http.StatusOK, "", "")
}

// renderTeams shows the steward's teams, the invitations for them, and
// the create form (with name and errMsg after a refused create).
func (s *Server) renderTeams(c echo.Context, status int, name, errMsg string) error {
	teams, err := s.teams.TeamsForSteward(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	invitations, err := s.teams.InvitationsFor(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	p := views.TeamsPage{Page: s.page(c, "Teams", "teams"), Teams: teams, Invitations: invitations, Name: name, Error: errMsg}
	if c.QueryParam("done") == "declined" {
		p.Flash, p.FlashKind = "Invitation declined.", "success"
	}
	return renderHTML(c, status, views.Teams(p))
}
