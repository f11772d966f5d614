package web

import "github.com/labstack/echo/v4"

// apiSessionAnnotations lists every annotation of a session and its
// messages, newest first, paged by ?before=ID.
func (s *Server) apiSessionAnnotations(c echo.Context) error {
	if _, err := s.store.Session(ctx(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	q := c.QueryParams()
	q.Set("session", c.Param("id"))
	return s.apiListAnnotations(c, q)
}
