package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// conversationStore is what the conversation and replay handlers read and
// write beside the replay service: conversations, replays, matrices and
// their shares.
type conversationStore interface {
	AppendAnalysed(ctx context.Context, stewardID int64, sessionID, conversationID string, msgs []*baton.Message, analyze func([]*baton.Message)) (baton.AppendResult, error)
	ConversationByID(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	ConversationMessages(ctx context.Context, stewardID int64, conversationID string, upTo int64) ([]*baton.Message, error)
	Conversations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Conversation, error)
	Replay(ctx context.Context, stewardID int64, id string) (*baton.Replay, error)
	ReplayMatrix(ctx context.Context, stewardID int64, id string) (*baton.ReplayMatrix, []*baton.Replay, error)
	ReplaysOfSession(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Replay, error)
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
	SetReplayStatus(ctx context.Context, stewardID int64, id, status, reason string) (*baton.Replay, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
	SharedReplayMatrix(ctx context.Context, readerID int64, id string) (*baton.ReplayMatrix, string, []*baton.Replay, error)
}
