package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// messageStore is what the message handlers read and write: one message of
// the steward and its impact.
type messageStore interface {
	Message(ctx context.Context, stewardID, id int64) (*baton.Message, error)
	SetMessageImpact(ctx context.Context, stewardID, messageID int64, impact baton.Impact) (*baton.Message, error)
}
