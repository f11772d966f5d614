package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/labstack/echo/v4"
)

// frameIDParam is the :id of a frame route. Lex ids may hold a slash, sent
// as %2F; Echo then matches on the escaped path and leaves the id escaped.
func frameIDParam(c echo.Context) string {
	id := c.Param("id")
	if c.Request().URL.RawPath != "" {
		if u, err := url.PathUnescape(id); err == nil {
			return u
		}
	}
	return id
}

// readBody reads a request body whole, naming a body that is too large.
func readBody(c echo.Context) ([]byte, error) {
	data, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
		}
		return nil, err
	}
	return data, nil
}

// apiFrameRemember stores one frame (Lex JSON, the body itself). Idempotent
// by id: the same frame again answers 200 with the stored frame; a
// different frame under a stored id answers 409, for frames are immutable.
func (s *Server) apiFrameRemember(c echo.Context) error {
	data, err := readBody(c)
	if err != nil {
		return err
	}
	f, err := frames.Parse(data)
	if err != nil {
		return err
	}
	res, err := s.store.CreateFrames(ctx(c), stewardID(c), []*baton.Frame{f})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res[0].Status == baton.FrameDuplicate {
		if res[0].Differs {
			return &baton.Error{Code: baton.ECONFLICT, Field: "id",
				Message: "a different frame with id " + strconv.Quote(f.ID) + " is already stored; frames are immutable, so give this one its own id"}
		}
		status = http.StatusOK
	}
	stored, err := s.store.Frame(ctx(c), stewardID(c), f.ID)
	if err != nil {
		return err
	}
	return c.JSON(status, stored)
}

// apiFrameImport stores Lex JSON: one frame, an array, or NDJSON, each
// frame all or nothing, with one result per frame.
func (s *Server) apiFrameImport(c echo.Context) error {
	data, err := readBody(c)
	if err != nil {
		return err
	}
	results, err := frames.Import(ctx(c), s.store, stewardID(c), data)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"results": results, "summary": frames.Summary(results)})
}

func (s *Server) apiFrameGet(c echo.Context) error {
	f, err := s.store.Frame(ctx(c), stewardID(c), frameIDParam(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

func (s *Server) apiFrameDelete(c echo.Context) error {
	if err := s.store.DeleteFrame(ctx(c), stewardID(c), frameIDParam(c)); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// recallRequest reads a recall's query parameters.
func recallRequest(c echo.Context) frames.RecallRequest {
	return frames.RecallRequest{
		Q: c.QueryParam("q"), Mode: c.QueryParam("mode"), Module: c.QueryParam("module"), Branch: c.QueryParam("branch"),
		Since: c.QueryParam("since"), Until: c.QueryParam("until"), Limit: c.QueryParam("limit"),
		Prefix: c.QueryParam("prefix") == "1" || c.QueryParam("prefix") == "true",
	}
}

// apiFrameRecall: GET /api/v1/frames/recall?q=&module=&branch=&since=&until=&limit=&mode=all|any.
func (s *Server) apiFrameRecall(c echo.Context) error {
	res, err := frames.Recall(ctx(c), s.store, stewardID(c), recallRequest(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// frameFilter reads a timeline's or an export's query parameters.
func frameFilter(c echo.Context, maxLimit int) (baton.FrameFilter, error) {
	f := baton.FrameFilter{Branch: c.QueryParam("branch"), Module: c.QueryParam("module"), Cursor: c.QueryParam("cursor"), Limit: 50}
	var err error
	if f.Since, err = frames.ParseInstant("since", c.QueryParam("since"), false); err != nil {
		return f, err
	}
	if f.Until, err = frames.ParseInstant("until", c.QueryParam("until"), true); err != nil {
		return f, err
	}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			return f, baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", maxLimit, v)
		}
		f.Limit = n
	}
	return f, nil
}

// apiFrameTimeline: GET /api/v1/frames/timeline?branch=&module=&since=&until=&cursor=&limit=,
// newest first, each frame with the sessions it was taken in.
func (s *Server) apiFrameTimeline(c echo.Context) error {
	f, err := frameFilter(c, 1000)
	if err != nil {
		return err
	}
	page, err := s.store.FrameTimeline(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	links, err := s.store.FrameSessions(ctx(c), stewardID(c), page.Frames)
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

// apiFrameExport writes the steward's frames (filters as the timeline) as
// NDJSON, Lex's frames.ndjson, or as a JSON array with format=json.
func (s *Server) apiFrameExport(c echo.Context) error {
	f, err := frameFilter(c, 1000)
	if err != nil {
		return err
	}
	format := c.QueryParam("format")
	if format != "" && format != "ndjson" && format != "json" {
		return baton.Invalid("format", "format must be ndjson or json; got %q", format)
	}
	return s.writeFrames(c, f, format == "json")
}

func (s *Server) writeFrames(c echo.Context, f baton.FrameFilter, array bool) error {
	f.Limit, f.Cursor = 500, ""
	// The first page is read before anything is written, so an error is still a clean error.
	page, err := s.store.FrameTimeline(ctx(c), stewardID(c), f)
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
		if page, err = s.store.FrameTimeline(ctx(c), stewardID(c), f); err != nil {
			return err
		}
	}
	if array {
		_, _ = w.Write([]byte("]\n"))
	}
	return nil
}
