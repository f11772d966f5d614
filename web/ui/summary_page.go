package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SummaryPage is /summary: the cross-conversational summary and the
// sessions it came from; ?refresh=1 builds it anew.
func (s *Server) SummaryPage(c echo.Context) error {
	var cs *baton.CrossSummary
	var err error
	if c.QueryParam("refresh") == "1" {
		cs, err = s.continuity.RefreshSummary(requestContext(c), stewardID(c))
	} else {
		cs, err = s.continuity.Summary(requestContext(c), stewardID(c))
	}
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.Summary(views.SummaryPage{Page: s.page(c, "Summary", "summary"), Summary: cs,
		Rule: continuity.SelectionRule, Budget: [2]int{continuity.SummaryMinTokens, continuity.SummaryMaxTokens}}))
}
