package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// ratingRequest is the body of POST /api/v1/comparisons/{id}/ratings: the
// caller's scores of the two runs (0 to 1, null or left out for none) and
// which run was better ("a", "b", "tie" or "").
type ratingRequest struct {
	ScoreA *float64 `json:"score_a"`
	ScoreB *float64 `json:"score_b"`
	Better string   `json:"better"`
	Note   string   `json:"note"`
}

// ratingsAnswer is a comparison's human scores: every steward's, oldest
// change first, and each side's mean over the ratings that score it.
type ratingsAnswer struct {
	ComparisonID string                    `json:"comparison_id"`
	Ratings      []*baton.ComparisonRating `json:"ratings"`
	MeanA        *float64                  `json:"mean_a"`
	MeanB        *float64                  `json:"mean_b"`
	CountA       int                       `json:"count_a"`
	CountB       int                       `json:"count_b"`
}

// ComparisonRatings is GET /api/v1/comparisons/{id}/ratings: the scores
// stewards gave the comparison's runs, to its owner and the members and
// viewers of a team it is shared with.
func (s *Server) ComparisonRatings(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	list, err := s.comparisonRecords.ComparisonRatings(requestContext(c), stewardID(c), cmp.ID)
	if err != nil {
		return err
	}
	out := ratingsAnswer{ComparisonID: cmp.ID, Ratings: list}
	out.MeanA, out.CountA = meanOf(list, func(r *baton.ComparisonRating) *float64 { return r.ScoreA })
	out.MeanB, out.CountB = meanOf(list, func(r *baton.ComparisonRating) *float64 { return r.ScoreB })
	return c.JSON(http.StatusOK, out)
}

// ComparisonRate is POST /api/v1/comparisons/{id}/ratings: the caller's
// scores, saved in place of their earlier ones; by its owner and the
// members of a team it is shared with (a viewer gets 403). A refused
// field is named in a 400 and nothing is saved.
func (s *Server) ComparisonRate(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in ratingRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := s.comparisonRecords.RateComparison(requestContext(c), stewardID(c), cmp.ID,
		baton.ComparisonRating{ScoreA: in.ScoreA, ScoreB: in.ScoreB, Better: in.Better, Note: in.Note})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

// meanOf is the mean of one side's scores over the ratings that give
// one, and how many do; nil when none does.
func meanOf(list []*baton.ComparisonRating, side func(*baton.ComparisonRating) *float64) (*float64, int) {
	var sum float64
	n := 0
	for _, r := range list {
		if v := side(r); v != nil {
			sum += *v
			n++
		}
	}
	if n == 0 {
		return nil, 0
	}
	m := sum / float64(n)
	return &m, n
}
