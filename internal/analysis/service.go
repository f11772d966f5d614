package analysis

import (
	"context"
	"sync"
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
	// model writes parts of the analysis with a model after the
	// extraction (model.go); nil when model analysis is off.
	model ModelWriter
	// memories are the running states of the conversations' memories
	// this process made (memory_state.go).
	memories memoryStates
	// caughtUp are called for each session a settled pass of the worker
	// went over (OnCaughtUp).
	caughtUpMu sync.Mutex
	caughtUp   []func(ctx context.Context, stewardID int64, sessionID string)
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
	if msgs == nil && s.model != nil {
		// The model step reads the whole messages.
		if msgs, err = s.store.AnalysisMessages(ctx, stewardID, sessionID); err != nil {
			return err
		}
	}
	// The views and exchanges are built once for the session's analysis,
	// its relationship and its memory: they are what Session and
	// SessionRelationship would each build again from the same messages,
	// and building them three times held two or three copies of a long
	// conversation's text at once. Read from the store, the messages come
	// a page at a time and only their views are kept.
	var vs []view
	if msgs != nil {
		vs = buildViews(s.analyzer, msgs)
	} else {
		// The session's count (its forks' messages too) bounds the main
		// conversation's: the views' slice is made once, not grown by
		// doubling to up to twice what it holds.
		b := newViewBuilder(s.analyzer, sess.MessageCount)
		if err := s.store.EachAnalysisMessage(ctx, stewardID, sessionID, func(m *baton.Message) error {
			b.add(m)
			return nil
		}); err != nil {
			return err
		}
		vs = b.views()
	}
	ex := exchangesOf(vs)
	report := sessionOf(sess, vs, ex)
	return s.finishSession(ctx, stewardID, sess, msgs, vs, ex, report)
}

// Prepared is the part of a session's analysis made from its main
// conversation alone (its views, exchanges and report), before the
// session is stored: an import makes it while the session's messages are
// written (on a second core), and AnalyzePrepared finishes it once they
// are stored.
type Prepared struct {
	msgs   []*baton.Message
	vs     []view
	ex     []Exchange
	report SessionReport
	// The session's working directory and tool version the report was
	// made with.
	workingDirectory, toolVersion string
}

// Prepare analyses a main conversation before it is stored: msgs are its
// messages, analysed and checked as the store will write them, in order,
// each with the sequence number the store will give it; the working
// directory and tool version are those the session will have. It reads
// the messages and does not change them; they must not change while it
// runs. nil when the model writes parts of the analysis (its step reads
// the stored messages).
func (s *Service) Prepare(msgs []*baton.Message, workingDirectory, toolVersion string) *Prepared {
	if s.model != nil {
		return nil
	}
	vs := buildViews(s.analyzer, msgs)
	ex := exchangesOf(vs)
	return &Prepared{msgs: msgs, vs: vs, ex: ex, report: reportOf(workingDirectory, toolVersion, vs, ex),
		workingDirectory: workingDirectory, toolVersion: toolVersion}
}

// AnalyzePrepared is AnalyzeImported for a session whose main conversation
// was stored as p read it (the caller checks that each message has the
// sequence number p was given). The report is p's, made again from p's
// views only when the stored session's working directory or tool version
// differ from those it was made with.
func (s *Service) AnalyzePrepared(ctx context.Context, stewardID int64, sessionID string, p *Prepared) error {
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	report := p.report
	if sess.Technical.WorkingDirectory != p.workingDirectory || sess.Technical.ToolVersion != p.toolVersion {
		report = reportOf(sess.Technical.WorkingDirectory, sess.Technical.ToolVersion, p.vs, p.ex)
	}
	applyReport(sess, report)
	return s.finishSession(ctx, stewardID, sess, p.msgs, p.vs, p.ex, report)
}

// finishSession does what follows a session's report: its relationship,
// the model's step, storing the analysis and the conversation's memory.
func (s *Service) finishSession(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message, vs []view, ex []Exchange, report SessionReport) error {
	prevTrust, prevHealth, err := s.previousRelationship(ctx, stewardID, sess)
	if err != nil {
		return err
	}
	rel, point := sessionRelationshipOf(prevTrust, prevHealth, sess, vs, ex)
	sess.Relationship = rel
	sess.Indexed = true
	at := s.now().UTC()
	written := s.writeWithModel(ctx, stewardID, sess, msgs, at)
	if err := s.store.SaveSessionAnalysis(ctx, stewardID, sess, &baton.StoredAnalysis{
		SessionID: sess.ID, AnalysedAt: at,
		Quality: storedQuality(report.Quality), Patterns: storedPatterns(report.Patterns), Relationship: storedPoint(point),
	}); err != nil {
		return err
	}
	if err := s.saveModelStep(ctx, stewardID, written); err != nil {
		return err
	}
	// Imports store messages already analysed, so the worker never sees
	// them: their main conversation's memory is refreshed here.
	return s.refreshMemory(ctx, stewardID, sess.ID, "", vs, &report.Summary.AutoGenerated)
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
