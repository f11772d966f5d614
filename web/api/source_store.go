package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// sourceStore is what the sources handlers read and write: the watched files
// baton watch reports.
type sourceStore interface {
	ReportWatchedFiles(ctx context.Context, stewardID int64, files []baton.WatchedFile) error
	WatchedFiles(ctx context.Context, stewardID int64) ([]baton.WatchedFile, error)
}
