package ui

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// teamStore is what the team pages read and write: teams, members,
// invitations and the sessions shared with a team.
type teamStore interface {
	AcceptInvitation(ctx context.Context, stewardID int64, tokenHash string) (*baton.Team, error)
	AcceptInvitationByID(ctx context.Context, stewardID, invitationID int64) (*baton.Team, error)
	CommentOnSharedSession(ctx context.Context, stewardID int64, sessionID, note string) (*baton.Annotation, error)
	Conversation(ctx context.Context, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error)
	CreateInvitation(ctx context.Context, stewardID, teamID int64, req baton.InviteRequest, tokenHash string) (*baton.Invitation, error)
	CreateTeam(ctx context.Context, stewardID int64, name string) (*baton.Team, error)
	DeclineInvitation(ctx context.Context, stewardID, invitationID int64) error
	DeleteTeam(ctx context.Context, stewardID, teamID int64) error
	InvitationForSteward(ctx context.Context, stewardID int64, tokenHash string) (*baton.Invitation, error)
	InvitationsFor(ctx context.Context, stewardID int64) ([]*baton.Invitation, error)
	LeaveTeam(ctx context.Context, stewardID, teamID int64) error
	PendingInvitations(ctx context.Context, stewardID, teamID int64) ([]*baton.Invitation, error)
	RemoveMember(ctx context.Context, stewardID, teamID, memberID int64) error
	RevokeInvitation(ctx context.Context, stewardID, teamID, invitationID int64) error
	SetMemberRole(ctx context.Context, stewardID, teamID, memberID int64, role baton.TeamRole) error
	SharedSession(ctx context.Context, stewardID int64, sessionID string) (*baton.Session, string, error)
	SharedSessionComments(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error)
	Team(ctx context.Context, stewardID, teamID int64) (*baton.Team, error)
	TeamMembers(ctx context.Context, stewardID, teamID int64) ([]*baton.TeamMember, error)
	TeamShares(ctx context.Context, stewardID, teamID int64) ([]*baton.TeamShare, error)
	TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error)
	Transcript(ctx context.Context, stewardID int64, sessionID, conversationID string, afterSeq int64, limit int) ([]*baton.Message, error)
	TranscriptLength(ctx context.Context, stewardID int64, sessionID, conversationID string) (int64, error)
	TransferOwnership(ctx context.Context, stewardID, teamID, newOwnerID int64) error
}
