package ui

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// bridgeStore is what the bridge and continuity pages read; saving and
// publishing go through the continuity service.
type bridgeStore interface {
	Bridge(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error)
	BridgeRevision(ctx context.Context, stewardID int64, bridgeID string, revision int) (*baton.BridgeRevision, error)
	BridgeRevisions(ctx context.Context, stewardID int64, bridgeID string) ([]*baton.BridgeRevision, error)
	Bridges(ctx context.Context, stewardID int64, limit int) ([]*baton.Bridge, error)
	Markers(ctx context.Context, stewardID int64, sessionID string, limit int) ([]*baton.Marker, error)
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
}
