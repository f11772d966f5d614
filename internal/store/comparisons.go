package store

import (
	"context"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// A steward reaches a comparison or a session they own, or one shared with
// a team they are in, while its owner is still in that team too. The grant
// is part of every statement that reads or comments, like steward_id is for
// what a steward owns.
//
// sharedGrant is the condition; it takes (kind, reader id) and names the
// object's id and owner columns.
func sharedGrant(objectCol, ownerCol string, commentOnly bool) string {
	role := ""
	if commentOnly {
		role = " AND tm.role <> 'viewer'"
	}
	return `EXISTS (SELECT 1 FROM team_shares ts
		JOIN team_members tm ON tm.team_id = ts.team_id
		JOIN team_members om ON om.team_id = ts.team_id AND om.steward_id = ` + ownerCol + `
		WHERE ts.kind = ? AND ts.object_id = ` + objectCol + ` AND tm.steward_id = ?` + role + `)`
}

// accessExpr is the reader's access to an object: owner, member (may
// comment) or viewer; it takes (reader id, kind, reader id, kind, reader id).
func accessExpr(objectCol, ownerCol string) string {
	return `CASE WHEN ` + ownerCol + ` = ? THEN 'owner' WHEN ` + sharedGrant(objectCol, ownerCol, true) +
		` THEN 'member' WHEN ` + sharedGrant(objectCol, ownerCol, false) + ` THEN 'viewer' END`
}

// CreateComparison saves a comparison of two of the steward's conversations.
func (s *Store) CreateComparison(ctx context.Context, stewardID int64, a, b, title string) (*baton.Comparison, error) {
	if strings.TrimSpace(a) == "" {
		return nil, baton.Invalid("a", "a is required: the id of a conversation")
	}
	if strings.TrimSpace(b) == "" {
		return nil, baton.Invalid("b", "b is required: the id of a conversation")
	}
	ca, err := s.ConversationByID(ctx, stewardID, a)
	if err != nil {
		return nil, baton.Invalid("a", "a names no conversation of yours")
	}
	cb, err := s.ConversationByID(ctx, stewardID, b)
	if err != nil {
		return nil, baton.Invalid("b", "b names no conversation of yours")
	}
	title = strings.TrimSpace(stripNUL(title))
	if title == "" {
		title = conversationLabel(ca) + " vs " + conversationLabel(cb)
	}
	c := &baton.Comparison{ID: uuid.NewString(), StewardID: stewardID, AConversationID: ca.ID, BConversationID: cb.ID,
		Title: baton.CapTitle(title), CreatedAt: s.clock()}
	if err := s.inTx(ctx, func(tx bun.Tx) error {
		_, err := tx.NewInsert().Model(c).Exec(ctx)
		return err
	}); err != nil {
		return nil, err
	}
	return s.Comparison(ctx, stewardID, c.ID)
}

func conversationLabel(c *baton.Conversation) string {
	if c.Title != "" {
		return c.Title
	}
	return c.Kind
}

// comparisonSelect reads comparisons with the reader's access and the owner's name.
func comparisonSelect(reader int64) (string, []any) {
	q := `SELECT c.id, c.steward_id, c.a_conversation_id, c.b_conversation_id, c.title, c.created_at,
		` + accessExpr("c.id", "c.steward_id") + ` AS access,
		coalesce(nullif(o.display_name, ''), o.username) AS owner_name,
		ca.session_id AS a_session_id, cb.session_id AS b_session_id
		FROM comparisons c JOIN stewards o ON o.id = c.steward_id
		JOIN conversations ca ON ca.id = c.a_conversation_id JOIN conversations cb ON cb.id = c.b_conversation_id`
	k := baton.TeamShareComparison
	return q, []any{reader, k, reader, k, reader}
}

// readable is the WHERE condition of what a reader may read; args (reader, kind, reader).
func readable(objectCol, ownerCol string) string {
	return "(" + ownerCol + " = ? OR " + sharedGrant(objectCol, ownerCol, false) + ")"
}

// Comparison returns a comparison the steward owns or that is shared with
// one of their teams.
func (s *Store) Comparison(ctx context.Context, stewardID int64, id string) (*baton.Comparison, error) {
	q, args := comparisonSelect(stewardID)
	var out []*baton.Comparison
	err := s.db.NewRaw(q+" WHERE c.id = ? AND "+readable("c.id", "c.steward_id"),
		append(args, id, stewardID, baton.TeamShareComparison, stewardID)...).Scan(ctx, &out)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("comparison")
	}
	return out[0], nil
}

// Comparisons lists the steward's own comparisons (mine) and those shared
// with their teams by others (shared), newest first.
func (s *Store) Comparisons(ctx context.Context, stewardID int64) (mine, shared []*baton.Comparison, err error) {
	q, args := comparisonSelect(stewardID)
	mine, shared = []*baton.Comparison{}, []*baton.Comparison{}
	if err = s.db.NewRaw(q+" WHERE c.steward_id = ? ORDER BY c.created_at DESC, c.id LIMIT 500", append(args, stewardID)...).Scan(ctx, &mine); err != nil {
		return nil, nil, err
	}
	q, args = comparisonSelect(stewardID)
	err = s.db.NewRaw(q+" WHERE c.steward_id <> ? AND "+sharedGrant("c.id", "c.steward_id", false)+" ORDER BY c.created_at DESC, c.id LIMIT 500",
		append(args, stewardID, baton.TeamShareComparison, stewardID)...).Scan(ctx, &shared)
	return mine, shared, err
}

// MaxCommentBytes bounds one comment.
const MaxCommentBytes = 20000

// AddComparisonComment adds the steward's comment to a comparison they own
// or that is shared with a team where they are a member (not a viewer).
func (s *Store) AddComparisonComment(ctx context.Context, stewardID int64, comparisonID, pairKey, body string) (*baton.ComparisonComment, error) {
	body = strings.TrimSpace(stripNUL(body))
	if body == "" {
		return nil, baton.Invalid("body", "a comment needs a body")
	}
	if len(body) > MaxCommentBytes {
		return nil, baton.Invalid("body", "a comment is at most %d bytes", MaxCommentBytes)
	}
	pairKey = strings.TrimSpace(pairKey)
	if len(pairKey) > 40 {
		return nil, baton.Invalid("pair", "pair must name an aligned pair, as r3 or a5")
	}
	c := &baton.ComparisonComment{ComparisonID: comparisonID, AuthorID: stewardID, PairKey: pairKey, Body: body, CreatedAt: s.clock()}
	err := s.insertAsContributor(ctx, stewardID, comparisonID, "comment",
		`INSERT INTO comparison_comments (comparison_id, author_id, pair_key, body, created_at)
			SELECT c.id, ?, ?, ?, ?`, "",
		stewardID, pairKey, body, c.CreatedAt)
	if err != nil {
		return nil, err
	}
	comments, err := s.ComparisonComments(ctx, stewardID, comparisonID)
	if err != nil {
		return nil, err
	}
	for i := len(comments) - 1; i >= 0; i-- {
		if comments[i].AuthorID == stewardID && comments[i].Body == body {
			return comments[i], nil
		}
	}
	return c, nil
}

// insertAsContributor runs an INSERT … SELECT (insert, with its args)
// from comparison comparisonID when the steward owns it or is a member
// (not a viewer) of a team it is shared with; tail follows the condition
// (ON CONFLICT …). No row written is a viewer's refusal, saying they may
// read the comparison but not do what, or the comparison not found.
func (s *Store) insertAsContributor(ctx context.Context, stewardID int64, comparisonID, what, insert, tail string, args ...any) error {
	var n int64
	err := s.inTx(ctx, func(tx bun.Tx) error {
		res, err := tx.NewRaw(insert+` FROM comparisons c
			WHERE c.id = ? AND (c.steward_id = ? OR `+sharedGrant("c.id", "c.steward_id", true)+`) `+tail,
			append(args, comparisonID, stewardID, baton.TeamShareComparison, stewardID)...).Exec(ctx)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	if err != nil || n > 0 {
		return err
	}
	// A viewer may read but not write; anyone else does not see it.
	if _, err := s.Comparison(ctx, stewardID, comparisonID); err != nil {
		return err
	}
	return baton.Errorf(baton.EFORBIDDEN, "viewers of a team may read this comparison but not %s", what)
}

// ComparisonComments lists the comments of a comparison the steward may read, oldest first.
func (s *Store) ComparisonComments(ctx context.Context, stewardID int64, comparisonID string) ([]*baton.ComparisonComment, error) {
	out := []*baton.ComparisonComment{}
	err := s.db.NewRaw(`SELECT k.id, k.comparison_id, k.author_id, k.pair_key, k.body, k.created_at,
		coalesce(nullif(a.display_name, ''), a.username) AS author_name
		FROM comparison_comments k JOIN comparisons c ON c.id = k.comparison_id JOIN stewards a ON a.id = k.author_id
		WHERE k.comparison_id = ? AND `+readable("c.id", "c.steward_id")+` ORDER BY k.id`,
		comparisonID, stewardID, baton.TeamShareComparison, stewardID).Scan(ctx, &out)
	return out, err
}

// teamShareable names, per kind, the query that returns the object's title
// when the steward owns it (args: object id, steward id).
var teamShareable = map[string]string{
	baton.TeamShareSession:    "SELECT coalesce(nullif(title, ''), 'Untitled session') FROM sessions WHERE id = ? AND steward_id = ?",
	baton.TeamShareComparison: "SELECT title FROM comparisons WHERE id = ? AND steward_id = ?",
	baton.TeamShareMatrix:     "SELECT title FROM replay_matrices WHERE id = ? AND steward_id = ?",
}

// ShareWithTeam shares one of the steward's sessions or comparisons with a
// team the steward is in. Sharing twice changes nothing.
func (s *Store) ShareWithTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) (*baton.TeamShare, error) {
	owned, ok := teamShareable[kind]
	if !ok {
		return nil, baton.Invalid("kind", "a team share is of a session, a comparison or a replay matrix")
	}
	var title []string
	if err := s.db.NewRaw(owned, objectID, stewardID).Scan(ctx, &title); err != nil {
		return nil, err
	}
	if len(title) == 0 {
		return nil, baton.NotFound(kind)
	}
	if teamID <= 0 {
		return nil, baton.Invalid("team_id", "team_id is required")
	}
	if _, err := teamRole(ctx, s.db, stewardID, teamID); err != nil {
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return nil, baton.Invalid("team_id", "you are not in team %d", teamID)
		}
		return nil, err
	}
	sh := &baton.TeamShare{TeamID: teamID, StewardID: stewardID, Kind: kind, ObjectID: objectID, CreatedAt: s.clock(), Title: title[0]}
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var have []int64
		if err := tx.NewRaw("SELECT id FROM team_shares WHERE team_id = ? AND kind = ? AND object_id = ?", teamID, kind, objectID).Scan(ctx, &have); err != nil {
			return err
		}
		if len(have) > 0 {
			sh.ID = have[0]
			return nil
		}
		_, err := tx.NewInsert().Model(sh).Returning("id").Exec(ctx)
		return err
	})
	return sh, err
}

// UnshareFromTeam ends one of the steward's team shares.
func (s *Store) UnshareFromTeam(ctx context.Context, stewardID int64, kind, objectID string, teamID int64) error {
	res, err := s.db.NewRaw("DELETE FROM team_shares WHERE team_id = ? AND kind = ? AND object_id = ? AND steward_id = ?",
		teamID, kind, objectID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("team share")
	}
	return nil
}

// TeamShares lists what is shared with a team the steward is in (whose
// sharer is still in it), newest first.
func (s *Store) TeamShares(ctx context.Context, stewardID, teamID int64) ([]*baton.TeamShare, error) {
	out := []*baton.TeamShare{}
	err := s.db.NewRaw(`SELECT ts.id, ts.team_id, ts.steward_id, ts.kind, ts.object_id, ts.created_at,
		coalesce(CASE ts.kind WHEN 'session' THEN (SELECT coalesce(nullif(title, ''), 'Untitled session') FROM sessions WHERE id = ts.object_id AND steward_id = ts.steward_id)
			WHEN 'matrix' THEN (SELECT title FROM replay_matrices WHERE id = ts.object_id AND steward_id = ts.steward_id)
			ELSE (SELECT title FROM comparisons WHERE id = ts.object_id AND steward_id = ts.steward_id) END, '') AS title,
		coalesce(nullif(o.display_name, ''), o.username) AS owner_name
		FROM team_shares ts JOIN stewards o ON o.id = ts.steward_id
		WHERE ts.team_id = ? AND `+isMember+`
		AND EXISTS (SELECT 1 FROM team_members om WHERE om.team_id = ts.team_id AND om.steward_id = ts.steward_id)
		ORDER BY ts.created_at DESC, ts.id DESC`, teamID, teamID, stewardID).Scan(ctx, &out)
	return out, err
}

// ObjectTeamShares lists the teams one of the steward's objects is shared with.
func (s *Store) ObjectTeamShares(ctx context.Context, stewardID int64, kind, objectID string) ([]*baton.TeamShare, error) {
	out := []*baton.TeamShare{}
	err := s.readBound(ctx, &out, `SELECT ts.id, ts.team_id, ts.steward_id, ts.kind, ts.object_id, ts.created_at, t.name AS title
		FROM team_shares ts JOIN teams t ON t.id = ts.team_id
		WHERE ts.kind = ? AND ts.object_id = ? AND ts.steward_id = ? ORDER BY t.name`, kind, objectID, stewardID)
	return out, err
}

// SharedSession returns a session the steward owns or that is shared with
// one of their teams, with the steward's access to it.
func (s *Store) SharedSession(ctx context.Context, stewardID int64, sessionID string) (*baton.Session, string, error) {
	var access []string
	err := s.db.NewRaw("SELECT "+accessExpr("s.id", "s.steward_id")+" FROM sessions s WHERE s.id = ? AND "+readable("s.id", "s.steward_id"),
		stewardID, baton.TeamShareSession, stewardID, baton.TeamShareSession, stewardID,
		sessionID, stewardID, baton.TeamShareSession, stewardID).Scan(ctx, &access)
	if err != nil {
		return nil, "", err
	}
	if len(access) == 0 {
		return nil, "", baton.NotFound("session")
	}
	var owner []int64
	if err := s.db.NewRaw("SELECT steward_id FROM sessions WHERE id = ?", sessionID).Scan(ctx, &owner); err != nil || len(owner) == 0 {
		return nil, "", notFound(err, "session")
	}
	sess, err := s.Session(ctx, owner[0], sessionID)
	return sess, access[0], err
}

// CreateComparisonLink makes a read-only link to one of the steward's
// comparisons; redact makes the link's page hide secrets. The link is
// written whole, redaction flag included, or not at all.
func (s *Store) CreateComparisonLink(ctx context.Context, stewardID int64, comparisonID, tokenHash string, expiresAt *time.Time, redact bool) (*baton.ShareLink, error) {
	l := &baton.ShareLink{StewardID: stewardID, TokenHash: tokenHash, Kind: baton.ShareComparison, ObjectID: comparisonID,
		ExpiresAt: expiresAt, Redact: redact}
	return s.insertShareLink(ctx, shareable[baton.ShareComparison], l, "comparison", clipTitle)
}

// LinkedComparison is the comparison a live share link opens, read with
// the link's owner's id: the link is the permission.
func (s *Store) LinkedComparison(ctx context.Context, link *baton.ShareLink) (*baton.Comparison, error) {
	if link.Kind != baton.ShareComparison {
		return nil, baton.NotFound("comparison")
	}
	return s.Comparison(ctx, link.StewardID, link.ObjectID)
}

// clipTitle bounds a title or reason to 200 characters.
func clipTitle(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200]) + "…"
	}
	return s
}
