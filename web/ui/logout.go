package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/labstack/echo/v4"
)

func (s *Server) Logout(c echo.Context) error {
	if sid := browserOf(c).SessionID; sid != "" {
		if err := s.accounts.DeleteLoginSession(requestContext(c), auth.HashToken(sid)); err != nil {
			return err
		}
	}
	s.cookies.Clear(c.Response())
	return c.Redirect(http.StatusSeeOther, "/login")
}
