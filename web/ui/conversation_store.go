package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// conversationStore is what the replay pages read and write beside the
// replay service: conversations, replays, matrices, their links and team
// shares.
type conversationStore interface {
	ComparisonOfConversations(ctx context.Context, stewardID int64, a, b string) (*baton.Comparison, error)
	ConversationByID(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	Conversations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Conversation, error)
	CreateComparison(ctx context.Context, stewardID int64, a, b, title string) (*baton.Comparison, error)
	CreateMatrixLink(ctx context.Context, stewardID int64, matrixID, tokenHash string, expiresAt *time.Time, redact bool) (*baton.ShareLink, error)
	LinkedReplayMatrix(ctx context.Context, link *baton.ShareLink) (*baton.ReplayMatrix, []*baton.Replay, error)
	ObjectTeamShares(ctx context.Context, stewardID int64, kind, objectID string) ([]*baton.TeamShare, error)
	Replay(ctx context.Context, stewardID int64, id string) (*baton.Replay, error)
	ReplayMatrix(ctx context.Context, stewardID int64, id string) (*baton.ReplayMatrix, []*baton.Replay, error)
	ReplayOfConversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Replay, error)
	ShareLinkByToken(ctx context.Context, tokenHash string) (*baton.ShareLink, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
	SharedReplayMatrix(ctx context.Context, readerID int64, id string) (*baton.ReplayMatrix, string, []*baton.Replay, error)
	TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error)
	TranscriptLengthOf(ctx context.Context, stewardID int64, conv *baton.Conversation) (int64, error)
}
