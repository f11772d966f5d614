package ui

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// sessionFrames is the session page's frames section: the frames taken in
// the session (by run id, or branch and time; the frames service).
func (s *Server) sessionFrames(c echo.Context, sess *baton.Session) (views.SessionFrames, error) {
	fs, err := s.frames.OfSession(requestContext(c), stewardID(c), sess, 20)
	return views.SessionFrames{Frames: fs, Branch: sess.Branch}, err
}
