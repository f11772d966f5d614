package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// accountStore is what sign-in and the settings page read and write:
// stewards, their sign-in sessions, lockouts, outside identities, tokens and
// share links.
type accountStore interface {
	ClearSignInFailures(ctx context.Context, stewardID int64) error
	CreateLoginSession(ctx context.Context, idHash string, stewardID int64, ttl time.Duration) error
	CreateStewardWithIdentity(ctx context.Context, st *baton.Steward, id *baton.Identity) error
	CreateToken(ctx context.Context, stewardID int64, name, hash, prefix string) (*baton.AccessToken, error)
	DeleteLoginSession(ctx context.Context, idHash string) error
	DeleteLoginSessions(ctx context.Context, stewardID int64) error
	EmailInUse(ctx context.Context, email string) (bool, error)
	IdentitiesForSteward(ctx context.Context, stewardID int64) ([]*baton.Identity, error)
	LinkIdentity(ctx context.Context, stewardID int64, id *baton.Identity) error
	RecordSignInFailure(ctx context.Context, stewardID int64) (time.Time, error)
	RevokeToken(ctx context.Context, stewardID, tokenID int64) error
	ShareLinksForSteward(ctx context.Context, stewardID int64) ([]*baton.ShareLink, error)
	SignInLockedUntil(ctx context.Context, stewardID int64) (time.Time, error)
	StewardByIdentity(ctx context.Context, provider, subject string) (*baton.Steward, error)
	StewardByUsername(ctx context.Context, username string) (*baton.Steward, error)
	TokensForSteward(ctx context.Context, stewardID int64) ([]*baton.AccessToken, error)
	UnlinkIdentity(ctx context.Context, stewardID, identityID int64) error
}
