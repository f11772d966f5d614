package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionDelete deletes a session and everything in it, once the steward
// has confirmed on the confirmation page (confirm=delete): a bare post,
// or a stray form, deletes nothing.
func (s *Server) SessionDelete(c echo.Context) error {
	id, confirmed := c.Param("id"), c.FormValue("confirm") == "delete"
	if !confirmed {
		// Another steward's session is still not found, confirmed or not.
		if _, err := s.sessions.Session(requestContext(c), stewardID(c), id); err != nil {
			return err
		}
		return baton.Invalid("confirm", "Deleting a session needs its confirmation: use the Delete button on the confirmation page.")
	}
	// Through the analysis: the relationship of the sessions after it
	// follows on from the one before it.
	if err := s.analysis.DeleteSession(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sessions?done=deleted")
}
