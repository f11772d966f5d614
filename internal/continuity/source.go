// Package continuity passes the baton from one session to the next: it
// finalizes a session (analysis, a draft context bridge, a transition
// marker), keeps bridges and their revisions, places continuity markers on
// a steward's timeline, measures how a bridge was used, builds the
// cross-conversational summary, and assembles what the next session
// starts with.
//
// Everything here is deterministic and offline: the same session always
// drafts the same bridge.
package continuity

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// Analyzer computes and reads session analyses (analysis.Service).
type Analyzer interface {
	AnalyzeSession(ctx context.Context, stewardID int64, sessionID string) error
	ForSession(ctx context.Context, stewardID int64, sessionID string) (*baton.StoredAnalysis, bool, error)
}

// sessionAnalysis is what continuity reads of a session's analysis.
type sessionAnalysis struct {
	Summary   baton.Summary
	Progress  baton.Progress
	Technical baton.TechnicalContext
	Arc       baton.EmotionalArc
	Style     baton.CollaborationStyle
	// Health (0..1) and Momentum come from the session's relationship
	// point; HasHealth is false for a session never analysed.
	Health    float64
	HasHealth bool
	Momentum  string
}

// storedAnalysis reads what the analysis kept of a session beyond its
// fields (nil when it was never analysed, or there is no analyzer). With
// analysisOf it is the one place that knows where analysis results live.
func (s *Service) storedAnalysis(ctx context.Context, stewardID int64, sessionID string) (*baton.StoredAnalysis, error) {
	if s.analysis == nil {
		return nil, nil
	}
	stored, ok, err := s.analysis.ForSession(ctx, stewardID, sessionID)
	if err != nil || !ok {
		return nil, err
	}
	return stored, nil
}

// analysisOf reads a session's analysis from the session and what the
// analysis kept of it (stored may be nil).
func analysisOf(s *baton.Session, stored *baton.StoredAnalysis) sessionAnalysis {
	a := sessionAnalysis{Summary: s.Summary, Progress: s.Progress, Technical: s.Technical, Arc: s.EmotionalArc,
		Style: s.Relationship.CollaborationStyle}
	if stored != nil {
		a.Health, a.HasHealth, a.Momentum = stored.Relationship.Health, true, stored.Relationship.Momentum
	}
	return a
}
