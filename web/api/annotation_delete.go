package api

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) AnnotationDelete(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("annotation")
	}
	if _, err := s.annotations.DeleteAnnotation(requestContext(c), stewardID(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
