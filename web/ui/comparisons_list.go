package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ComparisonsList is /comparisons: the steward's and those shared with
// them, and the steward's replay matrices.
func (s *Server) ComparisonsList(c echo.Context) error {
	mine, shared, err := s.comparisonRecords.Comparisons(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	matrices, err := s.comparisonRecords.ReplayMatrices(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.ComparisonsList(views.ComparisonsPage{
		Page: s.page(c, "Comparisons", "comparisons"), Mine: mine, Shared: shared, Matrices: matrices,
	}))
}
