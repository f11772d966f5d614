package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// sessionCreateRequest is the body of POST /api/v1/sessions: a session,
// and the session it continues (previous_session), linked both ways.
type sessionCreateRequest struct {
	baton.Session
	link struct {
		PreviousSession *string `json:"previous_session"`
	}
}

func (s *Server) apiSessionCreate(c echo.Context) error {
	// The body is read twice: as the session, whose errors name its fields,
	// and for previous_session.
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	var in sessionCreateRequest
	if err := decodeJSON(c, &in.Session); err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &in.link); err != nil {
		return baton.Invalid("previous_session", "previous_session must be a session id (a string)")
	}
	prev := ""
	if in.link.PreviousSession != nil {
		prev = *in.link.PreviousSession
	} else if in.Continuity.PreviousSession != nil {
		prev = *in.Continuity.PreviousSession
	}
	if prev != "" {
		if _, err := s.store.Session(ctx(c), stewardID(c), prev); err != nil {
			return baton.Invalid("previous_session", "previous_session names no session of yours: %q", prev)
		}
	}
	sess := in.Session
	sess.Continuity.PreviousSession, sess.Continuity.NextSession = nil, nil
	if err := s.store.CreateSession(ctx(c), stewardID(c), &sess); err != nil {
		return err
	}
	if err := s.continuity.StartAfter(ctx(c), stewardID(c), sess.ID, prev); err != nil {
		return err
	}
	if _, err := s.continuity.RefreshSummary(ctx(c), stewardID(c)); err != nil {
		return err
	}
	out, err := s.store.Session(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}
