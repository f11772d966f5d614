package ui

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// ReviewCorrectionsExport downloads the steward's corrections as
// evaluation cases (as `baton eval export` writes them).
func (s *Server) ReviewCorrectionsExport(c echo.Context) error {
	// Written whole first, so a failure answers an error page rather
	// than half a document.
	var buf bytes.Buffer
	if _, err := s.corrections.ExportCases(requestContext(c), stewardID(c), &buf); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="baton-eval-cases-%s.json"`, s.clock().UTC().Format("2006-01-02")))
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	_, err := buf.WriteTo(c.Response())
	return err
}
