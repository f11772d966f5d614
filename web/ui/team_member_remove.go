package ui

import "github.com/labstack/echo/v4"

func (s *Server) TeamMemberRemove(c echo.Context) error {
	return s.memberAction(c, "removed", func(team, member int64) error {
		return s.teams.RemoveMember(requestContext(c), stewardID(c), team, member)
	})
}
