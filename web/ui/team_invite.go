package ui

import (
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamInvite(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	token, hash := auth.NewInvitationToken()
	req := baton.InviteRequest{Who: c.FormValue("who"), Role: baton.TeamRole(c.FormValue("role"))}
	inv, err := s.teams.CreateInvitation(requestContext(c), stewardID(c), id, req, hash)
	if err != nil {
		return s.teamError(c, err, views.TeamPage{Who: req.Who})
	}
	// Redirect after the post: the team page shows the link once, and a
	// reload neither makes another invitation nor shows this one again.
	page := c.Request().URL.Path[:strings.LastIndex(c.Request().URL.Path, "/invitations")]
	link := s.baseURL(c) + "/invitations/" + token
	if err := s.cookies.WriteOnce(c.Response(), c.Request(), page, stewardID(c), inv.Invitee+"\x00"+link); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, page+"#invite-created-title")
}
