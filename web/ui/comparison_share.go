package ui

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ComparisonShare shares one of the steward's comparisons with a team
// they are in. A refused team comes back as the page (400) with the share
// form naming team_id and showing the team sent.
func (s *Server) ComparisonShare(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	if cmp.Access != baton.AccessOwner {
		return baton.NotFound("comparison")
	}
	typed, team, err := shareTeam(c)
	if err == nil {
		_, err = s.comparisonRecords.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareComparison, cmp.ID, team)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.renderComparisonWith(c, http.StatusBadRequest, cmp, nil, func(p *views.ComparisonPage) {
			p.Share = views.ShareForms{TeamID: typed, TeamError: refusal(err)}
		})
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID+"?done=shared")
}

// shareTeam reads a team share form's team_id: as sent, and as a number.
func shareTeam(c echo.Context) (string, int64, error) {
	typed := strings.TrimSpace(c.FormValue("team_id"))
	if typed == "" {
		return "", 0, baton.Invalid("team_id", "team_id is required: choose one of your teams")
	}
	team, err := strconv.ParseInt(typed, 10, 64)
	if err != nil || team <= 0 {
		return typed, 0, baton.Invalid("team_id", "team_id %q is not a team: choose one of your teams", typed)
	}
	return typed, team, nil
}

// refusal is a refused form's message, naming its field.
func refusal(err error) string {
	msg, field := baton.ErrorMessage(err), baton.ErrorField(err)
	if field != "" && !strings.Contains(msg, field) {
		msg = field + ": " + msg
	}
	return msg
}
