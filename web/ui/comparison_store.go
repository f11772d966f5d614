package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
)

// comparisonStore is what the comparison pages read and write: what the
// API's comparison handlers do too (saved comparisons, their comments and
// ratings, team shares), the steward's lists, share links and the teams
// to share with.
type comparisonStore interface {
	httpx.ComparisonRecords
	Comparisons(ctx context.Context, stewardID int64) (mine, shared []*baton.Comparison, err error)
	CreateComparisonLink(ctx context.Context, stewardID int64, comparisonID, tokenHash string, expiresAt *time.Time, redact bool) (*baton.ShareLink, error)
	LinkedComparison(ctx context.Context, link *baton.ShareLink) (*baton.Comparison, error)
	ObjectTeamShares(ctx context.Context, stewardID int64, kind, objectID string) ([]*baton.TeamShare, error)
	ReplayMatrices(ctx context.Context, stewardID int64) ([]*baton.ReplayMatrix, error)
	ShareLinkByToken(ctx context.Context, tokenHash string) (*baton.ShareLink, error)
	TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error)
}
