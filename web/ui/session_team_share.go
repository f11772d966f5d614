package ui

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionTeamShare shares one of the steward's sessions with a team they
// are in (the session page's Share section).
func (s *Server) SessionTeamShare(c echo.Context) error {
	team, err := strconv.ParseInt(c.FormValue("team_id"), 10, 64)
	if err != nil {
		if _, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id")); err != nil {
			return err // another steward's session: not found, before any field error
		}
		return baton.Invalid("team_id", "choose a team")
	}
	if _, err := s.sessions.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareSession, c.Param("id"), team); err != nil {
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
