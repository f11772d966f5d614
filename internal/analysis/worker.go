package analysis

import (
	"context"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/background"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// workerBatch is how many messages the worker takes at a time.
const workerBatch = 500

// Schedule of the worker: it wakes once a burst of writes has been quiet
// for WorkerQuiet, and at least every WorkerTick in case another instance
// wrote; while writes keep coming it yields to ingest, but never for
// longer than WorkerLongest, so it cannot starve.
const (
	WorkerTick    = time.Second
	WorkerQuiet   = 500 * time.Millisecond
	WorkerLongest = 10 * time.Second
	// staleImportSweep is how often the worker looks for abandoned imports.
	staleImportSweep = time.Minute
	// memoryRefreshEvery is how often a worker that keeps finding
	// batches refreshes the memories of the conversations they grew.
	memoryRefreshEvery = 2 * time.Second
)

// Run analyses messages written through the API in the background until
// ctx ends, so a batch is stored at the speed of the database and analysed
// a moment later. A row it cannot process is skipped and reported; a
// panic anywhere else is reported; the worker goes on.
func (s *Service) Run(ctx context.Context, logError func(error)) {
	tick := time.NewTicker(WorkerTick)
	defer tick.Stop()
	written := s.store.MessagesWritten()
	var nextSweep time.Time
	settled := true // whether the writes had paused before this pass (OnCaughtUp)
	for {
		if now := s.now(); !now.Before(nextSweep) {
			// Imports whose process died (store.RemoveStaleImports): at
			// start, then every staleImportSweep.
			nextSweep = now.Add(staleImportSweep)
			if err := background.Recovered(func() {
				if _, err := s.store.RemoveStaleImports(ctx, now.Add(-store.ImportAbandonedAfter)); err != nil && ctx.Err() == nil {
					logError(fmt.Errorf("remove abandoned imports: %w", err))
				}
			}); err != nil {
				logError(err)
			}
		}
		if err := background.Recovered(func() {
			if _, err := s.analyzePending(ctx, settled, logError); err != nil && ctx.Err() == nil {
				logError(err)
			}
		}); err != nil {
			logError(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-written:
			settled = background.WaitForQuiet(ctx, written, WorkerQuiet, WorkerLongest)
		case <-tick.C:
			settled = len(written) == 0
		}
	}
}

// OnCaughtUp registers fn, called for each session whose messages a pass
// of the worker went over, once the pass has caught up and the writes had
// paused before it (a pass woken by WorkerLongest while writes keep coming
// calls nothing: the session is still growing). The pages draw the
// session's arc chart then (web/ui/arccache.go), so the first view of a
// session does not. fn runs on the worker's goroutine, after the memories.
func (s *Service) OnCaughtUp(fn func(ctx context.Context, stewardID int64, sessionID string)) {
	s.caughtUpMu.Lock()
	defer s.caughtUpMu.Unlock()
	s.caughtUp = append(s.caughtUp, fn)
}

// sessionKey names one session of one steward.
type sessionKey struct {
	stewardID int64
	sessionID string
}

// callCaughtUp calls the OnCaughtUp functions for each session grown.
func (s *Service) callCaughtUp(ctx context.Context, grown map[sessionKey]bool, skip func(error)) {
	s.caughtUpMu.Lock()
	fns := s.caughtUp
	s.caughtUpMu.Unlock()
	for _, fn := range fns {
		for k := range grown {
			if ctx.Err() != nil {
				return
			}
			if err := background.Recovered(func() { fn(ctx, k.stewardID, k.sessionID) }); err != nil {
				skip(fmt.Errorf("after analysing session %s: %w", k.sessionID, err))
			}
		}
	}
}

// AnalyzePending analyses, now, the messages the worker has not reached
// yet, and returns how many it analysed. The analysis runs outside any
// transaction, so writers never wait on it; the watermark lives in the
// database, so any number of instances may run this.
//
// A message that cannot be read back or analysed (a panic in the
// analysis) is skipped, not retried forever: the watermark moves past it,
// and the error returned (a store.SkippedRows) names it. Every other
// message is analysed.
func (s *Service) AnalyzePending(ctx context.Context) (int, error) {
	return s.analyzePendingNow(ctx, false)
}

// CatchUp is AnalyzePending followed by what a pass of the worker does
// once it has caught up with writes that had paused: the OnCaughtUp
// functions for each session it went over (the pages draw their arc
// charts). A setup that writes and then analyses what it wrote, as the
// worker would have by the time anyone looks, calls this.
func (s *Service) CatchUp(ctx context.Context) (int, error) {
	return s.analyzePendingNow(ctx, true)
}

func (s *Service) analyzePendingNow(ctx context.Context, settled bool) (int, error) {
	var skipped store.SkippedRows
	n, err := s.analyzePending(ctx, settled, func(err error) { skipped = append(skipped, err) })
	if err == nil && len(skipped) > 0 {
		err = skipped
	}
	return n, err
}

// analyzePending analyses what is pending; settled says whether the
// writes had paused before it (then the OnCaughtUp functions run for the
// sessions it went over, once it has caught up).
func (s *Service) analyzePending(ctx context.Context, settled bool, skip func(error)) (int, error) {
	total := 0
	grown := map[sessionKey]bool{} // for OnCaughtUp
	// Conversations that grew get their medium-term memory refreshed once
	// the batches are done (RefreshMemory is two reads when nothing is due),
	// and every memoryRefreshEvery while batches keep coming: under
	// sustained ingest the loop only ends with the burst, and a memory
	// made from its running state then reads only what its conversation
	// grew by since, not the whole burst at once.
	touched := map[conversationKey]bool{}
	defer func() { s.refreshMemories(ctx, touched, skip) }()
	lastRefresh := s.now()
	for {
		if now := s.now(); now.Sub(lastRefresh) >= memoryRefreshEvery {
			s.refreshMemories(ctx, touched, skip)
			clear(touched)
			lastRefresh = now
		}
		// Claimed batch by batch, so instances sharing a PostgreSQL
		// database never analyse one message twice (store.AnalyseNext).
		n, claimed, err := s.store.AnalyseNext(ctx, workerBatch, skip, func(b store.AnalysisBatch) []*baton.Message {
			// Every conversation of the batch grew, also where its
			// messages were analysed as they were written.
			for _, c := range b.Grown {
				touched[conversationKey{c.StewardID, c.SessionID, c.ConversationID}] = true
				grown[sessionKey{c.StewardID, c.SessionID}] = true
			}
			return s.analyzeSafely(b.Todo, skip)
		})
		total += n
		if err != nil {
			return total, err
		}
		if !claimed {
			if settled {
				s.refreshMemories(ctx, touched, skip)
				clear(touched)
				s.callCaughtUp(ctx, grown, skip)
			}
			return total, nil
		}
	}
}

// AnalyzeBeforeWrite analyses messages an API request is about to append
// (store.AppendAnalysed), as the worker would once they were written: on
// the request's goroutine, beside the writer, instead of reading them
// back and writing them again. A message whose analysis panics is left
// as it came, unanalysed, for the worker, which reports and skips it.
func (s *Service) AnalyzeBeforeWrite(msgs []*baton.Message) {
	for _, m := range msgs {
		if m.Analyzed {
			continue
		}
		sem, contentType, codeContext := m.Semantic, m.ContentType, m.CodeContext
		if err := background.Recovered(func() { s.analyzeBatch([]*baton.Message{m}) }); err != nil {
			m.Semantic, m.ContentType, m.CodeContext, m.Analyzed = sem, contentType, codeContext, false
		}
	}
}

// analyzeSafely analyses the batch. If that panics, it analyses each
// message alone and leaves out, reporting, the ones that panic.
func (s *Service) analyzeSafely(batch []*baton.Message, skip func(error)) []*baton.Message {
	if err := background.Recovered(func() { s.analyzeBatch(batch) }); err == nil {
		return batch
	}
	kept := batch[:0]
	for _, m := range batch {
		if err := background.Recovered(func() { s.analyzeBatch([]*baton.Message{m}) }); err != nil {
			skip(fmt.Errorf("message %d cannot be analysed: %w", m.ID, err))
			continue
		}
		kept = append(kept, m)
	}
	return kept
}
