package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// comparisonStore is what the comparison pages read and write: saved
// comparisons, their comments and ratings, share links and team shares.
type comparisonStore interface {
	AddComparisonComment(ctx context.Context, stewardID int64, comparisonID, pairKey, body string) (*baton.ComparisonComment, error)
	Comparison(ctx context.Context, stewardID int64, id string) (*baton.Comparison, error)
	ComparisonComments(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonComment, error)
	ComparisonRatings(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonRating, error)
	Comparisons(ctx context.Context, stewardID int64) (mine, shared []*baton.Comparison, err error)
	CreateComparison(ctx context.Context, stewardID int64, a, b, title string) (*baton.Comparison, error)
	CreateComparisonLink(ctx context.Context, stewardID int64, comparisonID, tokenHash string, expiresAt *time.Time, redact bool) (*baton.ShareLink, error)
	LinkedComparison(ctx context.Context, link *baton.ShareLink) (*baton.Comparison, error)
	ObjectTeamShares(ctx context.Context, stewardID int64, kind, objectID string) ([]*baton.TeamShare, error)
	RateComparison(ctx context.Context, stewardID int64, comparisonID string, r baton.ComparisonRating) (*baton.ComparisonRating, error)
	ReplayMatrices(ctx context.Context, stewardID int64) ([]*baton.ReplayMatrix, error)
	ShareLinkByToken(ctx context.Context, tokenHash string) (*baton.ShareLink, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
	TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error)
}
