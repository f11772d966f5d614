package ui

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// sourceStore is what the Sources page reads: the watched files baton watch
// reports.
type sourceStore interface {
	WatchedFiles(ctx context.Context, stewardID int64) ([]baton.WatchedFile, error)
}
