package web

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// sessionReanalyse runs the session's analysis again and redraws the
// page's overview (header, review, panels and arc).
func (s *Server) sessionReanalyse(c echo.Context) error {
	id := c.Param("id")
	if err := s.analysis.AnalyzeSession(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(id))
	}
	// Draw the page as the steward sees it (the same conversation and
	// place): its query becomes this request's, which sessionShow reads
	// (Echo keeps the parsed query, so it is replaced in place). htmx
	// takes the overview from the page.
	q := c.QueryParams()
	for k := range q {
		delete(q, k)
	}
	if cur, err := url.Parse(c.Request().Header.Get("HX-Current-URL")); err == nil && cur.Path == "/sessions/"+id {
		for k, v := range cur.Query() {
			q[k] = v
		}
	}
	return s.sessionShow(c)
}
