package ui

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ComparisonCreate is the session page's "Compare with parent".
func (s *Server) ComparisonCreate(c echo.Context) error {
	cmp, err := s.comparisonRecords.CreateComparison(requestContext(c), stewardID(c), c.FormValue("a"), c.FormValue("b"), c.FormValue("title"))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID)
}
