package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// StewardByIdentity returns the steward an outside sign-in (provider and
// subject) belongs to. It is the sign-in itself, so it takes no steward id.
func (s *Store) StewardByIdentity(ctx context.Context, provider, subject string) (*baton.Steward, error) {
	st := new(baton.Steward)
	err := s.db.NewSelect().Model(st).
		Where("id = (SELECT steward_id FROM identities WHERE provider = ? AND subject = ?)", provider, subject).
		Scan(ctx)
	return st, notFound(err, "identity")
}

// EmailInUse reports whether any steward already uses an email address, on
// the account or on a linked identity (case-insensitive). A first sign-in
// through a provider never takes over such an account by its email.
func (s *Store) EmailInUse(ctx context.Context, email string) (bool, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return false, nil
	}
	var n []int
	err := s.db.NewRaw(`SELECT 1 FROM stewards WHERE email <> '' AND lower(email) = lower(?)
		UNION ALL SELECT 1 FROM identities WHERE email <> '' AND lower(email) = lower(?)`, email, email).Scan(ctx, &n)
	return len(n) > 0, err
}

// CreateStewardWithIdentity creates a steward for a first sign-in through a
// provider, with that identity, in one transaction. The username is
// st.Username if free, else the first free of st.Username-2, -3, ….
func (s *Store) CreateStewardWithIdentity(ctx context.Context, st *baton.Steward, id *baton.Identity) error {
	base := strings.TrimSpace(st.Username)
	if base == "" {
		return baton.Invalid("username", "username is required")
	}
	if id.Provider == "" || id.Subject == "" {
		return baton.Invalid("subject", "the provider did not say who signed in")
	}
	now := s.clock()
	// A race with another first sign-in taking the same name is retried;
	// a race on the same identity ends as a conflict.
	for attempt := 0; attempt < 5; attempt++ {
		name, err := s.freeUsername(ctx, base)
		if err != nil {
			return err
		}
		err = s.inTx(ctx, func(tx bun.Tx) error {
			st.ID, st.Username, st.CreatedAt = 0, name, now
			if _, err := tx.NewInsert().Model(st).Returning("id").Exec(ctx); err != nil {
				return err
			}
			id.ID, id.StewardID, id.CreatedAt = 0, st.ID, now
			_, err := tx.NewInsert().Model(id).Returning("id").Exec(ctx)
			return err
		})
		if err == nil {
			return nil
		}
		if !isUniqueViolation(err) {
			return err
		}
		if _, e := s.StewardByIdentity(ctx, id.Provider, id.Subject); e == nil {
			return baton.Errorf(baton.ECONFLICT, "this sign-in already belongs to an account")
		}
	}
	return baton.Errorf(baton.ECONFLICT, "could not find a free username for %s", base)
}

// freeUsername returns base, or base-N for the smallest N ≥ 2 that is free.
func (s *Store) freeUsername(ctx context.Context, base string) (string, error) {
	// A LIKE wildcard in base ('_', '%') only matches more names than
	// needed, which makes the suffix larger, never a taken name free.
	var taken []string
	if err := s.db.NewRaw("SELECT username FROM stewards WHERE username = ? OR username LIKE ?",
		base, base+"-%").Scan(ctx, &taken); err != nil {
		return "", err
	}
	used := make(map[string]bool, len(taken))
	for _, u := range taken {
		used[u] = true
	}
	if !used[base] {
		return base, nil
	}
	for n := 2; ; n++ {
		if name := fmt.Sprintf("%s-%d", base, n); !used[name] {
			return name, nil
		}
	}
}

// IdentitiesForSteward lists the outside sign-ins linked to a steward, oldest first.
func (s *Store) IdentitiesForSteward(ctx context.Context, stewardID int64) ([]*baton.Identity, error) {
	out := []*baton.Identity{}
	err := s.db.NewSelect().Model(&out).Where("steward_id = ?", stewardID).Order("id").Scan(ctx)
	return out, err
}

// LinkIdentity adds an outside sign-in to a signed-in steward's account.
// It fails with a conflict when the identity belongs to another account.
func (s *Store) LinkIdentity(ctx context.Context, stewardID int64, id *baton.Identity) error {
	if id.Provider == "" || id.Subject == "" {
		return baton.Invalid("subject", "the provider did not say who signed in")
	}
	owner, err := s.StewardByIdentity(ctx, id.Provider, id.Subject)
	switch {
	case err == nil && owner.ID == stewardID:
		return baton.Errorf(baton.ECONFLICT, "that account is already linked to yours")
	case err == nil:
		return baton.Errorf(baton.ECONFLICT, "that account is already linked to another Baton account; sign in with it and unlink it there first")
	case baton.ErrorCode(err) != baton.ENOTFOUND:
		return err
	}
	id.ID, id.StewardID, id.CreatedAt = 0, stewardID, s.clock()
	_, err = s.db.NewInsert().Model(id).Returning("id").Exec(ctx)
	if isUniqueViolation(err) {
		return baton.Errorf(baton.ECONFLICT, "that account is already linked to a Baton account")
	}
	return err
}

// UnlinkIdentity removes one of the steward's linked sign-ins, unless it is
// the last way in: a steward without a password keeps at least one.
func (s *Store) UnlinkIdentity(ctx context.Context, stewardID, identityID int64) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		// Lock the steward so two unlinks at once cannot both see "one more left".
		lock := tx.NewSelect().Model((*baton.Steward)(nil)).Column("id").Where("id = ?", stewardID)
		if s.dialect == Postgres {
			lock = lock.For("UPDATE")
		}
		var ids []int64
		if err := lock.Scan(ctx, &ids); err != nil {
			return err
		}
		res, err := tx.NewRaw(`DELETE FROM identities WHERE id = ? AND steward_id = ?
			AND ((SELECT password_hash FROM stewards WHERE id = ?) <> ''
			  OR (SELECT count(*) FROM identities WHERE steward_id = ?) > 1)`,
			identityID, stewardID, stewardID, stewardID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		exists, err := tx.NewSelect().Model((*baton.Identity)(nil)).Where("id = ? AND steward_id = ?", identityID, stewardID).Exists(ctx)
		if err != nil {
			return err
		}
		if !exists {
			return baton.NotFound("linked account")
		}
		return baton.Errorf(baton.ECONFLICT, "this is your only way to sign in: link another account first, so you can still get in")
	})
}
