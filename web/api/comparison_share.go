package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// teamShareRequest is the body of POST /api/v1/comparisons/{id}/shares.
type teamShareRequest struct {
	TeamID int64 `json:"team_id"`
}

func (s *Server) ComparisonShare(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	if cmp.Access != baton.AccessOwner {
		return baton.NotFound("comparison") // only its owner shares it
	}
	var in teamShareRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sh, err := s.comparisonRecords.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareComparison, c.Param("id"), in.TeamID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sh)
}
