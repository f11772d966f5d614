package store

import (
	"context"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// CreateSteward adds a steward. The username must be new.
func (s *Store) CreateSteward(ctx context.Context, st *baton.Steward) error {
	st.Username = strings.TrimSpace(st.Username)
	if st.Username == "" {
		return baton.Invalid("username", "username is required")
	}
	st.CreatedAt = s.clock()
	_, err := s.db.NewInsert().Model(st).Returning("id").Exec(ctx)
	if isUniqueViolation(err) {
		return &baton.Error{Code: baton.ECONFLICT, Message: "username " + st.Username + " is taken", Field: "username"}
	}
	return err
}

// StewardByID returns a steward.
func (s *Store) StewardByID(ctx context.Context, id int64) (*baton.Steward, error) {
	st := new(baton.Steward)
	err := s.db.NewSelect().Model(st).Where("id = ?", id).Scan(ctx)
	return st, notFound(err, "steward")
}

// StewardByUsername returns a steward by username.
func (s *Store) StewardByUsername(ctx context.Context, username string) (*baton.Steward, error) {
	st := new(baton.Steward)
	err := s.db.NewSelect().Model(st).Where("username = ?", strings.TrimSpace(username)).Scan(ctx)
	return st, notFound(err, "steward")
}

// CountStewards returns how many stewards there are (not counting the
// owner of imports in progress, StagingStewardID).
func (s *Store) CountStewards(ctx context.Context) (int, error) {
	n, err := s.db.NewSelect().Model((*baton.Steward)(nil)).Where("id > 0").Count(ctx)
	return int(n), err
}

// CreateToken stores a personal access token by its hash.
func (s *Store) CreateToken(ctx context.Context, stewardID int64, name, hash, prefix string) (*baton.AccessToken, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, baton.Invalid("name", "token name is required")
	}
	if len(name) > 100 {
		return nil, baton.Invalid("name", "token name must be at most 100 characters")
	}
	t := &baton.AccessToken{StewardID: stewardID, Name: name, Hash: hash, Prefix: prefix, CreatedAt: s.clock()}
	_, err := s.db.NewInsert().Model(t).Returning("id").Exec(ctx)
	return t, err
}

// TokensForSteward lists a steward's tokens, newest first.
func (s *Store) TokensForSteward(ctx context.Context, stewardID int64) ([]*baton.AccessToken, error) {
	var out []*baton.AccessToken
	err := s.db.NewSelect().Model(&out).Where("steward_id = ?", stewardID).Order("id DESC").Scan(ctx)
	return out, err
}

// RevokeToken revokes one of the steward's tokens.
func (s *Store) RevokeToken(ctx context.Context, stewardID, tokenID int64) error {
	res, err := s.db.NewUpdate().Model((*baton.AccessToken)(nil)).Set("revoked_at = ?", s.clock()).
		Where("id = ? AND steward_id = ? AND revoked_at IS NULL", tokenID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("token")
	}
	return nil
}

// StewardByTokenHash returns the steward owning a live token and marks the
// token used (at most once a minute, to keep API reads cheap).
//
// Every API request asks this first, so both reads have bound values: as
// Bun queries, with the hash in their text, SQLite parsed each anew and
// pgx prepared each as a new statement (~4% of the realistic mix's CPU).
func (s *Store) StewardByTokenHash(ctx context.Context, hash string) (*baton.Steward, error) {
	var tokens []*baton.AccessToken
	if err := s.readBound(ctx, &tokens, s.selectOf((*baton.AccessToken)(nil))+" WHERE hash = ? AND revoked_at IS NULL", hash); err != nil {
		return nil, err
	}
	if len(tokens) == 0 {
		return nil, baton.NotFound("token")
	}
	t := tokens[0]
	now := s.clock()
	if t.LastUsedAt == nil || now.Sub(*t.LastUsedAt) > time.Minute {
		// Through inTx: on SQLite this write queues with the others for the
		// write lock. Written straight on a pooled connection it waited
		// there in SQLite's busy handler (up to busy_timeout, 10 s) while
		// holding the connection; 64 clients' first requests took every
		// connection so, and a writer holding the lock that needed one
		// more connection (to prepare a statement) stalled everything
		// for the 10 s.
		_ = s.inTx(ctx, func(tx bun.Tx) error {
			_, err := tx.NewUpdate().Model((*baton.AccessToken)(nil)).Set("last_used_at = ?", now).Where("id = ?", t.ID).Exec(ctx)
			return err
		})
	}
	var stewards []*baton.Steward
	if err := s.readBound(ctx, &stewards, s.selectOf((*baton.Steward)(nil))+" WHERE id = ?", t.StewardID); err != nil {
		return nil, err
	}
	if len(stewards) == 0 {
		return nil, baton.NotFound("steward")
	}
	return stewards[0], nil
}

// CreateLoginSession records a new signed-in session by the hash of its id.
func (s *Store) CreateLoginSession(ctx context.Context, idHash string, stewardID int64, ttl time.Duration) error {
	now := s.clock()
	_, err := s.db.NewRaw("INSERT INTO login_sessions (id_hash, steward_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		idHash, stewardID, now, now.Add(ttl)).Exec(ctx)
	return err
}

// StewardByLoginSession returns the steward of a live login session.
func (s *Store) StewardByLoginSession(ctx context.Context, idHash string) (*baton.Steward, error) {
	// Every page asks this first: with bound values, SQLite parses it
	// once. Times are compared as Bun writes them (text, on SQLite).
	var now any = s.clock()
	if s.dialect == SQLite {
		now = s.clock().Format(bunTimeFormat)
	}
	var found []*baton.Steward
	if err := s.readBound(ctx, &found, s.selectOf((*baton.Steward)(nil))+
		" WHERE id = (SELECT steward_id FROM login_sessions WHERE id_hash = ? AND expires_at > ?)", idHash, now); err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, baton.NotFound("login session")
	}
	return found[0], nil
}

// DeleteLoginSession ends a login session on the server.
func (s *Store) DeleteLoginSession(ctx context.Context, idHash string) error {
	_, err := s.db.NewRaw("DELETE FROM login_sessions WHERE id_hash = ?", idHash).Exec(ctx)
	return err
}

// DeleteLoginSessions ends every login session of the steward: "sign out everywhere".
func (s *Store) DeleteLoginSessions(ctx context.Context, stewardID int64) error {
	_, err := s.db.NewRaw("DELETE FROM login_sessions WHERE steward_id = ?", stewardID).Exec(ctx)
	return err
}

// Setting returns a shared setting, or "" when it is not set.
func (s *Store) Setting(ctx context.Context, name string) (string, error) {
	var v []string
	err := s.db.NewRaw("SELECT value FROM app_settings WHERE name = ?", name).Scan(ctx, &v)
	if err != nil || len(v) == 0 {
		return "", err
	}
	return v[0], nil
}

// SetSettingOnce stores a setting unless it is set already, and returns the
// value in force: the first instance to start wins.
func (s *Store) SetSettingOnce(ctx context.Context, name, value string) (string, error) {
	if _, err := s.db.NewRaw("INSERT INTO app_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, value).Exec(ctx); err != nil {
		return "", err
	}
	return s.Setting(ctx, name)
}
