package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// comparisonRequest is the body of POST /api/v1/comparisons.
type comparisonRequest struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Title string `json:"title"`
}

func (s *Server) ComparisonCreate(c echo.Context) error {
	var in comparisonRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cmp, err := s.comparisonRecords.CreateComparison(requestContext(c), stewardID(c), in.A, in.B, in.Title)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"id": cmp.ID, "comparison": cmp, "url": "/comparisons/" + cmp.ID})
}
