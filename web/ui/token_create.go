package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// TokenCreate makes a personal access token and shows it once.
func (s *Server) TokenCreate(c echo.Context) error {
	token, hash, prefix := auth.NewToken()
	if _, err := s.accounts.CreateToken(requestContext(c), stewardID(c), c.FormValue("name"), hash, prefix); err != nil {
		if baton.ErrorCode(err) == baton.EINVALID {
			return s.renderSettings(c, http.StatusBadRequest, "", baton.ErrorMessage(err))
		}
		return err
	}
	// Redirect after the post: the settings page shows the token once, and
	// a reload neither makes another token nor shows this one again.
	if err := s.cookies.WriteOnce(c.Response(), c.Request(), "/settings", stewardID(c), token); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings#new-token")
}
