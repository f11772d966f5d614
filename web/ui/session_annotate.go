package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionAnnotate adds annotations to a session.
func (s *Server) SessionAnnotate(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.annotations.Session(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	anns, err := s.annotate(c, sess.ID, 0)
	if baton.ErrorCode(err) == baton.EINVALID && isHTMX(c) {
		return s.renderSessionReview(c, sess, formErrorStatus, err, "")
	} else if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID)+"#session-review")
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, savedText(anns))
}
