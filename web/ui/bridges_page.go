package ui

import (
	"net/http"
	"slices"

	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// BridgeList is /bridges: drafts awaiting review first, then published
// ones, and the effectiveness of the measured ones over time.
func (s *Server) BridgeList(c echo.Context) error {
	bs, err := s.bridges.Bridges(requestContext(c), stewardID(c), 0)
	if err != nil {
		return err
	}
	p := views.BridgesPage{Page: s.page(c, "Bridges", "bridges"), Bridges: bs, EffectivenessRule: continuity.EffectivenessRule}
	for _, b := range bs {
		if b.Effectiveness != nil && b.Quality.Effectiveness != nil {
			p.Effectiveness = append(p.Effectiveness, views.EffectivenessPoint{BridgeID: b.ID, Label: b.FromTitle,
				Score: *b.Quality.Effectiveness, Edited: b.Effectiveness.EditedRevision})
		}
	}
	// Oldest first on the chart (the list is newest first).
	slices.Reverse(p.Effectiveness)
	return renderHTML(c, http.StatusOK, views.Bridges(p))
}
