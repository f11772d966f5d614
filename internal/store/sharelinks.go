package store

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// shareable names, per kind of object a share link may open, the query
// that returns the object's label when the steward owns it (args: object
// id, steward id). A later kind of shared object adds one line here.
var shareable = map[string]string{
	baton.ShareSession:    "SELECT coalesce(nullif(title, ''), 'Untitled session') FROM sessions WHERE id = ? AND steward_id = ?",
	baton.ShareComparison: "SELECT title FROM comparisons WHERE id = ? AND steward_id = ?",
	baton.ShareMatrix:     "SELECT title FROM replay_matrices WHERE id = ? AND steward_id = ?",
}

// ShareKinds lists the kinds of object a share link may open.
func ShareKinds() []string {
	out := make([]string, 0, len(shareable))
	for k := range shareable {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// CreateShareLink makes a read-only link to one of the steward's objects.
// Only the token's hash is stored; expiresAt nil means it never expires.
func (s *Store) CreateShareLink(ctx context.Context, stewardID int64, kind, objectID, tokenHash string, expiresAt *time.Time) (*baton.ShareLink, error) {
	owned, ok := shareable[kind]
	if !ok {
		return nil, baton.Invalid("kind", "a share link opens one of: %s", strings.Join(ShareKinds(), ", "))
	}
	l := &baton.ShareLink{StewardID: stewardID, TokenHash: tokenHash, Kind: kind, ObjectID: objectID, ExpiresAt: expiresAt}
	return s.insertShareLink(ctx, owned, l, kind, baton.CapTitle)
}

// insertShareLink writes l, a link to one of its steward's objects that
// the query owned labels (shareable), with the object's label as clip
// cuts it; an object the steward does not have is reported as what. An
// expiry must be in the future.
func (s *Store) insertShareLink(ctx context.Context, owned string, l *baton.ShareLink, what string, clip func(string) string) (*baton.ShareLink, error) {
	l.CreatedAt = s.clock()
	if l.ExpiresAt != nil {
		e := l.ExpiresAt.UTC()
		if !e.After(l.CreatedAt) {
			return nil, baton.Invalid("expires", "the expiry must be in the future")
		}
		l.ExpiresAt = &e
	}
	var label []string
	if err := s.db.NewRaw(owned, l.ObjectID, l.StewardID).Scan(ctx, &label); err != nil {
		return nil, err
	}
	if len(label) == 0 {
		return nil, baton.NotFound(what)
	}
	l.Label = clip(label[0])
	_, err := s.db.NewInsert().Model(l).Returning("id").Exec(ctx)
	return l, err
}

// ShareLinksForSteward lists the steward's share links, newest first.
func (s *Store) ShareLinksForSteward(ctx context.Context, stewardID int64) ([]*baton.ShareLink, error) {
	out := []*baton.ShareLink{}
	err := s.db.NewSelect().Model(&out).Where("steward_id = ?", stewardID).Order("id DESC").Scan(ctx)
	return out, err
}

// RevokeShareLink ends one of the steward's share links.
func (s *Store) RevokeShareLink(ctx context.Context, stewardID, linkID int64) error {
	res, err := s.db.NewUpdate().Model((*baton.ShareLink)(nil)).Set("revoked_at = ?", s.clock()).
		Where("id = ? AND steward_id = ? AND revoked_at IS NULL", linkID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("share link")
	}
	return nil
}

// ShareLinkByToken returns the live share link with this token hash: not
// revoked, not expired. Anything else is not found, alike. It marks the
// link used (at most once a minute).
func (s *Store) ShareLinkByToken(ctx context.Context, tokenHash string) (*baton.ShareLink, error) {
	now := s.clock()
	l := new(baton.ShareLink)
	err := s.db.NewSelect().Model(l).
		Where("token_hash = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)", tokenHash, now).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "share link")
	}
	if l.LastUsedAt == nil || now.Sub(*l.LastUsedAt) > time.Minute {
		_, _ = s.db.NewUpdate().Model((*baton.ShareLink)(nil)).Set("last_used_at = ?", now).Where("id = ?", l.ID).Exec(ctx)
	}
	return l, nil
}
