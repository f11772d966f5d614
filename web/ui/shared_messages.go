package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SharedMessages is the shared transcript's infinite-scroll partial.
func (s *Server) SharedMessages(c echo.Context) error {
	link, sess, conv, err := s.sharedLink(c)
	if err != nil {
		return err
	}
	after, err := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if err != nil || after < 0 {
		return baton.Invalid("after", "after must be a message number")
	}
	chunk, err := s.sharedTranscript(c, link, sess, conv, after)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.TranscriptChunk(chunk))
}
