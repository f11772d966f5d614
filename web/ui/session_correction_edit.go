package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionEdit is the form that corrects one field: swapped in
// place by htmx, or a page of its own without scripts.
func (s *Server) SessionCorrectionEdit(c echo.Context) error {
	v, err := s.correctionViewParam(c)
	if err != nil {
		return err
	}
	v.Editing = true
	return s.renderCorrectionForm(c, http.StatusOK, v)
}

// renderCorrectionForm answers with a field's form: the block for htmx,
// else the form's own page.
func (s *Server) renderCorrectionForm(c echo.Context, status int, v views.CorrectionView) error {
	if isHTMX(c) {
		return renderHTML(c, status, views.CorrectionBlock(v))
	}
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), v.SessionID)
	if err != nil {
		return err
	}
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	return renderHTML(c, status, views.CorrectionEdit(views.CorrectionEditPage{
		Page: s.page(c, "Correct "+title, "sessions"), SessionTitle: title, Field: v,
	}))
}
