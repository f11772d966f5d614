package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// apiRelationship is the relationship over time as JSON.
func (s *Server) apiRelationship(c echo.Context) error {
	from, to, err := parseRange(c.QueryParams())
	if err != nil {
		return err
	}
	samples, unanalysed, err := s.relationshipSamples(c, from, to)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"sessions": samples, "unanalysed": unanalysed})
}
