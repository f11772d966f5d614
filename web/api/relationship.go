package api

import (
	"net/http"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// Relationship is the relationship over time as JSON.
func (s *Server) Relationship(c echo.Context) error {
	from, to, err := httpx.ParseRange(c.QueryParams())
	if err != nil {
		return err
	}
	samples, unanalysed, err := s.analysis.RelationshipSamples(requestContext(c), stewardID(c), from, to)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"sessions": samples, "unanalysed": unanalysed})
}
