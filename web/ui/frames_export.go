package ui

import (
	"path"
	"strings"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FramesExport is /frames/export.json (a JSON array, the file Lex's import
// reads), /frames/export.ndjson (Lex's frames.ndjson) and
// /frames/export.zip (Lex's own export: a frame-<id>.json file per frame):
// every frame of the signed-in steward, as `baton frames import` reads them
// too.
func (s *Server) FramesExport(c echo.Context) error {
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	format := strings.TrimPrefix(path.Ext(c.Path()), ".")
	c.Response().Header().Set("Content-Disposition", `attachment; filename="frames.`+format+`"`)
	return httpx.WriteFrames(c, s.frames, f, format)
}
