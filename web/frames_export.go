package web

import (
	"github.com/labstack/echo/v4"
)

// framesExport is /frames/export.ndjson: every frame of the signed-in
// steward as Lex NDJSON, the file `baton frames import` and Lex read.
func (s *Server) framesExport(c echo.Context) error {
	f, err := frameFilter(c, 1000)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="frames.ndjson"`)
	return s.writeFrames(c, f, false)
}
