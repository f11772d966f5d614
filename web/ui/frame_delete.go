package ui

import (
	"net/http"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FrameDelete deletes one of the steward's frames: the one change a frame
// allows, for privacy.
func (s *Server) FrameDelete(c echo.Context) error {
	if err := s.frames.Delete(requestContext(c), stewardID(c), httpx.FrameIDParam(c)); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/frames")
}
