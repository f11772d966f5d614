package views

import (
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// View models of identity, teams and sharing (identity.templ, teams.templ,
// share.templ).

// ProviderLink is a button that signs in with, or links, an outside provider.
type ProviderLink struct {
	Name  string // github, google, gitlab, oidc
	Label string // "GitHub", or the configured name of an OpenID Connect provider
	URL   string
}

// TeamsPage lists the steward's teams and the form that creates one.
type TeamsPage struct {
	Page
	Teams []*baton.Team
	// Invitations are the open invitations for the steward, to accept or
	// decline here.
	Invitations []*baton.Invitation
	Name        string // the name typed in the create form, after an error
	Error       string
}

// TeamPage is one team: members with roles, and for its owner the
// invitation form and the pending invitations.
type TeamPage struct {
	Page
	Team        *baton.Team
	Members     []*baton.TeamMember
	Invitations []*baton.Invitation
	Roles       []baton.TeamRole // the roles an invitation or role change may give
	StewardID   int64            // who is looking
	// InviteURL is the link of the invitation just created: shown once.
	InviteURL string
	Invited   *baton.Invitation
	Who       string // the invite form's value, after an error
	// Shares are the sessions and comparisons shared with the team.
	Shares []*baton.TeamShare
	Error  string
}

// IsOwner reports whether the steward looking owns the team.
func (p TeamPage) IsOwner() bool { return p.Team != nil && p.Team.Role == baton.RoleOwner }

// InvitationPage asks the invited steward to join a team.
type InvitationPage struct {
	Page
	Invitation *baton.Invitation
	Token      string
}

// ShareCreated is a share link just made: its URL is shown once.
type ShareCreated struct {
	URL  string
	Link *baton.ShareLink
}

// ShareCreatedView is the whole page for a share link made without htmx.
type ShareCreatedView struct {
	Page
	ShareCreated
	SessionID string
}

// SharedSessionPage is a shared session as anyone with the link sees it.
type SharedSessionPage struct {
	Page
	Session       *baton.Session
	Transcript    TranscriptChunk
	TotalMessages int64
	ExpiresAt     *time.Time
}

// shareStatus names a share link's state for a badge: active, expired or revoked.
func shareStatus(l *baton.ShareLink) string {
	switch {
	case l.Live(time.Now()):
		return "active"
	case l.RevokedAt != nil:
		return "revoked"
	}
	return "expired"
}

// providerLabel names a provider for the linked-accounts list.
func providerLabel(links []ProviderLink, name string) string {
	for _, l := range links {
		if l.Name == name {
			return l.Label
		}
	}
	switch name {
	case "github":
		return "GitHub"
	case "google":
		return "Google"
	case "gitlab":
		return "GitLab"
	case "oidc":
		return "OpenID Connect"
	}
	return name
}

// linked reports whether the steward already linked a provider.
func linked(ids []*baton.Identity, provider string) bool {
	for _, id := range ids {
		if id.Provider == provider {
			return true
		}
	}
	return false
}

func teamURL(id int64) string { return fmt.Sprintf("/teams/%d", id) }

func memberURL(team, member int64) string { return fmt.Sprintf("/teams/%d/members/%d", team, member) }
