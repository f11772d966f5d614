package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ImportStructured is POST /api/v1/import/structured: structured
// conversation JSON, imported document by document. The importer reads
// one byte slice (structured.Scan), so the body is held once, in a buffer
// of its declared length (readBody), and handed over with no reference
// kept here: the importer lets each document's bytes go once stored.
func (s *Server) ImportStructured(c echo.Context) error {
	data, err := readBody(c)
	if err != nil {
		return err
	}
	results, err := s.importer.ImportStructured(requestContext(c), stewardID(c), data, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"results": results})
}
