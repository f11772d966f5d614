package store

import (
	"context"
	"math"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// MaxRatingNoteBytes bounds the note of a rating.
const MaxRatingNoteBytes = 2000

// RateComparison saves the steward's scores of a comparison they own or
// that is shared with a team where they are a member (not a viewer),
// replacing the steward's earlier scores of it. A refused rating writes
// nothing.
func (s *Store) RateComparison(ctx context.Context, stewardID int64, comparisonID string, r baton.ComparisonRating) (*baton.ComparisonRating, error) {
	for _, f := range []struct {
		name string
		v    *float64
	}{{"score_a", r.ScoreA}, {"score_b", r.ScoreB}} {
		if f.v != nil && (math.IsNaN(*f.v) || *f.v < 0 || *f.v > 1) {
			return nil, baton.Invalid(f.name, "%s must be a score from 0 to 1", f.name)
		}
	}
	switch r.Better {
	case "", baton.BetterA, baton.BetterB, baton.BetterTie:
	default:
		return nil, baton.Invalid("better", "better must be a, b or tie")
	}
	r.Note = strings.TrimSpace(stripNUL(r.Note))
	if len(r.Note) > MaxRatingNoteBytes {
		return nil, baton.Invalid("note", "a note is at most %d bytes", MaxRatingNoteBytes)
	}
	if r.ScoreA == nil && r.ScoreB == nil && r.Better == "" {
		return nil, baton.Invalid("better", "nothing to save: score A or B (0 to 1), or say which run was better")
	}
	err := s.insertAsContributor(ctx, stewardID, comparisonID, "score it",
		`INSERT INTO comparison_ratings (comparison_id, steward_id, score_a, score_b, better, note, updated_at)
			SELECT c.id, ?, ?, ?, ?, ?, ?`,
		`ON CONFLICT (comparison_id, steward_id) DO UPDATE SET score_a = excluded.score_a, score_b = excluded.score_b,
				better = excluded.better, note = excluded.note, updated_at = excluded.updated_at`,
		stewardID, r.ScoreA, r.ScoreB, r.Better, r.Note, s.clock())
	if err != nil {
		return nil, err
	}
	ratings, err := s.ComparisonRatings(ctx, stewardID, comparisonID)
	if err != nil {
		return nil, err
	}
	for _, got := range ratings {
		if got.StewardID == stewardID {
			return got, nil
		}
	}
	return nil, baton.NotFound("comparison")
}

// ComparisonRatings lists the scores given on a comparison the steward may
// read, by everyone who scored it, oldest change first.
func (s *Store) ComparisonRatings(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonRating, error) {
	out := []*baton.ComparisonRating{}
	err := s.db.NewRaw(`SELECT r.comparison_id, r.steward_id, r.score_a, r.score_b, r.better, r.note, r.updated_at,
		coalesce(nullif(w.display_name, ''), w.username) AS steward_name
		FROM comparison_ratings r JOIN comparisons c ON c.id = r.comparison_id JOIN stewards w ON w.id = r.steward_id
		WHERE r.comparison_id = ? AND `+readable("c.id", "c.steward_id")+` ORDER BY r.updated_at, r.steward_id`,
		comparisonID, stewardID, baton.TeamShareComparison, stewardID).Scan(ctx, &out)
	return out, err
}
