package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// frameDelete deletes one of the steward's frames: the one change a frame
// allows, for privacy.
func (s *Server) frameDelete(c echo.Context) error {
	if err := s.store.DeleteFrame(ctx(c), stewardID(c), frameIDParam(c)); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/frames")
}
