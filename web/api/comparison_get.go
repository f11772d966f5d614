package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ComparisonGet is GET /api/v1/comparisons/{id}: the comparison, its
// diff, the scores of both runs and the comments. A team member reads it
// as its owner's data, through the grant.
func (s *Server) ComparisonGet(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	runs, err := s.comparisons.Runs(requestContext(c), cmp.StewardID, cmp.AConversationID, cmp.BConversationID, nil)
	if err != nil {
		return err
	}
	a := runs.Result
	scoresA, scoresB, err := s.comparisons.Scores(requestContext(c), cmp.StewardID, runs, nil)
	if err != nil {
		return err
	}
	comments, err := s.comparisonRecords.ComparisonComments(requestContext(c), stewardID(c), cmp.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"comparison": cmp, "diff": a.Diff, "scores": map[string]any{"a": scoresA, "b": scoresB}, "comments": comments,
	})
}
