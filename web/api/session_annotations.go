package api

import "github.com/labstack/echo/v4"

// SessionAnnotations lists every annotation of a session and its
// messages, newest first, paged by ?before=ID.
func (s *Server) SessionAnnotations(c echo.Context) error {
	if _, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	q := c.QueryParams()
	q.Set("session", c.Param("id"))
	return s.apiListAnnotations(c, q)
}
