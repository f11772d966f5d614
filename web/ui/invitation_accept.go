package ui

import (
	"fmt"
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) InvitationAccept(c echo.Context) error {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return baton.NotFound("invitation")
	}
	t, err := s.teams.AcceptInvitation(requestContext(c), stewardID(c), auth.HashToken(token))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=joined", t.ID))
}
