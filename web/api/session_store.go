package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// sessionStore is what the session handlers read and write in the store:
// sessions of the steward, their transcripts, sentiment, search and sharing
// with a team.
type sessionStore interface {
	AppendAnalysed(ctx context.Context, stewardID int64, sessionID, conversationID string, msgs []*baton.Message, analyze func([]*baton.Message)) (baton.AppendResult, error)
	CreateSession(ctx context.Context, stewardID int64, sess *baton.Session) error
	ListSessions(ctx context.Context, stewardID int64, f baton.SessionFilter) (*baton.SessionPage, error)
	Search(ctx context.Context, stewardID int64, q string, limit int) ([]baton.SearchHit, error)
	SentimentSeries(ctx context.Context, stewardID int64, sessionID string) ([]baton.SentimentPoint, error)
	Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error)
	ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error)
	Transcript(ctx context.Context, stewardID int64, sessionID, conversationID string, afterSeq int64, limit int) ([]*baton.Message, error)
}
