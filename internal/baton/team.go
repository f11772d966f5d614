package baton

import "time"

// TeamRole is what a steward may do in a team.
type TeamRole string

// Team roles. A team has exactly one owner, who manages its members; a
// member reads and comments on what is shared with the team; a viewer reads.
const (
	RoleOwner  TeamRole = "owner"
	RoleMember TeamRole = "member"
	RoleViewer TeamRole = "viewer"
)

// TeamRoles lists the roles in order of power.
var TeamRoles = []TeamRole{RoleOwner, RoleMember, RoleViewer}

// Valid reports whether r is one of the roles.
func (r TeamRole) Valid() bool { return r == RoleOwner || r == RoleMember || r == RoleViewer }

// Team is a group of stewards that share replay comparisons and sessions.
type Team struct {
	ID        int64     `json:"id" bun:"id,pk,autoincrement"`
	Name      string    `json:"name" bun:"name,notnull"`
	CreatedAt time.Time `json:"created_at" bun:"created_at,notnull"`
	// Role is the asking steward's role in the team; Members counts the team.
	Role    TeamRole `json:"role" bun:"role,scanonly"`
	Members int      `json:"members" bun:"members,scanonly"`
}

// TeamMember is one steward in a team.
type TeamMember struct {
	StewardID   int64     `json:"steward_id" bun:"steward_id"`
	Username    string    `json:"username" bun:"username"`
	DisplayName string    `json:"display_name" bun:"display_name"`
	Role        TeamRole  `json:"role" bun:"role"`
	JoinedAt    time.Time `json:"joined_at" bun:"created_at"`
}

// Name is how pages address the member.
func (m *TeamMember) Name() string {
	if m.DisplayName != "" {
		return m.DisplayName
	}
	return m.Username
}

// Invitation asks one steward (by username) or whoever signs in with one
// email address to join a team. It is a link with a random token; only the
// token's hash is kept.
type Invitation struct {
	ID         int64      `json:"id" bun:"id,pk,autoincrement"`
	TeamID     int64      `json:"team_id" bun:"team_id,notnull"`
	TokenHash  string     `json:"-" bun:"token_hash,notnull"`
	InvitedBy  int64      `json:"invited_by" bun:"invited_by,notnull"`
	StewardID  *int64     `json:"steward_id,omitempty" bun:"steward_id"`
	Email      string     `json:"email,omitempty" bun:"email,notnull"`
	Role       TeamRole   `json:"role" bun:"role,notnull"`
	CreatedAt  time.Time  `json:"created_at" bun:"created_at,notnull"`
	ExpiresAt  time.Time  `json:"expires_at" bun:"expires_at,notnull"`
	AcceptedAt *time.Time `json:"accepted_at,omitempty" bun:"accepted_at"`
	AcceptedBy *int64     `json:"accepted_by,omitempty" bun:"accepted_by"`
	RevokedAt  *time.Time `json:"revoked_at,omitempty" bun:"revoked_at"`

	// Filled when read for a page: who is invited, to what, by whom.
	Invitee     string `json:"invitee,omitempty" bun:"invitee,scanonly"`
	TeamName    string `json:"team_name,omitempty" bun:"team_name,scanonly"`
	InviterName string `json:"inviter_name,omitempty" bun:"inviter_name,scanonly"`
}

// InvitationTTL is how long an invitation link stays valid.
const InvitationTTL = 7 * 24 * time.Hour

// Share link kinds: what a share link may point at.
const (
	ShareSession    = "session"
	ShareComparison = "comparison" // a comparison of two runs
	ShareMatrix     = "matrix"     // a replay matrix and its runs' comparisons
)

// ShareLink grants read-only access to one object to anyone who holds its
// token. Only the token's hash is kept; the link is shown once.
type ShareLink struct {
	ID         int64      `json:"id" bun:"id,pk,autoincrement"`
	StewardID  int64      `json:"-" bun:"steward_id,notnull"`
	TokenHash  string     `json:"-" bun:"token_hash,notnull"`
	Kind       string     `json:"kind" bun:"kind,notnull"`
	ObjectID   string     `json:"object_id" bun:"object_id,notnull"`
	Label      string     `json:"label" bun:"label,notnull"`
	CreatedAt  time.Time  `json:"created_at" bun:"created_at,notnull"`
	ExpiresAt  *time.Time `json:"expires_at" bun:"expires_at"`
	RevokedAt  *time.Time `json:"revoked_at" bun:"revoked_at"`
	LastUsedAt *time.Time `json:"last_used_at" bun:"last_used_at"`
	// Redact hides secrets (keys, tokens, passwords, private paths) in
	// what the link shows.
	Redact bool `json:"redact" bun:"redact,notnull"`
}

// Live reports whether the link still opens its object at now.
func (l *ShareLink) Live(now time.Time) bool {
	return l.RevokedAt == nil && (l.ExpiresAt == nil || now.Before(*l.ExpiresAt))
}

// InviteRequest names who is invited: a steward by username, or an email address.
type InviteRequest struct {
	Who  string // a username, or an email address (it has an @)
	Role TeamRole
}
