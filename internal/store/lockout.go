package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Account lockout: after LockoutFailures failed local sign-ins within
// LockoutWindow, an account refuses every password for LockoutDuration.
// The counters live in the database, so every instance agrees.
const (
	LockoutFailures = 10
	LockoutWindow   = 15 * time.Minute
	LockoutDuration = 15 * time.Minute
)

// SignInLockedUntil returns when the steward's lockout ends, or the zero
// time when they may sign in.
func (s *Store) SignInLockedUntil(ctx context.Context, stewardID int64) (time.Time, error) {
	var until []time.Time
	err := s.db.NewRaw("SELECT locked_until FROM sign_in_failures WHERE steward_id = ? AND locked_until > ?",
		stewardID, s.clock()).Scan(ctx, &until)
	if err != nil || len(until) == 0 {
		return time.Time{}, err
	}
	return until[0].UTC(), nil
}

// RecordSignInFailure counts a failed sign-in and returns when the account
// is locked until, or the zero time when it is not (yet) locked.
func (s *Store) RecordSignInFailure(ctx context.Context, stewardID int64) (time.Time, error) {
	now := s.clock()
	var lockedUntil time.Time
	err := s.inTx(ctx, func(tx bun.Tx) error {
		if _, err := tx.NewRaw(`INSERT INTO sign_in_failures (steward_id, failures, window_start) VALUES (?, 0, ?)
			ON CONFLICT (steward_id) DO NOTHING`, stewardID, now).Exec(ctx); err != nil {
			return err
		}
		q := "SELECT failures, window_start, locked_until FROM sign_in_failures WHERE steward_id = ?"
		if s.dialect == Postgres {
			q += " FOR UPDATE"
		}
		var row struct {
			Failures    int        `bun:"failures"`
			WindowStart time.Time  `bun:"window_start"`
			LockedUntil *time.Time `bun:"locked_until"`
		}
		if err := tx.NewRaw(q, stewardID).Scan(ctx, &row); err != nil {
			return err
		}
		if row.LockedUntil != nil && row.LockedUntil.After(now) {
			lockedUntil = row.LockedUntil.UTC()
			return nil
		}
		failures, start := row.Failures+1, row.WindowStart
		if now.Sub(start) > LockoutWindow || row.LockedUntil != nil {
			failures, start = 1, now
		}
		var until *time.Time
		if failures >= LockoutFailures {
			u := now.Add(LockoutDuration)
			until, lockedUntil = &u, u
		}
		_, err := tx.NewRaw("UPDATE sign_in_failures SET failures = ?, window_start = ?, locked_until = ? WHERE steward_id = ?",
			failures, start, until, stewardID).Exec(ctx)
		return err
	})
	return lockedUntil, err
}

// ClearSignInFailures forgets the failures after a successful sign-in.
func (s *Store) ClearSignInFailures(ctx context.Context, stewardID int64) error {
	_, err := s.db.NewRaw("DELETE FROM sign_in_failures WHERE steward_id = ?", stewardID).Exec(ctx)
	return err
}
