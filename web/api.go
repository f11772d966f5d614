package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/labstack/echo/v4"
)

// decodeJSON reads a JSON body strictly enough to name what is wrong.
func decodeJSON(c echo.Context, dst any) error {
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(dst); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, io.EOF):
			return baton.Invalid("body", "the request body is empty; send JSON")
		case errors.As(err, &syn):
			return baton.Invalid("body", "the body is not valid JSON at byte %d: %v", syn.Offset, err)
		case errors.As(err, &typ):
			return baton.Invalid(typ.Field, "%s must be a JSON %s, not %s", typ.Field, typ.Type.Kind(), typ.Value)
		case errors.As(err, &tooBig):
			return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
		case strings.Contains(err.Error(), "cannot parse"):
			return baton.Invalid("body", "%v", err)
		}
		return baton.Invalid("body", "the body could not be read as JSON: %v", err)
	}
	return nil
}

func (s *Server) apiSessionCreate(c echo.Context) error {
	var in baton.Session
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.store.CreateSession(ctx(c), stewardID(c), &in); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, &in)
}

func (s *Server) apiSessionList(c echo.Context) error {
	f, err := parseSessionFilter(c.QueryParams())
	if err != nil {
		return err
	}
	page, err := s.store.ListSessions(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

func (s *Server) apiSessionGet(c echo.Context) error {
	sess, err := s.store.Session(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}

// appendRequest is the body of POST /api/v1/sessions/{id}/messages.
type appendRequest struct {
	ConversationID string           `json:"conversation_id"`
	Messages       []*baton.Message `json:"messages"`
}

func (s *Server) apiMessagesAppend(c echo.Context) error {
	var in appendRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Messages == nil {
		return baton.Invalid("messages", "messages is required: a list of up to %d messages", store.MaxBatch)
	}
	for _, m := range in.Messages {
		if m == nil {
			return baton.Invalid("messages", "messages must not contain null")
		}
	}
	// Analysis runs in the background (analysis.Service.Run).
	res, err := s.store.AppendMessages(ctx(c), stewardID(c), c.Param("id"), in.ConversationID, in.Messages)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (s *Server) apiMessagesList(c echo.Context) error {
	var after int64
	limit := 100
	if v := c.QueryParam("after"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return baton.Invalid("after", "after must be a sequence number (0 or more); got %q", v)
		}
		after = n
	}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxBatch {
			return baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", store.MaxBatch, v)
		}
		limit = n
	}
	msgs, err := s.store.Transcript(ctx(c), stewardID(c), c.Param("id"), c.QueryParam("conversation_id"), after, limit)
	if err != nil {
		return err
	}
	out := struct {
		Messages  []*baton.Message `json:"messages"`
		NextAfter *int64           `json:"next_after"`
	}{Messages: msgs}
	if len(msgs) == limit {
		out.NextAfter = &msgs[len(msgs)-1].Seq
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) apiSessionClose(c echo.Context) error {
	var in struct {
		EndedAt *time.Time `json:"ended_at"`
	}
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil && baton.ErrorMessage(err) != "the request body is empty; send JSON" {
			return err
		}
	}
	sess, err := s.store.CloseSession(ctx(c), stewardID(c), c.Param("id"), in.EndedAt)
	if err != nil {
		return err
	}
	if err := s.analysis.AnalyzeSession(ctx(c), stewardID(c), sess.ID); err != nil {
		return err
	}
	sess, err = s.store.Session(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}

func (s *Server) apiImportStructured(c echo.Context) error {
	data, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
		}
		return err
	}
	results, err := s.importer.ImportStructured(ctx(c), stewardID(c), data, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"results": results})
}

func (s *Server) apiSearch(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if q == "" {
		return baton.Invalid("q", "q is required: the words to search for")
	}
	limit := 50
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return baton.Invalid("limit", "limit must be a whole number from 1 to 200; got %q", v)
		}
		limit = n
	}
	hits, err := s.store.Search(ctx(c), stewardID(c), q, limit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"hits": hits})
}
