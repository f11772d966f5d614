package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionShare shares one of the steward's sessions with a team they
// are in: POST /api/v1/sessions/{id}/shares {"team_id"} (teamShareRequest).
func (s *Server) SessionShare(c echo.Context) error {
	if _, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in teamShareRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sh, err := s.sessions.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareSession, c.Param("id"), in.TeamID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sh)
}
