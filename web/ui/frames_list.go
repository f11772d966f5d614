package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FramesList is /frames: recall with filters as the steward types (htmx
// swaps #frame-results), or the newest frames when nothing is asked.
func (s *Server) FramesList(c echo.Context) error {
	id := stewardID(c)
	p := views.FramesPage{Page: s.page(c, "Frames", "frames"), Query: c.QueryParams()}
	r := httpx.RecallRequest(c)
	if r.Limit == "" {
		r.Limit = "30"
	}
	if isHTMX(c) {
		// While typing, the last word is a prefix: "recal" already finds "recall".
		r.Prefix = true
	}
	var err error
	if framesAsked(r) {
		p.Result, err = s.frames.Recall(requestContext(c), id, r)
		if baton.ErrorCode(err) == baton.EINVALID {
			p.Error, err = baton.ErrorMessage(err), nil
		}
	} else {
		var page *baton.FramePage
		f := baton.FrameFilter{Limit: 30}
		if f.IncludeSuperseded, err = frames.IncludeSuperseded(r.Superseded); err != nil {
			return err
		}
		page, err = s.frames.Latest(requestContext(c), id, f)
		if page != nil {
			p.Recent = page.Frames
		}
	}
	if err != nil {
		return err
	}
	if isHTMX(c) && c.Request().Header.Get("HX-Target") == "frame-results" {
		return renderHTML(c, http.StatusOK, views.FrameResults(p))
	}
	fc, err := s.frames.FacetsOf(requestContext(c), id, 200, true)
	if err != nil {
		return err
	}
	p.Total, p.Branches, p.Modules = fc.Total, fc.Branches, fc.Modules
	return renderHTML(c, http.StatusOK, views.FramesList(p))
}

// framesAsked reports whether the request asks a recall rather than the newest frames.
func framesAsked(r frames.RecallRequest) bool {
	return r.Q != "" || r.Module != "" || r.Branch != "" || r.Since != "" || r.Until != ""
}
