package ui

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// LogoutEverywhere ends every sign-in of the steward, in every browser.
func (s *Server) LogoutEverywhere(c echo.Context) error {
	if err := s.accounts.DeleteLoginSessions(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	s.cookies.Clear(c.Response())
	return c.Redirect(http.StatusSeeOther, "/login")
}
