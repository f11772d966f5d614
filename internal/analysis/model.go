package analysis

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// ModelWriter has a model write parts of a session's analysis (package
// modelanalysis): it overwrites the fields of sess it writes and returns
// what produced each one. Failures are recorded in what it returns, never
// returned: the extraction stays.
type ModelWriter interface {
	Write(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message, analysedAt time.Time) *baton.ModelAnalysis
}

// SetModelWriter turns model-written analysis on (nil, the default, turns
// it off): every session analysis then runs it after the extraction.
func (s *Service) SetModelWriter(w ModelWriter) { s.model = w }

// writeWithModel runs the model step over a session the extraction has
// just analysed, or returns nil when model analysis is off.
func (s *Service) writeWithModel(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message, at time.Time) *baton.ModelAnalysis {
	if s.model == nil {
		return nil
	}
	return s.model.Write(ctx, stewardID, sess, msgs, at)
}

// saveModelStep keeps what the model step did, once the analysis it
// belongs to is stored.
func (s *Service) saveModelStep(ctx context.Context, stewardID int64, m *baton.ModelAnalysis) error {
	if m == nil {
		return nil
	}
	return s.store.SaveModelAnalysis(ctx, stewardID, m)
}

// ModelAnalysis is the model step of the steward's session's last
// analysis: nil when it had none (model analysis off), or when the session
// was analysed again since without it.
func (s *Service) ModelAnalysis(ctx context.Context, stewardID int64, sessionID string) (*baton.ModelAnalysis, error) {
	stored, ok, err := s.ForSession(ctx, stewardID, sessionID)
	if err != nil || !ok {
		return nil, err
	}
	return s.ModelStepOf(ctx, stewardID, stored)
}

// ModelStepOf is ModelAnalysis for a session whose stored analysis the
// caller has read.
func (s *Service) ModelStepOf(ctx context.Context, stewardID int64, stored *baton.StoredAnalysis) (*baton.ModelAnalysis, error) {
	m, err := s.store.ModelAnalysis(ctx, stewardID, stored.SessionID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil, nil
	}
	if err != nil || !stored.AnalysedAt.Equal(m.AnalysedAt) {
		return nil, err
	}
	return m, nil
}
