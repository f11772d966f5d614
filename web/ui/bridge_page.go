package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// qualityRules are the documented rules the bridge page explains.
var qualityRules = views.QualityRules{Completeness: continuity.CompletenessRule, Clarity: continuity.ClarityRule,
	Relevance: continuity.RelevanceRule, Effectiveness: continuity.EffectivenessRule}

// BridgeShow is the bridge editor, /bridges/{id}.
func (s *Server) BridgeShow(c echo.Context) error {
	b, err := s.store.Bridge(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	revs, err := s.store.BridgeRevisions(requestContext(c), stewardID(c), b.ID)
	if err != nil {
		return err
	}
	p := views.BridgePage{Page: s.page(c, "Bridge", "bridges"), Bridge: b, Revisions: revs,
		Markdown: continuity.BridgeMarkdown(b), Rules: qualityRules}
	return renderHTML(c, http.StatusOK, views.BridgeEditor(p))
}
