package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// ComparisonShare shares one of the steward's comparisons with a team they are in.
func (s *Server) ComparisonShare(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	if cmp.Access != baton.AccessOwner {
		return baton.NotFound("comparison")
	}
	team, err := strconv.ParseInt(c.FormValue("team_id"), 10, 64)
	if err != nil {
		return baton.Invalid("team_id", "choose a team")
	}
	if _, err := s.comparisonRecords.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareComparison, cmp.ID, team); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID+"?done=shared")
}
