package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// apiSummary answers GET /api/v1/summary: the cross-conversational summary
// (JSON with markdown, tokens and sessions); ?refresh=1 builds it anew.
func (s *Server) apiSummary(c echo.Context) error {
	var cs *baton.CrossSummary
	var err error
	switch c.QueryParam("refresh") {
	case "1", "true":
		cs, err = s.continuity.RefreshSummary(ctx(c), stewardID(c))
	case "", "0", "false":
		cs, err = s.continuity.Summary(ctx(c), stewardID(c))
	default:
		return baton.Invalid("refresh", "refresh must be 1 or 0; got %q", c.QueryParam("refresh"))
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cs)
}

// apiMarkers answers GET /api/v1/markers: the steward's markers in time
// order, or one session's with ?session_id=.
func (s *Server) apiMarkers(c echo.Context) error {
	ms, err := s.store.Markers(ctx(c), stewardID(c), c.QueryParam("session_id"), 0)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"markers": ms})
}

// markerRequest is the body of POST /api/v1/messages/{id}/markers.
type markerRequest struct {
	Type string `json:"marker_type"`
	Note string `json:"note"`
}

func (s *Server) apiMessageMarker(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("message")
	}
	if _, err := s.store.MessageSession(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	var in markerRequest
	if err := decodeJSONStrict(c, &in); err != nil {
		return err
	}
	m, err := s.continuity.MarkMessage(ctx(c), stewardID(c), id, strings.TrimSpace(in.Type), in.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, m)
}
