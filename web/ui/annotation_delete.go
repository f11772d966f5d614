package ui

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// AnnotationDelete deletes one of the steward's annotations and redraws
// where it was: the message's block, the session's review, or (from the
// review page) nothing, so its row goes.
func (s *Server) AnnotationDelete(c echo.Context) error {
	id, err := idParam(c, "id", "annotation")
	if err != nil {
		return err
	}
	a, err := s.annotations.DeleteAnnotation(requestContext(c), stewardID(c), id)
	if err != nil {
		return err
	}
	if c.FormValue("from") == "review" {
		if isHTMX(c) {
			return c.HTML(http.StatusOK, "")
		}
		return c.Redirect(http.StatusSeeOther, "/review")
	}
	if a.MessageID != nil {
		m, err := s.annotations.Message(requestContext(c), stewardID(c), *a.MessageID)
		if err != nil {
			return err
		}
		return s.afterMessageChange(c, m, "Annotation deleted.")
	}
	sess, err := s.annotations.Session(requestContext(c), stewardID(c), a.SessionID)
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID)+"#session-review")
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, "Annotation deleted.")
}
