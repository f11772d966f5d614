package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

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
