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
}

// WriteFrames streams the signed-in steward's frames that match f as a
// JSON array (array: what Lex's import reads) or NDJSON, each frame the
// bytes it came with (the frames service's Export).
func WriteFrames(c echo.Context, fs FrameExporter, f baton.FrameFilter, array bool) error {
	w := c.Response()
	_, err := fs.Export(Context(c), StewardID(c), f, frames.ExportOptions{
		Array: array,
		Start: func() {
			if array {
				w.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			} else {
				w.Header().Set(echo.HeaderContentType, "application/x-ndjson")
			}
			w.WriteHeader(http.StatusOK)
		},
		// Each page is read holding a page slot, written out without one.
		NextPage: func() error { return AcquirePageSlot(c) },
	}, w)
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
