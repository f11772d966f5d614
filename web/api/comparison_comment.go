package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// commentRequest is the body of POST /api/v1/comparisons/{id}/comments;
// pair names an aligned pair ("r3", "a2"), or is empty for the whole comparison.
type commentRequest struct {
	Body string `json:"body"`
	Pair string `json:"pair"`
}

func (s *Server) ComparisonComment(c echo.Context) error {
	if _, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in commentRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cm, err := s.comparisonRecords.AddComparisonComment(requestContext(c), stewardID(c), c.Param("id"), in.Pair, in.Body)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, cm)
}
