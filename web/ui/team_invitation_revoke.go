package ui

import (
	"fmt"
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamInvitationRevoke(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	inv, err := idParam(c, "invitation", "invitation")
	if err != nil {
		return err
	}
	if err := s.teams.RevokeInvitation(requestContext(c), stewardID(c), id, inv); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=revoked", id))
}
