package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FramesTimeline is /frames/timeline?branch=&module=: frames newest first,
// 100 a page; "Load older" fetches the next page as a partial (htmx).
func (s *Server) FramesTimeline(c echo.Context) error {
	id := stewardID(c)
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	f.Limit = 100
	page, links, err := s.frames.Timeline(requestContext(c), id, f)
	if err != nil {
		return err
	}
	p := views.FrameTimelinePage{Page: s.page(c, "Timeline", "frames"), Branch: f.Branch, Module: f.Module, Frames: page.Frames, Sessions: links}
	if page.NextCursor != "" {
		q := url.Values{"cursor": {page.NextCursor}}
		for _, k := range []string{"branch", "module", "since", "until"} {
			if v := c.QueryParam(k); v != "" {
				q.Set(k, v)
			}
		}
		p.NextURL = "/frames/timeline?" + q.Encode()
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.FrameTimelineEntries(p))
	}
	fc, err := s.frames.FacetsOf(requestContext(c), id, 200, false)
	if err != nil {
		return err
	}
	p.Branches, p.Modules = fc.Branches, fc.Modules
	return renderHTML(c, http.StatusOK, views.FrameTimeline(p))
}
