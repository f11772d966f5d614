package ui

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// InvitationJoin accepts an invitation from the steward's Teams page,
// where the invitations for them are listed: no link is needed.
func (s *Server) InvitationJoin(c echo.Context) error {
	id, err := idParam(c, "invitation", "invitation")
	if err != nil {
		return err
	}
	t, err := s.teams.AcceptInvitationByID(requestContext(c), stewardID(c), id)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=joined", t.ID))
}

// InvitationDecline closes an invitation for the steward without joining.
func (s *Server) InvitationDecline(c echo.Context) error {
	id, err := idParam(c, "invitation", "invitation")
	if err != nil {
		return err
	}
	if err := s.teams.DeclineInvitation(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/teams?done=declined")
}
