package ui

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// sessionStore is what the session pages read and write in the store: the
// steward's sessions, their conversations and transcripts, the sentiment
// arc, search and the list's filters, and sharing a session with a team.
type sessionStore interface {
	AnalysisPending(ctx context.Context, stewardID int64, conversationID string) (bool, error)
	AnalysisWatermark(ctx context.Context) (int64, error)
	Conversation(ctx context.Context, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error)
	ConversationMemoryOf(ctx context.Context, stewardID int64, conv *baton.Conversation) (*baton.ConversationMemory, error)
	Conversations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Conversation, error)
	Emotions(ctx context.Context, stewardID int64) ([]string, error)
	ListSessions(ctx context.Context, stewardID int64, f baton.SessionFilter) (*baton.SessionPage, error)
	MessageAnnotations(ctx context.Context, stewardID int64, messageIDs []int64) (map[int64][]*baton.Annotation, error)
	ObjectTeamShares(ctx context.Context, stewardID int64, kind, objectID string) ([]*baton.TeamShare, error)
	Search(ctx context.Context, stewardID int64, q string, limit int) ([]baton.SearchHit, error)
	SentimentSeries(ctx context.Context, stewardID int64, sessionID string) ([]baton.SentimentPoint, error)
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
	SessionKeptByBaton(ctx context.Context, stewardID int64, sessionID string) (*time.Time, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
	Sources(ctx context.Context, stewardID int64) ([]string, error)
	Tags(ctx context.Context, stewardID int64) ([]string, error)
	TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error)
	TopicSuggestions(ctx context.Context, stewardID int64) ([]string, error)
	Transcript(ctx context.Context, stewardID int64, sessionID, conversationID string, afterSeq int64, limit int) ([]*baton.Message, error)
	TranscriptLengthOf(ctx context.Context, stewardID int64, conv *baton.Conversation) (int64, error)
	TranscriptShownOf(ctx context.Context, stewardID int64, conv *baton.Conversation, afterSeq int64, limit int) ([]*baton.Message, error)
	UnshareFromTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) error
}
