package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) TeamList(c echo.Context) error {
	return s.renderTeams(c, http.StatusOK, "", "")
}

func (s *Server) renderTeams(c echo.Context, status int, name, errMsg string) error {
	teams, err := s.store.TeamsForSteward(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	return renderHTML(c, status, views.Teams(views.TeamsPage{
		Page: s.page(c, "Teams", "teams"), Teams: teams, Name: name, Error: errMsg,
	}))
}
