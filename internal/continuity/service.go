package continuity

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Service is continuity over a store. Its analyzer recomputes a session's
// analysis before a bridge is drafted, so the draft reads a fresh one; with
// a nil analyzer the analysis is read as it is.
type Service struct {
	store    *store.Store
	analysis Analyzer
	now      func() time.Time
}

// New returns the continuity service.
func New(st *store.Store, analyzer Analyzer) *Service {
	return &Service{store: st, analysis: analyzer, now: time.Now}
}

// SetClock replaces the clock, for tests.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Finalize ends a session (at endedAt, or now when it is still open and
// endedAt is nil), analyses it, links it after the steward's previous
// session, drafts its handoff bridge (keeping a bridge the steward already
// edited), places a transition marker (and a milestone when its todo list
// completed tasks), measures the bridge that led into it, and refreshes the
// cross-conversational summary. Finalizing again is safe.
func (s *Service) Finalize(ctx context.Context, stewardID int64, sessionID string, endedAt *time.Time) (*baton.Session, *baton.Bridge, error) {
	return s.finalize(ctx, stewardID, sessionID, endedAt, true)
}

// FinalizeAnalysed finalizes a session whose analysis has just been
// brought up to date (as the SessionEnd hook's build does), without
// analysing it again.
func (s *Service) FinalizeAnalysed(ctx context.Context, stewardID int64, sessionID string) (*baton.Session, *baton.Bridge, error) {
	return s.finalize(ctx, stewardID, sessionID, nil, false)
}

func (s *Service) finalize(ctx context.Context, stewardID int64, sessionID string, endedAt *time.Time, analyse bool) (*baton.Session, *baton.Bridge, error) {
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return nil, nil, err
	}
	if sess.Open() || endedAt != nil {
		if _, err := s.store.CloseSession(ctx, stewardID, sessionID, endedAt); err != nil {
			return nil, nil, err
		}
	}
	if s.analysis != nil && analyse {
		if err := s.analysis.AnalyzeSession(ctx, stewardID, sessionID); err != nil {
			return nil, nil, fmt.Errorf("analyse: %w", err)
		}
	}
	if sess, err = s.store.Session(ctx, stewardID, sessionID); err != nil {
		return nil, nil, err
	}
	if err := s.linkAfterPrevious(ctx, stewardID, sess); err != nil {
		return nil, nil, err
	}
	// A session that started without naming its predecessor (a hook's
	// SessionStart comes before the session exists) takes its bridge now.
	if err := s.handOver(ctx, stewardID, sess, false); err != nil {
		return nil, nil, err
	}
	msgs, err := s.store.EvidenceMessages(ctx, stewardID, sessionID)
	if err != nil {
		return nil, nil, err
	}
	stored, err := s.storedAnalysis(ctx, stewardID, sessionID)
	if err != nil {
		return nil, nil, err
	}
	ev := gather(msgs)
	b, err := s.draft(ctx, stewardID, sess, stored, ev)
	if err != nil {
		return nil, nil, err
	}
	at := s.now().UTC()
	if sess.EndedAt != nil {
		at = *sess.EndedAt
	}
	if err := s.autoMarker(ctx, stewardID, sess, b, baton.MarkerTransition, at, "session finalized; handoff drafted"); err != nil {
		return nil, nil, err
	}
	if _, wins := activeTasks(ev); len(wins) > 0 {
		if err := s.autoMarker(ctx, stewardID, sess, b, baton.MarkerMilestone, at.Add(-time.Second),
			fmt.Sprintf("%d %s completed: %s", len(wins), plural(len(wins), "task", "tasks"), wins[len(wins)-1])); err != nil {
			return nil, nil, err
		}
	}
	if in, err := s.store.BridgeInto(ctx, stewardID, sess.ID); err == nil {
		if err := s.measure(ctx, stewardID, in, sess, msgs); err != nil {
			return nil, nil, err
		}
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil, nil, err
	}
	if _, err := s.RefreshSummary(ctx, stewardID); err != nil {
		return nil, nil, err
	}
	sess, err = s.store.Session(ctx, stewardID, sessionID)
	return sess, b, err
}

// draft drafts the session's handoff bridge from its analysis and evidence
// and stores it (DraftBridge keeps a bridge the steward edited or
// published), returning the bridge as stored.
func (s *Service) draft(ctx context.Context, stewardID int64, sess *baton.Session, stored *baton.StoredAnalysis, ev *evidence) (*baton.Bridge, error) {
	cs, err := s.store.Corrections(ctx, stewardID, sess.ID)
	if err != nil {
		return nil, err
	}
	tasksCorrected := slices.ContainsFunc(cs, func(c baton.Correction) bool { return c.Field == baton.FieldTasks })
	content := draftFrom(sess, stored, ev, tasksCorrected)
	b := &baton.Bridge{Type: baton.BridgeHandoff, FromSession: sess.ID, BridgeContent: content, Quality: Quality(content)}
	if _, err := s.store.DraftBridge(ctx, stewardID, b); err != nil {
		return nil, err
	}
	return s.store.Bridge(ctx, stewardID, b.ID)
}

// Corrected follows a steward's correction of a finished session: its
// handoff bridge is drafted again from the corrected fields (unless the
// steward already edited or published it) and the cross-conversational
// summary is built again, so both hand on the steward's values.
func (s *Service) Corrected(ctx context.Context, stewardID int64, sessionID string) error {
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	if !sess.Open() {
		msgs, err := s.store.EvidenceMessages(ctx, stewardID, sessionID)
		if err != nil {
			return err
		}
		stored, err := s.storedAnalysis(ctx, stewardID, sessionID)
		if err != nil {
			return err
		}
		if _, err := s.draft(ctx, stewardID, sess, stored, gather(msgs)); err != nil {
			return err
		}
	}
	_, err = s.RefreshSummary(ctx, stewardID)
	return err
}

// linkAfterPrevious fills continuity.previous_session with the session
// this one follows in its project (store.PreviousInProject: the latest
// earlier session of the same repository or directory, one on the same
// branch first), when nothing linked it, and points that session's
// next_session here when it has none. A session with no project is not
// linked: nothing says what it continues.
func (s *Service) linkAfterPrevious(ctx context.Context, stewardID int64, sess *baton.Session) error {
	if sess.Continuity.PreviousSession != nil {
		return nil
	}
	prev, err := s.store.PreviousInProject(ctx, stewardID, sess)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	return s.link(ctx, stewardID, prev, sess, false)
}

// link records prev → next on both sessions. force replaces links already
// there (an explicit previous_session); otherwise only empty ones are set.
func (s *Service) link(ctx context.Context, stewardID int64, prev, next *baton.Session, force bool) error {
	if prev.ID == next.ID {
		return baton.Invalid("previous_session", "a session cannot follow itself")
	}
	if force || next.Continuity.PreviousSession == nil {
		id := prev.ID
		next.Continuity.PreviousSession = &id
		if err := s.store.SetContinuity(ctx, stewardID, next.ID, next.Continuity); err != nil {
			return err
		}
	}
	if force || prev.Continuity.NextSession == nil {
		id := next.ID
		prev.Continuity.NextSession = &id
		if err := s.store.SetContinuity(ctx, stewardID, prev.ID, prev.Continuity); err != nil {
			return err
		}
	}
	return nil
}

// StartAfter links a new session after previousID both ways, hands it the
// previous session's bridge (to_session) and places a resume marker. An
// empty previousID links it after the session it follows in its project
// and hands it the bridge its project's next session receives (Received).
func (s *Service) StartAfter(ctx context.Context, stewardID int64, sessionID, previousID string) error {
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	if previousID == "" {
		if err := s.linkAfterPrevious(ctx, stewardID, sess); err != nil {
			return err
		}
		return s.handOver(ctx, stewardID, sess, true)
	}
	prev, err := s.store.Session(ctx, stewardID, previousID)
	if err != nil {
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return baton.Invalid("previous_session", "previous_session names no session of yours: %q", previousID)
		}
		return err
	}
	if err := s.link(ctx, stewardID, prev, sess, true); err != nil {
		return err
	}
	b, err := s.store.SessionBridge(ctx, stewardID, prev.ID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	return s.takeBridge(ctx, stewardID, b, sess, true)
}

// Received is the bridge a session received when it started: in a
// project, the one its project's next session receives, of the sessions
// that started before it (store.ProjectBridge: published first); with no
// project, the bridge of the session it was explicitly linked after.
// ENOTFOUND when there is none.
func (s *Service) Received(ctx context.Context, stewardID int64, sess *baton.Session) (*baton.Bridge, error) {
	if q := baton.QueryOf(sess); q.Known() {
		return s.store.ProjectBridge(ctx, stewardID, q, sess.ID, &sess.StartedAt)
	}
	if sess.Continuity.PreviousSession == nil {
		return nil, baton.NotFound("bridge")
	}
	return s.store.SessionBridge(ctx, stewardID, *sess.Continuity.PreviousSession)
}

// handOver gives a session the bridge it received (Received), when no
// bridge handed over to it yet and that bridge has not handed over to
// another session (unless force).
func (s *Service) handOver(ctx context.Context, stewardID int64, sess *baton.Session, force bool) error {
	if _, err := s.store.BridgeInto(ctx, stewardID, sess.ID); err == nil {
		return nil
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return err
	}
	b, err := s.Received(ctx, stewardID, sess)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	return s.takeBridge(ctx, stewardID, b, sess, force)
}

// takeBridge links a bridge to sess and places sess's resume marker;
// force takes it over even when it already led to another session.
func (s *Service) takeBridge(ctx context.Context, stewardID int64, b *baton.Bridge, sess *baton.Session, force bool) error {
	if b.ToSession != nil && *b.ToSession != sess.ID && !force {
		return nil
	}
	if b.ToSession == nil || *b.ToSession != sess.ID {
		if err := s.store.LinkBridge(ctx, stewardID, b.ID, sess.ID); err != nil {
			return err
		}
	}
	return s.autoMarker(ctx, stewardID, sess, b, baton.MarkerResume, sess.StartedAt, "started from the handoff of "+orUntitled(b.FromTitle))
}

// autoMarker places an automatic marker once per session and type.
func (s *Service) autoMarker(ctx context.Context, stewardID int64, sess *baton.Session, b *baton.Bridge, kind string, at time.Time, note string) error {
	has, err := s.store.HasMarker(ctx, stewardID, sess.ID, kind)
	if err != nil || has {
		return err
	}
	stored, err := s.storedAnalysis(ctx, stewardID, sess.ID)
	if err != nil {
		return err
	}
	m := &baton.Marker{Type: kind, Timestamp: at, SessionID: sess.ID, Note: note, State: MarkerStateOf(sess, stored, b),
		AutoGenerated: true, Tags: []string{}}
	if b != nil {
		id := b.ID
		m.BridgeID = &id
	}
	return s.store.AddMarker(ctx, stewardID, m)
}

// MarkMessage places a marker by hand at one of the steward's messages.
// The message is read once: it names its session.
func (s *Service) MarkMessage(ctx context.Context, stewardID, messageID int64, kind, note string) (*baton.Marker, error) {
	msg, err := s.store.Message(ctx, stewardID, messageID)
	if err != nil {
		return nil, err
	}
	sessionID := msg.SessionID
	sess, err := s.store.Session(ctx, stewardID, sessionID)
	if err != nil {
		return nil, err
	}
	if len(note) > 2000 {
		return nil, baton.Invalid("note", "note must be at most 2000 characters")
	}
	var b *baton.Bridge
	if found, err := s.store.SessionBridge(ctx, stewardID, sessionID); err == nil {
		b = found
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil, err
	}
	stored, err := s.storedAnalysis(ctx, stewardID, sessionID)
	if err != nil {
		return nil, err
	}
	id := messageID
	m := &baton.Marker{Type: kind, Timestamp: msg.Timestamp, SessionID: sessionID, MessageID: &id, Note: oneLine(note),
		State: MarkerStateOf(sess, stored, b), Tags: []string{}}
	if err := s.store.AddMarker(ctx, stewardID, m); err != nil {
		return nil, err
	}
	return m, nil
}

// Publish publishes one of the steward's bridges.
func (s *Service) Publish(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error) {
	return s.store.PublishBridge(ctx, stewardID, id)
}

// Save stores the steward's edit of a bridge as a new revision, after
// checking and tidying it (Normalize) and recomputing its quality. A stale
// baseRevision answers ECONFLICT with the bridge as it now is. The bridge
// is read once: by the store, in the transaction that writes the
// revision, or by Refused when the edit is refused.
func (s *Service) Save(ctx context.Context, stewardID int64, id string, baseRevision int, author string, content baton.BridgeContent) (*baton.Bridge, error) {
	if err := Normalize(&content); err != nil {
		return s.Refused(ctx, stewardID, id, err)
	}
	return s.store.SaveBridge(ctx, stewardID, id, baseRevision, author, content, Quality(content))
}

// Refused answers a refused edit of bridge id: not found when the bridge
// is not the steward's, so another steward learns nothing from the
// refusal, and otherwise the refusal with the bridge as it is (for the
// editor to show beside the error).
func (s *Service) Refused(ctx context.Context, stewardID int64, id string, refusal error) (*baton.Bridge, error) {
	b, err := s.store.Bridge(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	return b, refusal
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func orUntitled(t string) string {
	if t == "" {
		return "an untitled session"
	}
	return "“" + oneLine(t) + "”"
}
