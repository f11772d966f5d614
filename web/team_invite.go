package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) teamInvite(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	token, hash := auth.NewInvitationToken()
	req := store.InviteRequest{Who: c.FormValue("who"), Role: baton.TeamRole(c.FormValue("role"))}
	inv, err := s.store.CreateInvitation(ctx(c), stewardID(c), id, req, hash)
	if err != nil {
		return s.teamError(c, err, views.TeamPage{Who: req.Who})
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.renderTeam(c, http.StatusOK, views.TeamPage{
		InviteURL: s.baseURL(c) + "/invitations/" + token, Invited: inv,
	})
}
