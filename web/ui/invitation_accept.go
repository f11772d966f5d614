package ui

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// InvitationAccept joins the steward to the team of an invitation made
// out to them.
func (s *Server) InvitationAccept(c echo.Context) error {
	_, hash, err := linkToken(c, "invitation")
	if err != nil {
		return err
	}
	t, err := s.teams.AcceptInvitation(requestContext(c), stewardID(c), hash)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=joined", t.ID))
}
