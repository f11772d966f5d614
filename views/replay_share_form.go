package views

import (
	"slices"

	"github.com/baton-dev/baton/internal/baton"
)

// ShareForms are the sharing forms of a comparison's or a matrix's page
// as a refused post left them: the team it named and the read-only link's
// options, each with why it was refused. The zero value is the forms as
// first shown.
type ShareForms struct {
	// TeamID is the team_id sent; TeamError why it was refused.
	TeamID, TeamError string
	// LinkExpires is the expiry sent ("" the default, 7d); LinkShowSecrets
	// that the box hiding secrets was left unticked; LinkError why the
	// link was refused.
	LinkExpires     string
	LinkShowSecrets bool
	LinkError       string
}

// linkExpiries are the link form's expiry choices, first the default.
var linkExpiries = []struct{ Value, Label string }{{"7d", "in 7 days"}, {"1d", "in 1 day"}, {"30d", "in 30 days"}, {"never", "never"}}

// expiresChosen is the expiry the link form shows chosen.
func (f ShareForms) expiresChosen() string {
	if f.LinkExpires == "" {
		return linkExpiries[0].Value
	}
	return f.LinkExpires
}

// expiresOffered says whether the form offers the expiry sent (a value
// sent by hand may be none of the choices; the form then shows it too).
func (f ShareForms) expiresOffered() bool {
	return slices.ContainsFunc(linkExpiries, func(e struct{ Value, Label string }) bool { return e.Value == f.expiresChosen() })
}

// teamOffered says whether the team sent is one of teams.
func (f ShareForms) teamOffered(teams []*baton.Team) bool {
	return f.TeamID == "" || slices.ContainsFunc(teams, func(t *baton.Team) bool { return itoa(t.ID) == f.TeamID })
}
