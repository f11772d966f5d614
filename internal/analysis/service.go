package analysis

import (
	"context"
	"fmt"
	"slices"
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
	// chains holds a *sync.Mutex per steward id: one analysis at a time
	// follows the steward's relationship on (withRelationshipChain).
	chains sync.Map
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
	if sess.MessageCount > maxViewsBeside {
		// A very long session's views are most of the heap while it is
		// analysed: the collector keeps closer to what is live.
		return withTighterGC(func() error { return s.analyzeRead(ctx, stewardID, sess, msgs) })
	}
	return s.analyzeRead(ctx, stewardID, sess, msgs)
}

// analyzeRead is analyzeSession once the session is read.
func (s *Service) analyzeRead(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message) error {
	sessionID := sess.ID
	var err error
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
	report, memory := reportAndMemory(sess.Technical.WorkingDirectory, sess.Technical.ToolVersion, vs, ex)
	applyReport(sess, report)
	return s.finishSession(ctx, stewardID, sess, msgs, vs, ex, report, memory)
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
	// memory is the summary of the first messages the conversation's
	// memory will cover (nil: all of them, the report's): made here,
	// beside the writes, rather than after them, where it was ~2% of a
	// Claude Code import's CPU on one core.
	memory *knownSummary
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
	report, memory := reportAndMemory(workingDirectory, toolVersion, vs, ex)
	return &Prepared{msgs: msgs, vs: vs, ex: ex, report: report, memory: memory,
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
	return s.finishSession(ctx, stewardID, sess, p.msgs, p.vs, p.ex, report, p.memory)
}

// finishSession does what follows a session's report: its relationship,
// the model's step, storing the analysis and the conversation's memory
// (with memory, when not nil, the summary of its first messages made
// ahead).
func (s *Service) finishSession(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message, vs []view, ex []Exchange, report SessionReport, memory *knownSummary) error {
	sess.Indexed = true
	at := s.now().UTC()
	written := s.writeWithModel(ctx, stewardID, sess, msgs, at)
	effect := trustEffectOf(ex)
	// The session's trust follows on from the session before it, and the
	// sessions after it follow on from it: reading the one, storing this
	// and carrying it forward are one step per steward, or two analyses
	// at once (an import and the worker) would each follow on from what
	// the other is about to change.
	err := s.withRelationshipChain(ctx, stewardID, func() error {
		prevTrust, prevHealth, err := s.previousRelationship(ctx, stewardID, sess)
		if err != nil {
			return err
		}
		// The report was made from vs: its errors are errorsOf(vs).
		rel, point := sessionRelationshipOf(prevTrust, prevHealth, sess, vs, ex, report.Technical.Errors)
		sess.Relationship = rel
		if err := s.store.SaveSessionAnalysis(ctx, stewardID, sess, &baton.StoredAnalysis{
			SessionID: sess.ID, AnalysedAt: at,
			Quality: storedQuality(report.Quality), Patterns: storedPatterns(report.Patterns), Relationship: storedPoint(point),
			TrustEffect: &effect,
		}); err != nil {
			return err
		}
		return s.carryRelationship(ctx, stewardID, sess, point.Trust, point.Health)
	})
	if err != nil {
		return err
	}
	if err := s.saveModelStep(ctx, stewardID, written); err != nil {
		return err
	}
	// Imports store messages already analysed, so the worker never sees
	// them: their main conversation's memory is refreshed here.
	summaries := []knownSummary{{covers: len(vs), text: report.Summary.AutoGenerated}}
	if memory != nil {
		summaries = append(summaries, *memory)
	}
	return s.refreshMemory(ctx, stewardID, sess.ID, "", vs, summaries)
}

// withRelationshipChain runs fn while no other analysis of the steward's
// sessions reads or writes their relationships: in this process (a lock
// per steward) and, on PostgreSQL, in any other process using the
// database (the store's lock, taken second so that this process holds at
// most one connection waiting for it).
func (s *Service) withRelationshipChain(ctx context.Context, stewardID int64, fn func() error) error {
	mu, _ := s.chains.LoadOrStore(stewardID, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	return s.store.WithLock(ctx, fmt.Sprint("relationship:", stewardID), fn)
}

// DeleteSession deletes one of the steward's sessions and everything in
// it (store.DeleteSession), and the analysed sessions after it follow on
// from the one before it: their trust no longer counts what it did.
func (s *Service) DeleteSession(ctx context.Context, stewardID int64, sessionID string) error {
	return s.withRelationshipChain(ctx, stewardID, func() error {
		sess, err := s.store.Session(ctx, stewardID, sessionID)
		if err != nil {
			return err
		}
		if err := s.store.DeleteSession(ctx, stewardID, sessionID); err != nil {
			return err
		}
		trust, health, err := s.previousRelationship(ctx, stewardID, sess)
		if err != nil {
			return err
		}
		return s.carryRelationship(ctx, stewardID, sess, trust, health)
	})
}

// previousRelationship is the trust and collaboration health after the
// steward's last analysed session before sess, in order of start and then
// id as RelationshipSeries replays them: TrustStart and -1 (none) when
// there is none.
func (s *Service) previousRelationship(ctx context.Context, stewardID int64, sess *baton.Session) (trust, health float64, err error) {
	prev, err := s.store.PreviousAnalysis(ctx, stewardID, sess.StartedAt, sess.ID)
	if err != nil || prev == nil {
		return TrustStart, -1, err
	}
	trust = prev.Relationship.Trust
	if trust <= 0 {
		trust = TrustStart
	}
	return trust, prev.Relationship.Health, nil
}

// chainPage is how many later sessions carryRelationship reads at a time,
// after a first page of chainFirstPage: most analyses change none (an
// import in order of date) or a few, and each session read is its stored
// analysis decoded. A first sync imports its files in the folders' order,
// not by date, so most sessions it analyses have many later ones: reading
// 50 of them for the one or two looked at was ~1.5% of a 300 MB sync's CPU.
const (
	chainFirstPage = 4
	chainPage      = 50
)

// carryRelationship makes again the trust of the steward's analysed
// sessions after sess, given the trust and health sess now ends with:
// each session's trust effect applied to the trust before it, its
// momentum and its growth's trust line with it. It stops at the first
// session whose trust is unchanged, since every session after that one
// follows on from the same trust and health as before.
func (s *Service) carryRelationship(ctx context.Context, stewardID int64, sess *baton.Session, trust, health float64) error {
	afterStart, afterID := sess.StartedAt, sess.ID
	for page := chainFirstPage; ; page = chainPage {
		links, err := s.store.LaterRelationships(ctx, stewardID, afterStart, afterID, page)
		if err != nil {
			return err
		}
		for _, l := range links {
			a := l.Analysis
			effect, made := a.TrustEffect, false
			if effect == nil {
				// Analysed before the effect was kept: made once from
				// the session's messages, and kept.
				e, err := s.trustEffectFromMessages(ctx, stewardID, a.SessionID)
				if err != nil {
					return err
				}
				effect, made = &e, true
			}
			next := applyTrustEffect(*effect, trust)
			p := a.Relationship
			momentum := momentumOf(next-trust, p.Health, health, p.Exchanges, p.Successes)
			rel := l.Relationship
			rel.TrustLevel = next
			rel.GrowthIndicators = withTrustLine(rel.GrowthIndicators, trust, next)
			unchanged := next == p.Trust && next == l.Relationship.TrustLevel
			if made || !unchanged || momentum != p.Momentum || !slices.Equal(rel.GrowthIndicators, l.Relationship.GrowthIndicators) {
				if err := s.store.SaveFollowedRelationship(ctx, stewardID, a.SessionID, rel, momentum, effect); err != nil {
					return err
				}
			}
			if unchanged {
				return nil
			}
			trust, health = next, p.Health
		}
		if len(links) < page {
			return nil
		}
		last := links[len(links)-1].Analysis.Relationship
		afterStart, afterID = last.StartedAt, last.SessionID
	}
}

// trustEffectFromMessages is the trust effect of one of the steward's
// sessions, made from its main conversation as stored.
func (s *Service) trustEffectFromMessages(ctx context.Context, stewardID int64, sessionID string) (baton.TrustEffect, error) {
	b := newViewBuilder(s.analyzer, 0)
	if err := s.store.EachAnalysisMessage(ctx, stewardID, sessionID, func(m *baton.Message) error {
		b.add(m)
		return nil
	}); err != nil {
		return baton.TrustEffect{}, err
	}
	return trustEffectOf(exchangesOf(b.views())), nil
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
