package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionShow is one correctable field of the session page (what
// Cancel brings back); without htmx it is the page itself.
func (s *Server) SessionCorrectionShow(c echo.Context) error {
	v, err := s.correctionViewParam(c)
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, correctionAnchor(v))
	}
	v.Focus = true
	return renderHTML(c, http.StatusOK, views.CorrectionBlock(v))
}

// correctionFieldParam is the :field of a correction route; a field that
// cannot be corrected is not found.
func correctionFieldParam(c echo.Context) (baton.CorrectionField, error) {
	f := baton.CorrectionField(c.Param("field"))
	if !f.Valid() {
		return "", baton.NotFound("field")
	}
	return f, nil
}

// correctionViewParam is the field of one of the steward's sessions that
// a correction route names (:id, :field), as shown.
func (s *Server) correctionViewParam(c echo.Context) (views.CorrectionView, error) {
	field, err := correctionFieldParam(c)
	if err != nil {
		return views.CorrectionView{}, err
	}
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return views.CorrectionView{}, err
	}
	cs, err := s.corrections.ForSession(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return views.CorrectionView{}, err
	}
	return views.CorrectionsOf(sess, cs, browserOf(c).CSRF).For(field), nil
}

// correctionAnchor is the session page at a field.
func correctionAnchor(v views.CorrectionView) string {
	return "/sessions/" + url.PathEscape(v.SessionID) + "#correction-" + string(v.Field)
}
