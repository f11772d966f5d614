package views

import "github.com/baton-dev/baton/internal/baton"

// TeamSharedSessionPage is a session shared with one of the reader's
// teams: the read-only session and its comment thread.
type TeamSharedSessionPage struct {
	SharedSessionPage
	Comments   []*baton.Annotation
	CanComment bool // a member, not a viewer
}

// SessionTeamShares is the session page's team sharing: the steward's
// teams for the form and the teams the session is shared with.
type SessionTeamShares struct {
	Teams      []*baton.Team
	SharedWith []*baton.TeamShare
}
