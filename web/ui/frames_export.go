package ui

import (
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FramesExport is /frames/export.ndjson: every frame of the signed-in
// steward as Lex NDJSON, the file `baton frames import` and Lex read.
func (s *Server) FramesExport(c echo.Context) error {
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="frames.ndjson"`)
	return httpx.WriteFrames(c, s.store, f, false)
}
