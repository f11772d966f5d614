package ui

import "github.com/labstack/echo/v4"

// IdentityLinkStart sends a signed-in steward to a provider to link it.
func (s *Server) IdentityLinkStart(c echo.Context) error {
	return s.beginFlow(c, stewardID(c), "/settings")
}
