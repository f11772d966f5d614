package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// bridgeStore is what the bridge and marker handlers read; saving and
// publishing go through the continuity service.
type bridgeStore interface {
	Bridge(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error)
	BridgeRevisions(ctx context.Context, stewardID int64, bridgeID string) ([]*baton.BridgeRevision, error)
	Bridges(ctx context.Context, stewardID int64, limit int) ([]*baton.Bridge, error)
	Markers(ctx context.Context, stewardID int64, sessionID string, limit int) ([]*baton.Marker, error)
	SessionBridge(ctx context.Context, stewardID int64, sessionID string) (*baton.Bridge, error)
}
