package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// logoutEverywhere ends every sign-in of the steward, in every browser.
func (s *Server) logoutEverywhere(c echo.Context) error {
	if err := s.store.DeleteLoginSessions(ctx(c), stewardID(c)); err != nil {
		return err
	}
	s.cookies.Clear(c.Response())
	return c.Redirect(http.StatusSeeOther, "/login")
}
