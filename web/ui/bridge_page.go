package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// qualityRules are the documented rules the bridge page explains.
var qualityRules = views.QualityRules{Completeness: continuity.CompletenessRule, Clarity: continuity.ClarityRule,
	Relevance: continuity.RelevanceRule, Effectiveness: continuity.EffectivenessRule}

// BridgeShow is the bridge editor, /bridges/{id}.
func (s *Server) BridgeShow(c echo.Context) error {
	b, err := s.bridges.Bridge(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	revs, err := s.bridges.BridgeRevisions(requestContext(c), stewardID(c), b.ID)
	if err != nil {
		return err
	}
	next, err := s.nextReceives(c, b)
	if err != nil {
		return err
	}
	p := views.BridgePage{Page: s.page(c, "Bridge", "bridges"), Bridge: b, Revisions: revs,
		Markdown: continuity.BridgeMarkdown(b), Rules: qualityRules, Next: next}
	return renderHTML(c, http.StatusOK, views.BridgeEditor(p))
}

// nextReceives is what the next session of a bridge's project receives:
// continuity.Next for the project of the session the bridge comes from,
// the very answer of GET /api/v1/context/next and the SessionStart hook.
func (s *Server) nextReceives(c echo.Context, b *baton.Bridge) (views.NextReceives, error) {
	from, err := s.bridges.Session(requestContext(c), stewardID(c), b.FromSession)
	if err != nil {
		return views.NextReceives{}, err
	}
	q := baton.QueryOf(from)
	nc, err := s.continuity.Next(requestContext(c), stewardID(c), continuity.NextRequest{Project: q})
	if err != nil {
		return views.NextReceives{}, err
	}
	params := url.Values{}
	for k, v := range map[string]string{"repo": q.Repository, "cwd": q.Directory, "branch": q.Branch} {
		if v != "" {
			params.Set(k, v)
		}
	}
	query := ""
	if len(params) > 0 {
		query = "?" + params.Encode()
	}
	return views.NextReceives{Project: q.String(), Query: query, Why: nc.Why, Received: nc.Bridge,
		ThisBridge: nc.Bridge != nil && nc.Bridge.ID == b.ID, Markdown: nc.Markdown, Rule: continuity.BridgeRule}, nil
}
