package ui

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// SessionReanalyse runs the session's analysis again and redraws the
// page's overview (header, review, panels and arc).
func (s *Server) SessionReanalyse(c echo.Context) error {
	id := c.Param("id")
	if err := s.analysis.AnalyzeSession(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(id))
	}
	// Draw the page as the steward sees it (the same conversation and
	// place, from the page's own address); htmx takes the overview from it.
	in := sessionPageInput{SessionID: id}
	if cur, err := url.Parse(c.Request().Header.Get("HX-Current-URL")); err == nil && cur.Path == "/sessions/"+id {
		in = sessionPageInputOf(id, cur.Query())
	}
	return s.renderSessionPage(c, in)
}
