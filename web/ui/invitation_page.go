package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// Invitation shows an invitation to the steward it is for; anyone else
// (and any revoked, accepted or expired invitation) gets not found.
func (s *Server) Invitation(c echo.Context) error {
	token, hash, err := linkToken(c, "invitation")
	if err != nil {
		return err
	}
	inv, err := s.teams.InvitationForSteward(requestContext(c), stewardID(c), hash)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return renderHTML(c, http.StatusOK, views.InvitationShow(views.InvitationPage{
		Page: s.page(c, "Join "+inv.TeamName, "teams"), Invitation: inv, Token: token,
	}))
}
