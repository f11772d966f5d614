package web

import "github.com/labstack/echo/v4"

// identityLinkStart sends a signed-in steward to a provider to link it.
func (s *Server) identityLinkStart(c echo.Context) error {
	return s.beginFlow(c, stewardID(c), "/settings")
}
