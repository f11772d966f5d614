package ui

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// arcAheadStore is the little of the store drawArcAhead reads: one session,
// whether its messages are being analysed, and how often its points are read.
type arcAheadStore struct {
	sessionStore // the rest: not called
	sess         *baton.Session
	pending      bool
	seriesReads  int
}

func (f *arcAheadStore) Session(_ context.Context, _ int64, id string) (*baton.Session, error) {
	return f.sess, nil
}

func (f *arcAheadStore) Conversation(_ context.Context, _ int64, sessionID, _ string) (*baton.Conversation, error) {
	return &baton.Conversation{ID: "main-" + sessionID, SessionID: sessionID}, nil
}

func (f *arcAheadStore) AnalysisPending(context.Context, int64, string) (bool, error) {
	return f.pending, nil
}

func (f *arcAheadStore) SentimentSeries(context.Context, int64, string) ([]baton.SentimentPoint, error) {
	f.seriesReads++
	t := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	return []baton.SentimentPoint{
		{Seq: 1, Role: baton.RoleSteward, Timestamp: t, Sentiment: 0.5, Emotion: "joy"},
		{Seq: 2, Role: baton.RoleAssistant, Timestamp: t.Add(time.Minute), Sentiment: -0.2},
	}, nil
}

// A long session's chart is drawn when the worker has caught up with it,
// once per version, and not while its messages are still being analysed
// or when it is short enough for its first view to draw it.
func TestArcIsDrawnAheadOnceTheWorkerHasCaughtUp(t *testing.T) {
	ctx := context.Background()
	sess := &baton.Session{ID: "s1", MessageCount: arcDrawAheadFrom, UpdatedAt: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	st := &arcAheadStore{sess: sess, pending: true}
	s := &Server{sessions: st}

	s.drawArcAhead(ctx, 7, sess.ID)
	if st.seriesReads != 0 {
		t.Fatal("drawn while its messages are still being analysed")
	}
	st.pending = false
	s.drawArcAhead(ctx, 7, sess.ID)
	drawn, ok := s.arcs.get(arcSlot{stewardID: 7, sessionID: sess.ID}, arcVersion(sess))
	if st.seriesReads != 1 || !ok || drawn.html == "" {
		t.Fatalf("not drawn ahead: %d reads, cached %v", st.seriesReads, ok)
	}
	s.drawArcAhead(ctx, 7, sess.ID)
	if _, err := s.drawnArc(ctx, 7, sess, arcVersion(sess), false); err != nil || st.seriesReads != 1 {
		t.Fatalf("drawn again for the same version: %d reads, %v", st.seriesReads, err)
	}
	sess.MessageCount++ // a new version
	s.drawArcAhead(ctx, 7, sess.ID)
	if st.seriesReads != 2 {
		t.Fatalf("a new version was not drawn: %d reads", st.seriesReads)
	}

	short := &arcAheadStore{sess: &baton.Session{ID: "s2", MessageCount: arcDrawAheadFrom - 1}}
	s = &Server{sessions: short}
	s.drawArcAhead(ctx, 7, "s2")
	if short.seriesReads != 0 {
		t.Fatal("a short session's chart was drawn ahead")
	}
}

// While a session's messages are being analysed, its chart is drawn again
// when the worker has moved on by a step (an eighth of the session, at least
// arcPendingStepFrom messages), not at every batch; once they are analysed,
// the chart's version is the session's own.
func TestPendingArcVersionMovesBySteps(t *testing.T) {
	sess := &baton.Session{ID: "s1", MessageCount: 10_000, UpdatedAt: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	step := int64(10_000 / 8)
	if pendingArcVersion(sess, 3*step) != pendingArcVersion(sess, 4*step-1) {
		t.Error("drawn again within a step of the worker")
	}
	if pendingArcVersion(sess, 4*step-1) == pendingArcVersion(sess, 4*step) {
		t.Error("not drawn again when the worker moved on by a step")
	}
	if pendingArcVersion(sess, 0) == arcVersion(sess) {
		t.Error("the pending chart has the analysed chart's version")
	}
	short := &baton.Session{ID: "s2", MessageCount: 40, UpdatedAt: sess.UpdatedAt}
	if pendingArcVersion(short, arcPendingStepFrom-1) != pendingArcVersion(short, 0) || pendingArcVersion(short, arcPendingStepFrom) == pendingArcVersion(short, 0) {
		t.Errorf("a short session's step is not arcPendingStepFrom (%d)", arcPendingStepFrom)
	}
	grown := *sess
	grown.MessageCount++
	if pendingArcVersion(&grown, 3*step) == pendingArcVersion(sess, 3*step) {
		t.Error("a grown session keeps its old chart while pending")
	}
}
