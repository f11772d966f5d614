package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// annotationRequest is the body of the annotation endpoints.
type annotationRequest struct {
	Kind      string   `json:"kind"`
	Label     string   `json:"label"`
	Dimension string   `json:"dimension"`
	Value     *float64 `json:"value"`
	Note      string   `json:"note"`
	MessageID *int64   `json:"message_id"`
}

func (r annotationRequest) annotation() *baton.Annotation {
	return &baton.Annotation{Kind: r.Kind, Label: r.Label, Dimension: r.Dimension, Value: r.Value, Note: r.Note}
}

func (s *Server) apiAnnotationCreated(c echo.Context, a *baton.Annotation) error {
	full, err := s.annotations.Annotation(requestContext(c), stewardID(c), a.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, full)
}
