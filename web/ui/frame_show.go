package ui

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// FrameShow is /frames/{id}: every field of one frame and its sessions.
func (s *Server) FrameShow(c echo.Context) error {
	d, err := s.frames.Show(requestContext(c), stewardID(c), httpx.FrameIDParam(c))
	if err != nil {
		return err
	}
	f := d.Frame
	raw, err := f.MarshalJSON()
	if err != nil {
		return err
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, raw, "", "  "); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.FrameShow(views.FramePage{
		Page: s.page(c, f.SummaryCaption, "frames"), Frame: f, Sessions: d.Sessions, JSON: pretty.String(), Supersedes: d.Supersedes,
	}))
}
