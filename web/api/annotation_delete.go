package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// AnnotationDelete deletes one of the steward's annotations.
func (s *Server) AnnotationDelete(c echo.Context) error {
	id, err := idParam(c, "id", "annotation")
	if err != nil {
		return err
	}
	if _, err := s.annotations.DeleteAnnotation(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
