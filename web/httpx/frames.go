package httpx

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/labstack/echo/v4"
)

// FrameTimelines reads a steward's frames a page at a time.
type FrameTimelines interface {
	FrameTimeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, error)
}

// WriteFrames streams the signed-in steward's frames that match f as NDJSON
// (Lex's frames.ndjson) or, with array, as one JSON array.
func WriteFrames(c echo.Context, frames FrameTimelines, f baton.FrameFilter, array bool) error {
	f.Limit, f.Cursor = 500, ""
	// The first page is read before anything is written, so an error is still a clean error.
	page, err := frames.FrameTimeline(Context(c), StewardID(c), f)
	if err != nil {
		return err
	}
	w := c.Response()
	if array {
		w.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	} else {
		w.Header().Set(echo.HeaderContentType, "application/x-ndjson")
	}
	w.WriteHeader(http.StatusOK)
	n := 0
	if array {
		_, _ = w.Write([]byte("["))
	}
	for {
		for _, fr := range page.Frames {
			b, err := json.Marshal(fr)
			if err != nil {
				return err
			}
			if array && n > 0 {
				_, _ = w.Write([]byte(","))
			}
			_, _ = w.Write(b)
			if !array {
				_, _ = w.Write([]byte("\n"))
			}
			n++
		}
		if page.NextCursor == "" {
			break
		}
		f.Cursor = page.NextCursor
		// Each page is read holding a page slot, written out without one.
		if err := AcquirePageSlot(c); err != nil {
			return err
		}
		if page, err = frames.FrameTimeline(Context(c), StewardID(c), f); err != nil {
			return err
		}
	}
	if array {
		_, _ = w.Write([]byte("]\n"))
	}
	return nil
}

// RecallRequest reads a recall's query parameters.
func RecallRequest(c echo.Context) frames.RecallRequest {
	return frames.RecallRequest{
		Q: c.QueryParam("q"), Mode: c.QueryParam("mode"), Module: c.QueryParam("module"), Branch: c.QueryParam("branch"),
		Since: c.QueryParam("since"), Until: c.QueryParam("until"), Limit: c.QueryParam("limit"),
		Prefix: c.QueryParam("prefix") == "1" || c.QueryParam("prefix") == "true",
	}
}
