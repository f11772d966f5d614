package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionRevert takes back the correction of one field.
func (s *Server) SessionCorrectionRevert(c echo.Context) error {
	field := baton.CorrectionField(c.Param("field"))
	if !field.Valid() {
		return baton.Invalid("field", "field must be one of title, decisions, tasks, topics, technologies; got %q", field)
	}
	sess, err := s.corrections.Revert(requestContext(c), stewardID(c), c.Param("id"), field)
	if err != nil {
		return err
	}
	cs, err := s.corrections.ForSession(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return s.answerCorrected(c, sess, cs)
}
