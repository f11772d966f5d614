package analysis

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Service is analysis as the rest of Baton uses it: it computes (with an
// Analyzer), schedules (the background worker over messages written
// through the API, worker.go) and reads back what it stored. Everything
// else in this package is pure functions over domain values; Service is
// the only part that touches storage.
//
// Importers call AnalyzeMessages before storing and AnalyzeSession once a
// document is stored; pages read ForSession and RelationshipSamples.
type Service struct {
	store    *store.Store
	analyzer *Analyzer
	now      func() time.Time
	// analyzeBatch is what the worker runs over a batch of messages:
	// AnalyzeMessages, or in tests one that fails.
	analyzeBatch func([]*baton.Message)
}

// NewService returns the analysis service over the store.
func NewService(st *store.Store) *Service {
	s := &Service{store: st, analyzer: New(), now: time.Now}
	s.analyzeBatch = s.AnalyzeMessages
	return s
}

// SetClock replaces the clock AnalyzeSession stamps analyses with (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// AnalyzeMessage fills one message's analysis (sentiment, emotions,
// intent, topics, entities, code context), keeping what the client sent.
func (s *Service) AnalyzeMessage(m *baton.Message) {
	s.analyzer.Message(m)
	m.Analyzed = true
}

// AnalyzeMessages is AnalyzeMessage for each message.
func (s *Service) AnalyzeMessages(msgs []*baton.Message) {
	for _, m := range msgs {
		s.AnalyzeMessage(m)
	}
}

// AnalyzeSession recomputes a session's arc, progress, technical context,
// summary, quality and relationship from its main conversation, and
// stores them: the session's own fields and its StoredAnalysis (quality
// parts, patterns, relationship point) in one transaction. The
// relationship follows on from the steward's previous session.
func (s *Service) AnalyzeSession(ctx context.Context, stewardID int64, sessionID string) error {
	return s.analyzeSession(ctx, stewardID, sessionID, nil)
}

// AnalyzeImported is AnalyzeSession for a session an import has just
// made, given the messages of its main conversation as stored (analysed,
// in order): it does not read them back, which was half the cost of
// importing a Claude Code transcript and a second copy of a large
// document in memory.
func (s *Service) AnalyzeImported(ctx context.Context, stewardID int64, sessionID string, main []*baton.Message) error {
	return s.analyzeSession(ctx, stewardID, sessionID, main)
}

// analyzeSession analyses a session from its main conversation's
// messages: msgs, or (nil) as read from the store.
func (s *Service) analyzeSession(ctx context.Context, stewardID int64, sessionID string, msgs []*baton.Message) error {
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	if msgs == nil {
		if msgs, err = s.store.SessionMessages(ctx, stewardID, sessionID); err != nil {
			return err
		}
	}
	report := s.analyzer.Session(sess, msgs)
	prevTrust, prevHealth, err := s.previousRelationship(ctx, stewardID, sess)
	if err != nil {
		return err
	}
	rel, point := s.analyzer.SessionRelationship(prevTrust, prevHealth, sess, msgs)
	sess.Relationship = rel
	sess.Indexed = true
	if err := s.store.SaveSessionAnalysis(ctx, stewardID, sess, &baton.StoredAnalysis{
		SessionID: sess.ID, AnalysedAt: s.now().UTC(),
		Quality: storedQuality(report.Quality), Patterns: storedPatterns(report.Patterns), Relationship: storedPoint(point),
	}); err != nil {
		return err
	}
	// Imports store messages already analysed, so the worker never sees
	// them: their main conversation's memory is refreshed here.
	return s.refreshMemory(ctx, stewardID, sessionID, "", msgs)
}

// previousRelationship is the trust and collaboration health after the
// steward's session before sess: TrustStart and -1 (none) when there is
// no such session or it was never analysed.
func (s *Service) previousRelationship(ctx context.Context, stewardID int64, sess *baton.Session) (trust, health float64, err error) {
	trust, health = TrustStart, -1
	before := sess.StartedAt
	prev, err := s.store.ListSessions(ctx, stewardID, baton.SessionFilter{To: &before, Limit: 1})
	if err != nil || len(prev.Sessions) == 0 {
		return trust, health, err
	}
	if t := prev.Sessions[0].Relationship.TrustLevel; t > 0 {
		trust = t
	}
	stored, ok, err := s.ForSession(ctx, stewardID, prev.Sessions[0].ID)
	if err != nil {
		return trust, health, err
	}
	if ok {
		health = stored.Relationship.Health
	}
	return trust, health, nil
}

// ForSession is what the analysis stored for one of the steward's
// sessions; ok is false for a session never analysed.
func (s *Service) ForSession(ctx context.Context, stewardID int64, sessionID string) (stored *baton.StoredAnalysis, ok bool, err error) {
	stored, err = s.store.SessionAnalysis(ctx, stewardID, sessionID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return stored, true, nil
}

// RelationshipSamples are the relationship points of the steward's
// sessions that started in [from, to) (nil: unbounded), oldest first, and
// how many sessions there were never analysed.
func (s *Service) RelationshipSamples(ctx context.Context, stewardID int64, from, to *time.Time) ([]baton.RelationshipSample, int, error) {
	sessions, err := s.store.RelationshipSessions(ctx, stewardID, from, to)
	if err != nil {
		return nil, 0, err
	}
	stored, err := s.store.SessionAnalyses(ctx, stewardID, sessions)
	if err != nil {
		return nil, 0, err
	}
	samples := make([]baton.RelationshipSample, 0, len(sessions))
	unanalysed := 0
	for _, sess := range sessions {
		sa := stored[sess.ID]
		if sa == nil && sess.Relationship.TrustLevel <= 0 {
			unanalysed++
			continue
		}
		p := baton.RelationshipSample{
			SessionID: sess.ID, Title: sess.Title, StartedAt: sess.StartedAt,
			Trust: sess.Relationship.TrustLevel, Style: sess.Relationship.CollaborationStyle,
			Sentiment: sess.EmotionalArc.OverallSentiment,
		}
		if sa != nil {
			p.Health, p.HasHealth = sa.Relationship.Health, true
			p.Sentiment = sa.Relationship.Sentiment
			p.Momentum = sa.Relationship.Momentum
		}
		samples = append(samples, p)
	}
	return samples, unanalysed, nil
}
