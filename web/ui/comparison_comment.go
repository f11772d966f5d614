package ui

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ComparisonComment posts a comment on a comparison or one of its pairs.
func (s *Server) ComparisonComment(c echo.Context) error {
	// Who may see it is checked before the form.
	if _, err := s.store.Comparison(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	pair := c.FormValue("pair")
	if pair == "all" {
		pair = ""
	}
	cm, err := s.store.AddComparisonComment(requestContext(c), stewardID(c), c.Param("id"), pair, c.FormValue("body"))
	if err != nil {
		return err
	}
	anchor := "#comments"
	if cm.PairKey != "" {
		anchor = "#pair-" + cm.PairKey
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cm.ComparisonID+"?done=comment"+anchor)
}
