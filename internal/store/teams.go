package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Every team method takes the acting steward's id and puts the membership
// or role it needs into the statement itself (isMember, isOwner below), so a
// steward outside a team cannot read or change it, whatever ids they send.
// A team a steward is not in answers "not found"; a team they are in but
// may not manage answers "forbidden".

// isMember and isOwner are the conditions every team statement carries;
// each takes (team id, acting steward id).
const (
	isMember = "EXISTS (SELECT 1 FROM team_members am WHERE am.team_id = ? AND am.steward_id = ?)"
	isOwner  = "EXISTS (SELECT 1 FROM team_members am WHERE am.team_id = ? AND am.steward_id = ? AND am.role = 'owner')"
)

func teamName(name string) (string, error) {
	name = strings.TrimSpace(stripNUL(name))
	if name == "" {
		return "", baton.Invalid("name", "a team needs a name")
	}
	if len(name) > 100 {
		return "", baton.Invalid("name", "a team name must be at most 100 characters")
	}
	return name, nil
}

// CreateTeam creates a team owned by the steward.
func (s *Store) CreateTeam(ctx context.Context, stewardID int64, name string) (*baton.Team, error) {
	name, err := teamName(name)
	if err != nil {
		return nil, err
	}
	t := &baton.Team{Name: name, CreatedAt: s.clock(), Role: baton.RoleOwner, Members: 1}
	err = s.inTx(ctx, func(tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(t).Returning("id").Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewRaw("INSERT INTO team_members (team_id, steward_id, role, created_at) VALUES (?, ?, 'owner', ?)",
			t.ID, stewardID, t.CreatedAt).Exec(ctx)
		return err
	})
	return t, err
}

// teamColumns selects a team with the acting steward's role and the head count.
func teamQuery(db bun.IDB, stewardID int64) *bun.SelectQuery {
	return db.NewSelect().Model((*baton.Team)(nil)).
		ColumnExpr("team.id, team.name, team.created_at, m.role").
		ColumnExpr("(SELECT count(*) FROM team_members c WHERE c.team_id = team.id) AS members").
		Join("JOIN team_members m ON m.team_id = team.id AND m.steward_id = ?", stewardID)
}

// TeamsForSteward lists the teams the steward is in, by name.
//
// Every session page asks this (its Share section), so the query has bound
// values: teamQuery's text holds the steward id, which SQLite parsed anew
// and pgx prepared as a new statement each time.
func (s *Store) TeamsForSteward(ctx context.Context, stewardID int64) ([]*baton.Team, error) {
	out := []*baton.Team{}
	err := s.readBound(ctx, &out, `SELECT team.id, team.name, team.created_at, m.role,
		(SELECT count(*) FROM team_members c WHERE c.team_id = team.id) AS members
		FROM teams AS team JOIN team_members m ON m.team_id = team.id AND m.steward_id = ?
		ORDER BY lower(team.name), team.id`, stewardID)
	return out, err
}

// Team returns a team the steward is in, with their role.
func (s *Store) Team(ctx context.Context, stewardID, teamID int64) (*baton.Team, error) {
	t := new(baton.Team)
	err := teamQuery(s.db, stewardID).Where("team.id = ?", teamID).Scan(ctx, t)
	return t, notFound(err, "team")
}

// TeamMembers lists a team's members, owner first, for a steward in it.
func (s *Store) TeamMembers(ctx context.Context, stewardID, teamID int64) ([]*baton.TeamMember, error) {
	out := []*baton.TeamMember{}
	err := s.db.NewRaw(`SELECT m.steward_id, s.username, s.display_name, m.role, m.created_at
		FROM team_members m JOIN stewards s ON s.id = m.steward_id
		WHERE m.team_id = ? AND `+isMember+`
		ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'member' THEN 1 ELSE 2 END, lower(s.username)`,
		teamID, teamID, stewardID).Scan(ctx, &out)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("team")
	}
	return out, nil
}

// teamRole returns the steward's role in a team, or not found.
func teamRole(ctx context.Context, db bun.IDB, stewardID, teamID int64) (baton.TeamRole, error) {
	var role []string
	err := db.NewRaw("SELECT role FROM team_members WHERE team_id = ? AND steward_id = ?", teamID, stewardID).Scan(ctx, &role)
	if err != nil {
		return "", err
	}
	if len(role) == 0 {
		return "", baton.NotFound("team")
	}
	return baton.TeamRole(role[0]), nil
}

// ownerOnly turns a statement that changed nothing into the right error:
// not found for a stranger (or a missing target), forbidden for a member.
func ownerOnly(ctx context.Context, db bun.IDB, stewardID, teamID int64, action string) error {
	role, err := teamRole(ctx, db, stewardID, teamID)
	if err != nil {
		return err
	}
	if role != baton.RoleOwner {
		return baton.Errorf(baton.EFORBIDDEN, "only the team's owner can %s", action)
	}
	return nil
}

// lockTeam serializes changes to one team's membership on PostgreSQL
// (SQLite transactions already take the write lock up front).
func (s *Store) lockTeam(ctx context.Context, tx bun.Tx, teamID int64) error {
	if s.dialect != Postgres {
		return nil
	}
	var ids []int64
	return tx.NewRaw("SELECT id FROM teams WHERE id = ? FOR UPDATE", teamID).Scan(ctx, &ids)
}

// InviteRequest names who is invited (baton.InviteRequest).
type InviteRequest = baton.InviteRequest

// CreateInvitation invites someone into a team; only the owner may. The
// token's hash is stored; the caller shows the link once.
func (s *Store) CreateInvitation(ctx context.Context, stewardID, teamID int64, req baton.InviteRequest, tokenHash string) (*baton.Invitation, error) {
	if _, err := s.Team(ctx, stewardID, teamID); err != nil {
		return nil, err
	}
	if err := ownerOnly(ctx, s.db, stewardID, teamID, "invite people"); err != nil {
		return nil, err
	}
	if req.Role == "" {
		req.Role = baton.RoleMember
	}
	if req.Role != baton.RoleMember && req.Role != baton.RoleViewer {
		return nil, baton.Invalid("role", "an invitation makes a member or a viewer; ownership is transferred, not invited")
	}
	who := strings.TrimSpace(stripNUL(req.Who))
	now := s.clock()
	inv := &baton.Invitation{TeamID: teamID, TokenHash: tokenHash, InvitedBy: stewardID, Role: req.Role,
		CreatedAt: now, ExpiresAt: now.Add(baton.InvitationTTL)}
	switch {
	case who == "":
		return nil, baton.Invalid("who", "say whom to invite: a username or an email address")
	case strings.Contains(who, "@"):
		if len(who) > 254 || strings.ContainsAny(who, " \t\r\n<>") {
			return nil, baton.Invalid("who", "%q is not an email address", who)
		}
		inv.Email, inv.Invitee = strings.ToLower(who), strings.ToLower(who)
	default:
		st, err := s.StewardByUsername(ctx, who)
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return nil, baton.Invalid("who", "no steward is called %q; check the spelling, or invite them by email", who)
		} else if err != nil {
			return nil, err
		}
		if st.ID == stewardID {
			return nil, baton.Invalid("who", "you are already in this team")
		}
		inv.StewardID, inv.Invitee = &st.ID, st.Username
	}
	if inv.StewardID != nil {
		if _, err := teamRole(ctx, s.db, *inv.StewardID, teamID); err == nil {
			return nil, baton.Invalid("who", "%s is already in this team", inv.Invitee)
		}
	}
	// The owner check is in the statement too: a demotion between the
	// check above and this insert cannot slip an invitation through.
	res, err := s.db.NewRaw(`INSERT INTO team_invitations (team_id, token_hash, invited_by, steward_id, email, role, created_at, expires_at)
		SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE `+isOwner,
		teamID, tokenHash, stewardID, inv.StewardID, inv.Email, inv.Role, inv.CreatedAt, inv.ExpiresAt, teamID, stewardID).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, ownerOnly(ctx, s.db, stewardID, teamID, "invite people")
	}
	return inv, nil
}

// invitationSelect reads invitations with their team, inviter and invitee names.
const invitationSelect = `SELECT i.id, i.team_id, i.token_hash, i.invited_by, i.steward_id, i.email, i.role,
	i.created_at, i.expires_at, i.accepted_at, i.accepted_by, i.revoked_at,
	t.name AS team_name, coalesce(nullif(inv.display_name, ''), inv.username) AS inviter_name,
	coalesce(s.username, i.email) AS invitee
	FROM team_invitations i
	JOIN teams t ON t.id = i.team_id
	JOIN stewards inv ON inv.id = i.invited_by
	LEFT JOIN stewards s ON s.id = i.steward_id`

// PendingInvitations lists a team's open invitations; only its owner sees them.
func (s *Store) PendingInvitations(ctx context.Context, stewardID, teamID int64) ([]*baton.Invitation, error) {
	out := []*baton.Invitation{}
	err := s.db.NewRaw(invitationSelect+`
		WHERE i.team_id = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ? AND `+isOwner+`
		ORDER BY i.id DESC`, teamID, s.clock(), teamID, stewardID).Scan(ctx, &out)
	return out, err
}

// forInvitee is the condition that an invitation is for the acting steward
// (args: steward id three times): invited by username, or by an email
// the steward's account or one of its linked identities has.
const forInvitee = `(i.steward_id = ? OR (i.email <> '' AND (
	i.email = (SELECT lower(email) FROM stewards WHERE id = ? AND email <> '')
	OR i.email IN (SELECT lower(email) FROM identities WHERE steward_id = ? AND email <> ''))))`

// InvitationForSteward returns an open invitation by its token's hash,
// when it is for the steward; any other steward gets not found.
func (s *Store) InvitationForSteward(ctx context.Context, stewardID int64, tokenHash string) (*baton.Invitation, error) {
	return invitationForSteward(ctx, s.db, stewardID, byToken(tokenHash), s.clock(), "")
}

// InvitationsFor lists the open invitations for the steward (by username,
// or by an email address of theirs), newest first: the Teams page offers
// them, so an invitation needs no link to be found.
func (s *Store) InvitationsFor(ctx context.Context, stewardID int64) ([]*baton.Invitation, error) {
	out := []*baton.Invitation{}
	err := s.db.NewRaw(invitationSelect+`
		WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ? AND `+forInvitee+`
		ORDER BY i.id DESC`, s.clock(), stewardID, stewardID, stewardID).Scan(ctx, &out)
	return out, err
}

// invitationKey picks one invitation: by its link's token hash, or by id
// (from the invitee's own list).
type invitationKey struct {
	where string
	arg   any
}

func byToken(tokenHash string) invitationKey { return invitationKey{"i.token_hash = ?", tokenHash} }
func byID(id int64) invitationKey            { return invitationKey{"i.id = ?", id} }

func invitationForSteward(ctx context.Context, db bun.IDB, stewardID int64, key invitationKey, now time.Time, suffix string) (*baton.Invitation, error) {
	inv := new(baton.Invitation)
	err := db.NewRaw(invitationSelect+`
		WHERE `+key.where+` AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ? AND `+forInvitee+suffix,
		key.arg, now, stewardID, stewardID, stewardID).Scan(ctx, inv)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && inv.ID == 0) {
		return nil, baton.NotFound("invitation")
	}
	return inv, err
}

// AcceptInvitation makes the steward a member of the invitation's team
// with its role, once, and returns the team.
func (s *Store) AcceptInvitation(ctx context.Context, stewardID int64, tokenHash string) (*baton.Team, error) {
	return s.acceptInvitation(ctx, stewardID, byToken(tokenHash))
}

// AcceptInvitationByID accepts an invitation from the steward's own list
// (InvitationsFor); one for anyone else is not found.
func (s *Store) AcceptInvitationByID(ctx context.Context, stewardID, invitationID int64) (*baton.Team, error) {
	return s.acceptInvitation(ctx, stewardID, byID(invitationID))
}

// DeclineInvitation closes an open invitation for the steward without
// joining: it leaves their list and the owner's pending invitations.
func (s *Store) DeclineInvitation(ctx context.Context, stewardID, invitationID int64) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		suffix := ""
		if s.dialect == Postgres {
			suffix = " FOR UPDATE OF i"
		}
		inv, err := invitationForSteward(ctx, tx, stewardID, byID(invitationID), s.clock(), suffix)
		if err != nil {
			return err
		}
		_, err = tx.NewRaw("UPDATE team_invitations SET revoked_at = ? WHERE id = ?", s.clock(), inv.ID).Exec(ctx)
		return err
	})
}

func (s *Store) acceptInvitation(ctx context.Context, stewardID int64, key invitationKey) (*baton.Team, error) {
	var teamID int64
	err := s.inTx(ctx, func(tx bun.Tx) error {
		suffix := ""
		if s.dialect == Postgres {
			suffix = " FOR UPDATE OF i"
		}
		inv, err := invitationForSteward(ctx, tx, stewardID, key, s.clock(), suffix)
		if err != nil {
			return err
		}
		teamID = inv.TeamID
		now := s.clock()
		if _, err := tx.NewRaw(`INSERT INTO team_members (team_id, steward_id, role, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (team_id, steward_id) DO NOTHING`, inv.TeamID, stewardID, inv.Role, now).Exec(ctx); err != nil {
			return err
		}
		_, err = tx.NewRaw("UPDATE team_invitations SET accepted_at = ?, accepted_by = ? WHERE id = ?", now, stewardID, inv.ID).Exec(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Team(ctx, stewardID, teamID)
}

// RevokeInvitation withdraws an open invitation; only the team's owner may.
func (s *Store) RevokeInvitation(ctx context.Context, stewardID, teamID, invitationID int64) error {
	res, err := s.db.NewRaw(`UPDATE team_invitations SET revoked_at = ?
		WHERE id = ? AND team_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND `+isOwner,
		s.clock(), invitationID, teamID, teamID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if err := ownerOnly(ctx, s.db, stewardID, teamID, "withdraw invitations"); err != nil {
			return err
		}
		return baton.NotFound("invitation")
	}
	return nil
}

// SetMemberRole makes a member a member or a viewer; only the owner may,
// and the owner's own role changes only by transferring ownership.
func (s *Store) SetMemberRole(ctx context.Context, stewardID, teamID, memberID int64, role baton.TeamRole) error {
	if _, err := teamRole(ctx, s.db, stewardID, teamID); err != nil {
		return err
	}
	if role != baton.RoleMember && role != baton.RoleViewer {
		return baton.Invalid("role", "a role is member or viewer; to make someone owner, transfer ownership")
	}
	res, err := s.db.NewRaw(`UPDATE team_members SET role = ?
		WHERE team_id = ? AND steward_id = ? AND role <> 'owner' AND `+isOwner,
		role, teamID, memberID, teamID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	return s.memberChanged(ctx, res, stewardID, teamID, memberID, "change roles")
}

// memberChanged explains a member statement that changed nothing.
func (s *Store) memberChanged(ctx context.Context, res sql.Result, stewardID, teamID, memberID int64, action string) error {
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if err := ownerOnly(ctx, s.db, stewardID, teamID, action); err != nil {
		return err
	}
	role, err := teamRole(ctx, s.db, memberID, teamID)
	if err != nil {
		return baton.NotFound("member")
	}
	if role == baton.RoleOwner {
		return baton.Errorf(baton.ECONFLICT, "the owner's place changes only by transferring ownership")
	}
	return nil
}

// RemoveMember takes a member out of a team; only the owner may, and not themselves.
func (s *Store) RemoveMember(ctx context.Context, stewardID, teamID, memberID int64) error {
	if _, err := teamRole(ctx, s.db, stewardID, teamID); err != nil {
		return err
	}
	res, err := s.db.NewRaw(`DELETE FROM team_members
		WHERE team_id = ? AND steward_id = ? AND role <> 'owner' AND `+isOwner,
		teamID, memberID, teamID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	return s.memberChanged(ctx, res, stewardID, teamID, memberID, "remove members")
}

// LeaveTeam takes the steward out of a team. The owner cannot leave: they
// transfer ownership first, so a team always has exactly one owner.
func (s *Store) LeaveTeam(ctx context.Context, stewardID, teamID int64) error {
	res, err := s.db.NewRaw("DELETE FROM team_members WHERE team_id = ? AND steward_id = ? AND role <> 'owner'",
		teamID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if _, err := teamRole(ctx, s.db, stewardID, teamID); err != nil {
		return err
	}
	return baton.Errorf(baton.ECONFLICT, "you own this team: transfer ownership to another member before you leave, or delete the team")
}

// TransferOwnership makes another member the owner and the current owner
// a member, in one transaction.
func (s *Store) TransferOwnership(ctx context.Context, stewardID, teamID, newOwnerID int64) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		if err := s.lockTeam(ctx, tx, teamID); err != nil {
			return err
		}
		if err := ownerOnly(ctx, tx, stewardID, teamID, "transfer ownership"); err != nil {
			return err
		}
		if newOwnerID == stewardID {
			return baton.Invalid("steward_id", "you already own this team")
		}
		if _, err := teamRole(ctx, tx, newOwnerID, teamID); err != nil {
			return baton.Invalid("steward_id", "the new owner must already be in the team")
		}
		res, err := tx.NewRaw(`UPDATE team_members SET role = 'member'
			WHERE team_id = ? AND steward_id = ? AND role = 'owner'`, teamID, stewardID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return baton.Errorf(baton.ECONFLICT, "ownership changed meanwhile; reload and try again")
		}
		_, err = tx.NewRaw("UPDATE team_members SET role = 'owner' WHERE team_id = ? AND steward_id = ?", teamID, newOwnerID).Exec(ctx)
		return err
	})
}

// DeleteTeam deletes a team with its memberships and invitations; only the owner may.
func (s *Store) DeleteTeam(ctx context.Context, stewardID, teamID int64) error {
	res, err := s.db.NewRaw("DELETE FROM teams WHERE id = ? AND "+isOwner, teamID, teamID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ownerOnly(ctx, s.db, stewardID, teamID, "delete the team")
	}
	return nil
}
