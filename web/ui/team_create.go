package ui

import (
	"fmt"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamCreate(c echo.Context) error {
	t, err := s.teams.CreateTeam(requestContext(c), stewardID(c), c.FormValue("name"))
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.renderTeams(c, http.StatusBadRequest, c.FormValue("name"), baton.ErrorMessage(err))
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/teams/%d", t.ID))
}
