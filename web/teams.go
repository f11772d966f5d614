package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// teamParam reads a numeric id from the route; anything else is not found.
func idParam(c echo.Context, name, what string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, baton.NotFound(what)
	}
	return id, nil
}

func (s *Server) teamList(c echo.Context) error {
	return s.renderTeams(c, http.StatusOK, "", "")
}

func (s *Server) renderTeams(c echo.Context, status int, name, errMsg string) error {
	teams, err := s.store.TeamsForSteward(ctx(c), stewardID(c))
	if err != nil {
		return err
	}
	return renderHTML(c, status, views.Teams(views.TeamsPage{
		Page: s.page(c, "Teams", "teams"), Teams: teams, Name: name, Error: errMsg,
	}))
}

func (s *Server) teamCreate(c echo.Context) error {
	t, err := s.store.CreateTeam(ctx(c), stewardID(c), c.FormValue("name"))
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.renderTeams(c, http.StatusBadRequest, c.FormValue("name"), baton.ErrorMessage(err))
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d", t.ID))
}

func (s *Server) teamShow(c echo.Context) error {
	return s.renderTeam(c, http.StatusOK, views.TeamPage{})
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
	if p.Team, err = s.store.Team(ctx(c), sid, id); err != nil {
		return err
	}
	if p.Members, err = s.store.TeamMembers(ctx(c), sid, id); err != nil {
		return err
	}
	if p.Invitations, err = s.store.PendingInvitations(ctx(c), sid, id); err != nil {
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
		return s.renderTeam(c, statusByCode[baton.ErrorCode(err)], p)
	}
	return err
}

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

func (s *Server) teamInvitationRevoke(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	inv, err := idParam(c, "invitation", "invitation")
	if err != nil {
		return err
	}
	if err := s.store.RevokeInvitation(ctx(c), stewardID(c), id, inv); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=revoked", id))
}

// memberAction runs an owner's action on one member and goes back to the team.
func (s *Server) memberAction(c echo.Context, done string, act func(team, member int64) error) error {
	team, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	member, err := idParam(c, "member", "member")
	if err != nil {
		return err
	}
	if err := act(team, member); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=%s", team, done))
}

func (s *Server) teamMemberRole(c echo.Context) error {
	return s.memberAction(c, "role", func(team, member int64) error {
		return s.store.SetMemberRole(ctx(c), stewardID(c), team, member, baton.TeamRole(c.FormValue("role")))
	})
}

func (s *Server) teamMemberRemove(c echo.Context) error {
	return s.memberAction(c, "removed", func(team, member int64) error {
		return s.store.RemoveMember(ctx(c), stewardID(c), team, member)
	})
}

func (s *Server) teamTransfer(c echo.Context) error {
	return s.memberAction(c, "transferred", func(team, member int64) error {
		return s.store.TransferOwnership(ctx(c), stewardID(c), team, member)
	})
}

func (s *Server) teamLeave(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	if err := s.store.LeaveTeam(ctx(c), stewardID(c), id); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, "/teams?left=1")
}

func (s *Server) teamDelete(c echo.Context) error {
	id, err := idParam(c, "team", "team")
	if err != nil {
		return err
	}
	if err := s.store.DeleteTeam(ctx(c), stewardID(c), id); err != nil {
		return s.teamError(c, err, views.TeamPage{})
	}
	return c.Redirect(http.StatusSeeOther, "/teams")
}

// invitation shows an invitation to the steward it is for; anyone else
// (and any revoked, accepted or expired invitation) gets not found.
func (s *Server) invitation(c echo.Context) error {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return baton.NotFound("invitation")
	}
	inv, err := s.store.InvitationForSteward(ctx(c), stewardID(c), auth.HashToken(token))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return renderHTML(c, http.StatusOK, views.InvitationShow(views.InvitationPage{
		Page: s.page(c, "Join "+inv.TeamName, "teams"), Invitation: inv, Token: token,
	}))
}

func (s *Server) invitationAccept(c echo.Context) error {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return baton.NotFound("invitation")
	}
	t, err := s.store.AcceptInvitation(ctx(c), stewardID(c), auth.HashToken(token))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d?done=joined", t.ID))
}
