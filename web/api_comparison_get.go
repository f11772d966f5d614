package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// apiComparisonGet is GET /api/v1/comparisons/{id}: the comparison, its
// diff, the scores of both runs and the comments. A team member reads it
// as its owner's data, through the grant.
func (s *Server) apiComparisonGet(c echo.Context) error {
	cmp, err := s.store.Comparison(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	ma, mb, err := s.bothTranscripts(c, cmp.StewardID, cmp.AConversationID, cmp.BConversationID)
	if err != nil {
		return err
	}
	a := comparisonAnalysis(ma, mb)
	comments, err := s.store.ComparisonComments(ctx(c), stewardID(c), cmp.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"comparison": cmp, "diff": a.Diff, "scores": map[string]any{"a": a.ScoresA, "b": a.ScoresB}, "comments": comments,
	})
}
