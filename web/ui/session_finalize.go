package ui

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// SessionFinalize is the session page's Finalize button: it ends the
// session, drafts its bridge and opens it in the editor.
func (s *Server) SessionFinalize(c echo.Context) error {
	_, b, err := s.continuity.Finalize(requestContext(c), stewardID(c), c.Param("id"), nil)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/bridges/"+url.PathEscape(b.ID))
}
