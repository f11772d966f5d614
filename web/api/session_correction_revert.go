package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionRevert takes back the correction of one field.
func (s *Server) SessionCorrectionRevert(c echo.Context) error {
	field := baton.CorrectionField(c.Param("field"))
	if !field.Valid() {
		return baton.Invalid("field", "field must be one of title, decisions, tasks, topics, technologies; got %q", field)
	}
	sess, cs, err := httpx.RevertCorrection(c, s.corrections, field)
	if err != nil {
		return err
	}
	return s.answerCorrected(c, sess, cs)
}
