package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionCreate creates a session, and links it after the session it
// continues (previous_session, or continuity.previous_session), both ways.
func (s *Server) SessionCreate(c echo.Context) error {
	var in sessionCreateRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sess, err := in.session()
	if err != nil {
		return err
	}
	prev := ""
	if in.PreviousSession != nil {
		prev = *in.PreviousSession
	} else if in.Continuity.PreviousSession != nil {
		prev = *in.Continuity.PreviousSession
	}
	if prev != "" {
		if _, err := s.sessions.Session(requestContext(c), stewardID(c), prev); err != nil {
			return baton.Invalid("previous_session", "previous_session names no session of yours: %q", prev)
		}
	}
	// The links between sessions are Baton's to set (StartAfter), both ways.
	sess.Continuity.PreviousSession, sess.Continuity.NextSession = nil, nil
	if err := s.sessions.CreateSession(requestContext(c), stewardID(c), sess); err != nil {
		return err
	}
	if err := s.continuity.StartAfter(requestContext(c), stewardID(c), sess.ID, prev); err != nil {
		return err
	}
	if _, err := s.continuity.RefreshSummary(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	out, err := s.sessions.Session(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}
