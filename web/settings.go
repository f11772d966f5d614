package web

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) settingsPage(c echo.Context) error {
	return s.renderSettings(c, http.StatusOK, "", "")
}

func (s *Server) renderSettings(c echo.Context, status int, newToken, errMsg string) error {
	tokens, err := s.store.TokensForSteward(ctx(c), stewardID(c))
	if err != nil {
		return err
	}
	p := views.SettingsPage{Page: s.page(c, "Settings", "settings"), Tokens: tokens, NewToken: newToken, Error: errMsg}
	if err := s.identitySettings(c, &p); err != nil {
		return err
	}
	return renderHTML(c, status, views.Settings(p))
}

// tokenCreate makes a personal access token and shows it once.
func (s *Server) tokenCreate(c echo.Context) error {
	token, hash, prefix := auth.NewToken()
	if _, err := s.store.CreateToken(ctx(c), stewardID(c), c.FormValue("name"), hash, prefix); err != nil {
		if baton.ErrorCode(err) == baton.EINVALID {
			return s.renderSettings(c, http.StatusBadRequest, "", baton.ErrorMessage(err))
		}
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.renderSettings(c, http.StatusOK, token, "")
}

func (s *Server) tokenRevoke(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("token")
	}
	if err := s.store.RevokeToken(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings")
}
