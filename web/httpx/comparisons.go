package httpx

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// ComparisonRecords is what the comparison handlers of the pages and of
// the API both read and write in the store: saved comparisons, their
// comments, human ratings and team shares.
type ComparisonRecords interface {
	AddComparisonComment(ctx context.Context, stewardID int64, comparisonID, pairKey, body string) (*baton.ComparisonComment, error)
	Comparison(ctx context.Context, stewardID int64, id string) (*baton.Comparison, error)
	ComparisonComments(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonComment, error)
	ComparisonRatings(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonRating, error)
	RateComparison(ctx context.Context, stewardID int64, comparisonID string, r baton.ComparisonRating) (*baton.ComparisonRating, error)
	CreateComparison(ctx context.Context, stewardID int64, a, b, title string) (*baton.Comparison, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
}
