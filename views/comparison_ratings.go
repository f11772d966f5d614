package views

import (
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
)

// ComparisonRatings is the scores given on a comparison's page: everyone's
// (its owner's and its team's), and the form for the reader's own when
// they may score (owner and members, not viewers).
type ComparisonRatings struct {
	CSRF         string
	ComparisonID string
	List         []*baton.ComparisonRating
	CanRate      bool
	// Form is the reader's rating as last saved, or as typed when refused.
	Form RatingForm
	// Error and ErrorField are a refused form's message and field; Saved
	// says the reader's scores were just saved.
	Error, ErrorField string
	Saved             bool
}

// RatingForm is the rating form's fields as typed.
type RatingForm struct {
	ScoreA, ScoreB, Better, Note string
}

// RatingFormOf is a saved rating as the form shows it.
func RatingFormOf(r *baton.ComparisonRating) RatingForm {
	if r == nil {
		return RatingForm{}
	}
	f := RatingForm{Better: r.Better, Note: r.Note}
	if r.ScoreA != nil {
		f.ScoreA = ftoa(*r.ScoreA)
	}
	if r.ScoreB != nil {
		f.ScoreB = ftoa(*r.ScoreB)
	}
	return f
}

// Means is the mean score of each side over the ratings that give one,
// "—" when none does.
func (r ComparisonRatings) Means() (a, b string) {
	mean := func(side func(*baton.ComparisonRating) *float64) string {
		var sum float64
		var n int
		for _, x := range r.List {
			if v := side(x); v != nil {
				sum += *v
				n++
			}
		}
		if n == 0 {
			return "—"
		}
		return cmpFloat(sum/float64(n)) + " (" + countOf(int64(n), "score") + ")"
	}
	return mean(func(x *baton.ComparisonRating) *float64 { return x.ScoreA }),
		mean(func(x *baton.ComparisonRating) *float64 { return x.ScoreB })
}

// Picks counts who found A better, B better, and neither.
func (r ComparisonRatings) Picks() (a, b, tie int) {
	for _, x := range r.List {
		switch x.Better {
		case baton.BetterA:
			a++
		case baton.BetterB:
			b++
		case baton.BetterTie:
			tie++
		}
	}
	return a, b, tie
}

func ratingScore(v *float64) string {
	if v == nil {
		return "—"
	}
	return strconv.FormatFloat(*v, 'f', 2, 64)
}

func betterLabel(b string) string {
	switch b {
	case baton.BetterA:
		return "A"
	case baton.BetterB:
		return "B"
	case baton.BetterTie:
		return "about the same"
	}
	return "—"
}
