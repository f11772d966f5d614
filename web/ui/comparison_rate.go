package ui

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// comparisonRatings is the ratings section of a comparison the steward
// reads: everyone's scores and the steward's own in the form.
func (s *Server) comparisonRatings(c echo.Context, cmp *baton.Comparison) (*views.ComparisonRatings, error) {
	sid := stewardID(c)
	list, err := s.comparisonRecords.ComparisonRatings(requestContext(c), sid, cmp.ID)
	if err != nil {
		return nil, err
	}
	r := &views.ComparisonRatings{CSRF: browserOf(c).CSRF, ComparisonID: cmp.ID, List: list, CanRate: baton.CanComment(cmp.Access)}
	for _, x := range list {
		if x.StewardID == sid {
			r.Form = views.RatingFormOf(x)
		}
	}
	return r, nil
}

// ComparisonRate is POST /comparisons/{id}/ratings: the steward's scores
// of the two runs and which was better, saved in place of their earlier
// ones. htmx gets the section again; a refused form comes back (400) with
// the field named and what was typed kept, and nothing saved.
func (s *Server) ComparisonRate(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	typed := views.RatingForm{ScoreA: strings.TrimSpace(c.FormValue("score_a")), ScoreB: strings.TrimSpace(c.FormValue("score_b")),
		Better: c.FormValue("better"), Note: c.FormValue("note")}
	rating := baton.ComparisonRating{Better: typed.Better, Note: typed.Note}
	if rating.ScoreA, err = scoreField("score_a", typed.ScoreA); err == nil {
		if rating.ScoreB, err = scoreField("score_b", typed.ScoreB); err == nil {
			_, err = s.comparisonRecords.RateComparison(requestContext(c), stewardID(c), cmp.ID, rating)
		}
	}
	if err != nil && baton.ErrorCode(err) != baton.EINVALID {
		return err
	}
	section, serr := s.comparisonRatings(c, cmp)
	if serr != nil {
		return serr
	}
	if err != nil {
		section.Form, section.Error, section.ErrorField = typed, baton.ErrorMessage(err), baton.ErrorField(err)
		if isHTMX(c) {
			return renderHTML(c, http.StatusBadRequest, views.ComparisonRatingsSection(*section))
		}
		return s.renderComparison(c, http.StatusBadRequest, cmp, section)
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID+"?done=rated#ratings")
	}
	section.Saved = true
	return renderHTML(c, http.StatusOK, views.ComparisonRatingsSection(*section))
}

// scoreField reads a score typed in the form: "" is none, else a number
// from 0 to 1 (a comma as the decimal mark is taken too).
func scoreField(field, v string) (*float64, error) {
	if v == "" {
		return nil, nil
	}
	x, err := strconv.ParseFloat(strings.Replace(v, ",", ".", 1), 64)
	if err != nil {
		return nil, baton.Invalid(field, "%s must be a number from 0 to 1 (got %q)", field, v)
	}
	return &x, nil
}
