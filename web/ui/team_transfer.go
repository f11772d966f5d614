package ui

import "github.com/labstack/echo/v4"

func (s *Server) TeamTransfer(c echo.Context) error {
	return s.memberAction(c, "transferred", func(team, member int64) error {
		return s.teams.TransferOwnership(requestContext(c), stewardID(c), team, member)
	})
}
