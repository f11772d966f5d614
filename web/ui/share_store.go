package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// shareStore is what share links read and write: a session's link, the page
// it opens, revoking it.
type shareStore interface {
	Conversation(ctx context.Context, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error)
	CreateShareLink(ctx context.Context, stewardID int64, kind, objectID, tokenHash string, expiresAt *time.Time) (*baton.ShareLink, error)
	RevokeShareLink(ctx context.Context, stewardID, linkID int64) error
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
	ShareLinkByToken(ctx context.Context, tokenHash string) (*baton.ShareLink, error)
	Transcript(ctx context.Context, stewardID int64, sessionID, conversationID string, afterSeq int64, limit int) ([]*baton.Message, error)
	TranscriptLength(ctx context.Context, stewardID int64, sessionID, conversationID string) (int64, error)
}
