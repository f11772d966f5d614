package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionRevert takes back the steward's correction of one
// field: the session shows what the analysis says again.
func (s *Server) SessionCorrectionRevert(c echo.Context) error {
	field, err := correctionFieldParam(c)
	if err != nil {
		return err
	}
	sess, cs, err := httpx.RevertCorrection(c, s.corrections, field)
	if err != nil {
		return err
	}
	v := views.CorrectionsOf(sess, cs, browserOf(c).CSRF).For(field)
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, correctionAnchor(v))
	}
	v.Focus = true
	return renderHTML(c, http.StatusOK, views.CorrectionSaved(v))
}
