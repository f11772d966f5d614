package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ComparisonComment posts a comment on a comparison or one of its pairs.
func (s *Server) ComparisonComment(c echo.Context) error {
	// Who may see it is checked before the form.
	if _, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	pair := c.FormValue("pair")
	if pair == "all" {
		pair = ""
	}
	cm, err := s.comparisonRecords.AddComparisonComment(requestContext(c), stewardID(c), c.Param("id"), pair, c.FormValue("body"))
	if baton.ErrorCode(err) == baton.EINVALID {
		// The page again, the comment's form saying what to fix with what was typed.
		cmp, cerr := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
		if cerr != nil {
			return cerr
		}
		key := pair
		if key == "" {
			key = "all"
		}
		return s.renderComparisonWith(c, http.StatusBadRequest, cmp, nil, func(p *views.ComparisonPage) {
			p.CommentPair, p.CommentBody, p.CommentError = key, c.FormValue("body"), baton.ErrorMessage(err)
		})
	}
	if err != nil {
		return err
	}
	anchor := "#comments"
	if cm.PairKey != "" {
		anchor = "#pair-" + cm.PairKey
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cm.ComparisonID+"?done=comment"+anchor)
}
