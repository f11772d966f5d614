package api

import (
	"errors"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// readBody reads a request body whole (httpx.ReadBody), naming a body
// that is too large.
func readBody(c echo.Context) ([]byte, error) {
	data, err := httpx.ReadBody(c.Request())
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", httpx.BodyLimit)
		}
		return nil, err
	}
	return data, nil
}

// FrameRemember stores one frame (Lex JSON, the body itself). Idempotent
// by id: the same frame again answers 200 with the stored frame; a
// different frame under a stored id answers 409, for frames are immutable.
func (s *Server) FrameRemember(c echo.Context) error {
	data, err := readBody(c)
	if err != nil {
		return err
	}
	stored, created, err := s.frames.Remember(requestContext(c), stewardID(c), data)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return frameJSON(c, status, stored)
}

// frameJSON answers with one frame as Lex JSON, its bytes as stored (c.JSON
// would escape & < > again, which Lex does not).
func frameJSON(c echo.Context, status int, f *baton.Frame) error {
	b, err := f.MarshalJSON()
	if err != nil {
		return err
	}
	return c.JSONBlob(status, b)
}

// FrameImport stores Lex JSON: one frame, an array, or NDJSON, each
// frame all or nothing, with one result per frame.
func (s *Server) FrameImport(c echo.Context) error {
	data, err := readBody(c)
	if err != nil {
		return err
	}
	results, err := s.frames.Import(requestContext(c), stewardID(c), data)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"results": results, "summary": frames.Summary(results)})
}

func (s *Server) FrameGet(c echo.Context) error {
	f, err := s.frames.Frame(requestContext(c), stewardID(c), httpx.FrameIDParam(c))
	if err != nil {
		return err
	}
	return frameJSON(c, http.StatusOK, f)
}

func (s *Server) FrameDelete(c echo.Context) error {
	if err := s.frames.Delete(requestContext(c), stewardID(c), httpx.FrameIDParam(c)); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// FrameRecall: GET /api/v1/frames/recall?q=&module=&branch=&since=&until=&limit=&mode=all|any.
func (s *Server) FrameRecall(c echo.Context) error {
	res, err := s.frames.Recall(requestContext(c), stewardID(c), httpx.RecallRequest(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// FrameTimeline: GET /api/v1/frames/timeline?branch=&module=&jira=&since=&until=&cursor=&limit=,
// newest first, each frame with the sessions it was taken in.
func (s *Server) FrameTimeline(c echo.Context) error {
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	page, links, err := s.frames.Timeline(requestContext(c), stewardID(c), f)
	if err != nil {
		return err
	}
	type entry struct {
		Frame    *baton.Frame         `json:"frame"`
		Sessions []baton.FrameSession `json:"sessions"`
	}
	out := struct {
		Frames     []entry `json:"frames"`
		NextCursor string  `json:"next_cursor"`
	}{Frames: make([]entry, len(page.Frames)), NextCursor: page.NextCursor}
	for i, fr := range page.Frames {
		out.Frames[i] = entry{Frame: fr, Sessions: links[fr.ID]}
		if out.Frames[i].Sessions == nil {
			out.Frames[i].Sessions = []baton.FrameSession{}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// FrameStats: GET /api/v1/frames/stats?since=&detailed=1 counts the
// steward's frames, and those at or after since with what they spent.
func (s *Server) FrameStats(c echo.Context) error {
	since, err := frames.ParseInstant("since", c.QueryParam("since"), false)
	if err != nil {
		return err
	}
	detailed := false
	switch v := c.QueryParam("detailed"); v {
	case "", "0", "false":
	case "1", "true":
		detailed = true
	default:
		return baton.Invalid("detailed", "detailed must be true or false; got %q", v)
	}
	st, err := s.frames.Stats(requestContext(c), stewardID(c), since, detailed)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}

// FrameExport writes the steward's frames (filters as the timeline) as a
// JSON array, the file Lex's import reads, NDJSON with format=ndjson, or
// with format=zip a zip of Lex's per-frame files (what `lex frames export`
// writes); each frame the bytes it came with, a timestamp Lex refuses in
// UTC.
func (s *Server) FrameExport(c echo.Context) error {
	f, err := httpx.FrameFilter(c, 1000)
	if err != nil {
		return err
	}
	format := c.QueryParam("format")
	switch format {
	case "":
		format = httpx.ExportJSON
	case httpx.ExportJSON, httpx.ExportNDJSON, httpx.ExportZip:
	default:
		return baton.Invalid("format", "format must be json, ndjson or zip; got %q", format)
	}
	return httpx.WriteFrames(c, s.frames, f, format)
}
