package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionAnnotate annotates a session, or one of its messages when the
// body names message_id.
func (s *Server) SessionAnnotate(c echo.Context) error {
	var in annotationRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var msgID int64
	if in.MessageID != nil {
		msgID = *in.MessageID
		if msgID <= 0 {
			return baton.Invalid("message_id", "message_id must be the id of one of the session's messages")
		}
	}
	a := in.annotation()
	if err := s.annotations.AddAnnotations(requestContext(c), stewardID(c), c.Param("id"), msgID, []*baton.Annotation{a}); err != nil {
		return err
	}
	return s.apiAnnotationCreated(c, a)
}
