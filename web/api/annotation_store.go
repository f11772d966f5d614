package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// annotationStore is what the annotation handlers read and write:
// annotations of messages and sessions.
type annotationStore interface {
	AddAnnotations(ctx context.Context, stewardID int64, sessionID string, messageID int64, as []*baton.Annotation) error
	Annotation(ctx context.Context, stewardID, id int64) (*baton.Annotation, error)
	DeleteAnnotation(ctx context.Context, stewardID, id int64) (*baton.Annotation, error)
	ListAnnotations(ctx context.Context, stewardID int64, f baton.AnnotationFilter) ([]*baton.Annotation, bool, error)
}
