package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) MessageAnnotate(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	var in annotationRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	a := in.annotation()
	if err := s.annotations.AddAnnotations(requestContext(c), stewardID(c), m.SessionID, m.ID, []*baton.Annotation{a}); err != nil {
		return err
	}
	return s.apiAnnotationCreated(c, a)
}
