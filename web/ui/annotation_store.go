package ui

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// annotationStore is what the annotation and review pages read and write:
// messages, their annotations and impact, the review queue and its exports.
type annotationStore interface {
	AddAnnotations(ctx context.Context, stewardID int64, sessionID string, messageID int64, as []*baton.Annotation) error
	AnnotationFacets(ctx context.Context, stewardID int64) (labels, dimensions []string, sessions []*baton.Session, err error)
	AnnotationLabels(ctx context.Context, stewardID int64) ([]string, error)
	AnnotationsOfSession(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error)
	CorrectedSessionCount(ctx context.Context, stewardID int64) (int, error)
	DeleteAnnotation(ctx context.Context, stewardID, id int64) (*baton.Annotation, error)
	ListAnnotations(ctx context.Context, stewardID int64, f baton.AnnotationFilter) ([]*baton.Annotation, bool, error)
	Message(ctx context.Context, stewardID, id int64) (*baton.Message, error)
	MessageAnnotationCount(ctx context.Context, stewardID int64, sessionID string) (int, error)
	MessageAnnotations(ctx context.Context, stewardID int64, messageIDs []int64) (map[int64][]*baton.Annotation, error)
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
	SessionAnnotations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error)
	SetMessageImpact(ctx context.Context, stewardID, messageID int64, impact baton.Impact) (*baton.Message, error)
	SetReviewStatus(ctx context.Context, stewardID int64, ids []string, status baton.ReviewStatus) (int, error)
}
