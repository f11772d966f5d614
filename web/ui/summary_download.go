package ui

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// SummaryDownload is /summary.md: the summary as the Markdown file cross_conversational_summary.md that `baton export markdown` writes.
func (s *Server) SummaryDownload(c echo.Context) error {
	cs, err := s.continuity.Summary(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="cross_conversational_summary.md"`)
	return c.Blob(http.StatusOK, "text/markdown; charset=utf-8", []byte(cs.Markdown))
}
