package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionDeletePage asks before a session is deleted.
func (s *Server) SessionDeletePage(c echo.Context) error {
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.SessionDelete(views.SessionDeletePage{
		Page: s.page(c, "Delete session", "sessions"), Session: sess,
	}))
}
