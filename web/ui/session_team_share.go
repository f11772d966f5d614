package ui

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionTeamShare shares one of the steward's sessions with a team they
// are in (the session page's Share section).
func (s *Server) SessionTeamShare(c echo.Context) error {
	typed, team, err := shareTeam(c)
	if err == nil {
		_, err = s.sessions.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareSession, c.Param("id"), team)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		// The session page comes back, its form as sent; for another
		// steward's session the page itself answers not found first.
		return s.renderSessionPageWith(c, sessionPageInput{SessionID: c.Param("id")}, http.StatusBadRequest,
			views.ShareForms{TeamID: typed, TeamError: refusal(err)})
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, sessionPath(c.Param("id"))+"?done=shared#side-share")
}

// SessionTeamUnshare ends a team's access to one of the steward's sessions.
func (s *Server) SessionTeamUnshare(c echo.Context) error {
	team, err := strconv.ParseInt(c.Param("team"), 10, 64)
	if err != nil {
		return baton.NotFound("team share")
	}
	if err := s.sessions.UnshareFromTeam(requestContext(c), stewardID(c), baton.TeamShareSession, c.Param("id"), team); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, sessionPath(c.Param("id"))+"?done=unshared#side-share")
}

func sessionPath(id string) string { return fmt.Sprintf("/sessions/%s", id) }
