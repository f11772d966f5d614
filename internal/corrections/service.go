// Package corrections is a steward's corrections of a session's analysis:
// making them (the same checks for every entry point), taking them back,
// and exporting them as evaluation cases. The corrections themselves are
// kept by the store (store/corrections.go), which writes them over every
// later analysis.
package corrections

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Service makes and exports corrections.
type Service struct {
	store *store.Store
	// changed runs after a correction of a finished session: what is
	// built ahead from it (its handoff bridge, the cross-conversational
	// summary) is built again so it hands on the steward's value.
	changed func(ctx context.Context, stewardID int64, sessionID string) error
}

// New returns the service over the store; changed (which may be nil)
// runs after each correction or revert of a finished session.
func New(st *store.Store, changed func(ctx context.Context, stewardID int64, sessionID string) error) *Service {
	return &Service{store: st, changed: changed}
}

// Correct checks the edit (baton.SessionEdit.Normalize: a bad field is
// refused by name and nothing is written) and stores it as the steward's
// corrections of their session. It returns the session as corrected and
// all its corrections. Another steward's session is NotFound.
func (s *Service) Correct(ctx context.Context, stewardID int64, sessionID string, edit *baton.SessionEdit) (*baton.Session, []baton.Correction, error) {
	if err := edit.Normalize(); err != nil {
		return nil, nil, err
	}
	sess, cs, err := s.store.CorrectSession(ctx, stewardID, sessionID, edit)
	if err != nil {
		return nil, nil, err
	}
	return sess, cs, s.after(ctx, stewardID, sess)
}

// Revert takes back the steward's correction of one field: the session
// shows what the analysis said again. A field never corrected is NotFound.
func (s *Service) Revert(ctx context.Context, stewardID int64, sessionID string, field baton.CorrectionField) (*baton.Session, error) {
	sess, err := s.store.RevertCorrection(ctx, stewardID, sessionID, field)
	if err != nil {
		return nil, err
	}
	return sess, s.after(ctx, stewardID, sess)
}

func (s *Service) after(ctx context.Context, stewardID int64, sess *baton.Session) error {
	if s.changed == nil || sess.Open() {
		return nil
	}
	return s.changed(ctx, stewardID, sess.ID)
}

// ForSession lists the corrections of one of the steward's sessions.
func (s *Service) ForSession(ctx context.Context, stewardID int64, sessionID string) ([]baton.Correction, error) {
	return s.store.Corrections(ctx, stewardID, sessionID)
}

// OfSession is ForSession of a session the caller has read with the
// steward's id (the session page has): it does not read the session again.
func (s *Service) OfSession(ctx context.Context, stewardID int64, sess *baton.Session) ([]baton.Correction, error) {
	return s.store.CorrectionsOf(ctx, stewardID, sess)
}
