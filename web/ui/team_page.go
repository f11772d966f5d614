package ui

import (
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamShow(c echo.Context) error {
	// An invitation just made (team_invite.go) is shown this once.
	var p views.TeamPage
	if once := s.cookies.TakeOnce(c.Response(), c.Request(), c.Request().URL.Path, stewardID(c)); once != "" {
		invitee, link, _ := strings.Cut(once, "\x00")
		p.InviteURL, p.Invited = link, &baton.Invitation{Invitee: invitee}
		c.Response().Header().Set("Cache-Control", "no-store")
	}
	return s.renderTeam(c, http.StatusOK, p)
}

// teamDone are the flashes a redirect back to a team page may ask for.
var teamDone = map[string]string{
	"role":        "Role changed.",
	"removed":     "Member removed.",
	"transferred": "Ownership transferred. You are now a member.",
	"revoked":     "Invitation withdrawn.",
	"joined":      "Welcome to the team.",
}

// renderTeam shows a team to one of its members; p carries what the
// action that led here has to say (a new invitation link, an error).
func (s *Server) renderTeam(c echo.Context, status int, p views.TeamPage) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	sid := stewardID(c)
	if p.Team, err = s.teams.Team(requestContext(c), sid, id); err != nil {
		return err
	}
	if p.Members, err = s.teams.TeamMembers(requestContext(c), sid, id); err != nil {
		return err
	}
	if p.Invitations, err = s.teams.PendingInvitations(requestContext(c), sid, id); err != nil {
		return err
	}
	if p.Shares, err = s.teams.TeamShares(requestContext(c), sid, id); err != nil {
		return err
	}
	p.Page = s.page(c, p.Team.Name, "teams")
	p.Roles = []baton.TeamRole{baton.RoleMember, baton.RoleViewer}
	p.StewardID = sid
	if msg := teamDone[c.QueryParam("done")]; msg != "" {
		p.Flash, p.FlashKind = msg, "success"
	}
	return renderHTML(c, status, views.TeamShow(p))
}

// teamError shows the team page with an error from an action, or passes
// on an error that is not about the form (not found, internal).
func (s *Server) teamError(c echo.Context, err error, p views.TeamPage) error {
	switch baton.ErrorCode(err) {
	case baton.EINVALID, baton.ECONFLICT, baton.EFORBIDDEN:
		p.Error = baton.ErrorMessage(err)
		return s.renderTeam(c, httpx.StatusByCode[baton.ErrorCode(err)], p)
	}
	return err
}
