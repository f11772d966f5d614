package ui

import (
	"strings"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FramesExport is /frames/export.json (a JSON array, the file Lex's import
// reads) and /frames/export.ndjson (Lex's frames.ndjson): every frame of
// the signed-in steward, as `baton frames import` reads them too.
func (s *Server) FramesExport(c echo.Context) error {
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	name := "frames.json"
	if strings.HasSuffix(c.Path(), ".ndjson") {
		name = "frames.ndjson"
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	return httpx.WriteFrames(c, s.frames, f, name == "frames.json")
}
