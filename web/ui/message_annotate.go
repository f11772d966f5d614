package ui

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// MessageAnnotate adds annotations to a message.
func (s *Server) MessageAnnotate(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	anns, err := s.annotate(c, m.SessionID, m.ID)
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.messageFormError(c, m, err, nil)
	} else if err != nil {
		return err
	}
	return s.afterMessageChange(c, m, savedText(anns))
}

// messageFormError answers an annotation (annErr) or impact (impactErr)
// form with bad input: the message's block again with the error beside
// its form, as a fragment for htmx or in the annotate page.
func (s *Server) messageFormError(c echo.Context, m *baton.Message, annErr, impactErr error) error {
	block, err := s.messageBlock(c, m, annErr, impactErr, "")
	if err != nil {
		return err
	}
	if isHTMX(c) {
		return renderHTML(c, formErrorStatus, views.MessageAnnotations(block))
	}
	return s.renderAnnotatePage(c, http.StatusBadRequest, m, block)
}

// afterMessageChange answers a change to a message's annotations or
// impact: its block again for htmx, the transcript at the message otherwise.
func (s *Server) afterMessageChange(c echo.Context, m *baton.Message, saved string) error {
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sessions/%s?at=%d#m-%d", url.PathEscape(m.SessionID), m.Seq, m.Seq))
	}
	block, err := s.messageBlock(c, m, nil, nil, saved)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.MessageAnnotations(block))
}
