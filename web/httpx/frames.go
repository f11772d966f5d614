package httpx

import (
	"context"
	"io"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/labstack/echo/v4"
)

// FrameExporter writes a steward's frames as Lex's import reads them (the
// frames service).
type FrameExporter interface {
	Export(ctx context.Context, stewardID int64, f baton.FrameFilter, o frames.ExportOptions, w io.Writer) (int, error)
	ExportZip(ctx context.Context, stewardID int64, f baton.FrameFilter, o frames.ExportOptions, w io.Writer) (int, error)
}

// The forms of an export: a JSON array (what `lex frames import
// --from-file` reads), NDJSON (Lex's frames.ndjson), or a zip of Lex's own
// per-frame files (what `lex frames export` writes, `--from-dir` reads).
const (
	ExportJSON   = "json"
	ExportNDJSON = "ndjson"
	ExportZip    = "zip"
)

// WriteFrames streams the signed-in steward's frames that match f in the
// form format names (ExportJSON, ExportNDJSON, ExportZip), each frame the
// bytes it came with (the frames service's Export).
func WriteFrames(c echo.Context, fs FrameExporter, f baton.FrameFilter, format string) error {
	w := c.Response()
	o := frames.ExportOptions{
		Array: format == ExportJSON,
		Start: func() {
			w.Header().Set(echo.HeaderContentType, map[string]string{
				ExportJSON: echo.MIMEApplicationJSON, ExportNDJSON: "application/x-ndjson", ExportZip: "application/zip",
			}[format])
			w.WriteHeader(http.StatusOK)
		},
		// Each page is read holding a page slot, written out without one.
		NextPage: func() error { return AcquirePageSlot(c) },
	}
	var err error
	if format == ExportZip {
		_, err = fs.ExportZip(Context(c), StewardID(c), f, o, w)
	} else {
		_, err = fs.Export(Context(c), StewardID(c), f, o, w)
	}
	return err
}

// RecallRequest reads a recall's query parameters.
func RecallRequest(c echo.Context) frames.RecallRequest {
	return frames.RecallRequest{
		Q: c.QueryParam("q"), Mode: c.QueryParam("mode"), Module: c.QueryParam("module"), Branch: c.QueryParam("branch"),
		Since: c.QueryParam("since"), Until: c.QueryParam("until"), Limit: c.QueryParam("limit"),
		Prefix:     c.QueryParam("prefix") == "1" || c.QueryParam("prefix") == "true",
		Superseded: c.QueryParam("superseded"),
	}
}
