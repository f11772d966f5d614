package api

import (
	"bytes"
	"net/http"

	"github.com/labstack/echo/v4"
)

// CorrectionsExport is every corrected session of the steward as an
// evaluation case (as `baton eval export` writes them).
func (s *Server) CorrectionsExport(c echo.Context) error {
	var buf bytes.Buffer
	if _, err := s.corrections.ExportCases(requestContext(c), stewardID(c), &buf); err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, buf.Bytes())
}
