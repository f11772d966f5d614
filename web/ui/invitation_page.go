package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// Invitation shows an invitation to the steward it is for; anyone else
// (and any revoked, accepted or expired invitation) gets not found.
func (s *Server) Invitation(c echo.Context) error {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return baton.NotFound("invitation")
	}
	inv, err := s.teams.InvitationForSteward(requestContext(c), stewardID(c), auth.HashToken(token))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return renderHTML(c, http.StatusOK, views.InvitationShow(views.InvitationPage{
		Page: s.page(c, "Join "+inv.TeamName, "teams"), Invitation: inv, Token: token,
	}))
}
