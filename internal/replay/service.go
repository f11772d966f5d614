package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Service makes and runs replays. It owns the rules (defaults, titles,
// what a parameter may be); the store persists and scopes by steward.
// Runs happen in the background: a request that starts one returns at
// once, and the run finishes or fails with its reason whoever waits.
type Service struct {
	store  *store.Store
	runner *Runner
	now    func() time.Time

	// Heartbeat is how often a run says it is alive; a running replay
	// whose last heartbeat is older than StaleAfter lost its server.
	Heartbeat  time.Duration
	StaleAfter time.Duration
	// RunTimeout bounds one whole run.
	RunTimeout time.Duration
	// OnError reports what a background run could not write back.
	OnError func(error)

	mu      sync.Mutex
	stopped bool
	base    context.Context
	stop    context.CancelCauseFunc
	runs    sync.WaitGroup
}

// ErrServerStopping is why a run the server stopped during failed.
var ErrServerStopping = errors.New("the server stopped while the run was in progress; run it again")

// NewService returns the replay service; runner is nil when no model is
// configured (replays are made and compared, not run).
func NewService(st *store.Store, runner *Runner) *Service {
	base, stop := context.WithCancelCause(context.Background())
	return &Service{store: st, runner: runner, now: time.Now, Heartbeat: 15 * time.Second, StaleAfter: 90 * time.Second,
		RunTimeout: 30 * time.Minute, base: base, stop: stop}
}

// SetClock replaces the clock, for tests.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// CanRun reports whether a model is configured.
func (s *Service) CanRun() bool { return s.runner != nil }

// Request is the parameters of a replay: where it forks and what it is
// run with. Empty fields keep the recorded run's.
type Request struct {
	AtMessageID  int64
	Title        string
	Model        string
	Temperature  *float64
	MaxTokens    *int
	SystemPrompt string
	ToolAllow    []string
	ToolDeny     []string
	ExtraContext string
	// Key, when set, makes the request once (a form sent twice).
	Key string
}

// Check tidies a request and says what is wrong with it, naming the
// field; prefix names where the request sits ("runs[2]." in a matrix).
func (r *Request) Check(prefix string) error {
	r.Title = strings.TrimSpace(r.Title)
	r.Model = strings.TrimSpace(r.Model)
	if len(r.Title) > 200 {
		return baton.Invalid(prefix+"title", "%stitle must be at most 200 characters", prefix)
	}
	if len(r.Key) > 100 {
		return baton.Invalid(prefix+"key", "%skey must be at most 100 characters", prefix)
	}
	if len(r.Model) > 200 {
		return baton.Invalid(prefix+"model", "%smodel must be at most 200 characters", prefix)
	}
	if r.Temperature != nil && (*r.Temperature < 0 || *r.Temperature > 2) {
		return baton.Invalid(prefix+"temperature", "%stemperature must be between 0 and 2", prefix)
	}
	if r.MaxTokens != nil && (*r.MaxTokens < 1 || *r.MaxTokens > 1_000_000) {
		return baton.Invalid(prefix+"max_tokens", "%smax_tokens must be between 1 and 1000000", prefix)
	}
	if len(r.SystemPrompt) > baton.MaxContentBytes {
		return baton.Invalid(prefix+"system_prompt", "%ssystem_prompt is longer than %d bytes", prefix, baton.MaxContentBytes)
	}
	if len(r.ExtraContext) > baton.MaxContentBytes {
		return baton.Invalid(prefix+"extra_context", "%sextra_context is longer than %d bytes", prefix, baton.MaxContentBytes)
	}
	for _, f := range []struct {
		name string
		list []string
	}{{"tool_allow", r.ToolAllow}, {"tool_deny", r.ToolDeny}} {
		if len(f.list) > 200 {
			return baton.Invalid(prefix+f.name, "%s%s names at most 200 tools", prefix, f.name)
		}
		for i, name := range f.list {
			if strings.TrimSpace(name) == "" {
				return baton.Invalid(fmt.Sprintf("%s%s[%d]", prefix, f.name, i), "%s%s[%d] is empty", prefix, f.name, i)
			}
		}
	}
	return nil
}

// stored is the request as the store writes it, with its default title.
func (r Request) stored() store.ReplayRequest {
	title := r.Title
	if title == "" && r.Model != "" {
		title = "replay with " + r.Model
	}
	return store.ReplayRequest{AtMessageID: r.AtMessageID, Title: title, Model: r.Model, Temperature: r.Temperature,
		MaxTokens: r.MaxTokens, SystemPrompt: r.SystemPrompt, ToolAllow: r.ToolAllow, ToolDeny: r.ToolDeny, ExtraContext: r.ExtraContext, Key: r.Key}
}

// Conversation returns one of the steward's conversations: what a handler
// reads first, so another steward's conversation is not found before its
// request body is read, and then hands to CreateIn, CreateMatrix, Fork or
// CherryPick.
func (s *Service) Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error) {
	return s.store.ConversationByID(ctx, stewardID, conversationID)
}

// MessageSource is what "Replay from here" on one of the steward's
// messages forks: the message's conversation with its whole transcript,
// and the message.
func (s *Service) MessageSource(ctx context.Context, stewardID, messageID int64) (Source, *baton.Message, error) {
	m, err := s.store.Message(ctx, stewardID, messageID)
	if err != nil {
		return Source{}, nil, err
	}
	conv, err := s.store.ConversationByID(ctx, stewardID, m.ConversationID)
	if err != nil {
		return Source{}, nil, err
	}
	msgs, err := s.store.ConversationMessagesOf(ctx, stewardID, conv, 0)
	if err != nil {
		return Source{}, nil, err
	}
	return Source{Conversation: conv, Transcript: msgs}, m, nil
}

// Source is the conversation a replay or a matrix forks, read with
// Conversation, and its whole transcript when the handler read that too
// (Messages, to show the form): the fork point is then found in it
// rather than read again.
type Source struct {
	Conversation *baton.Conversation
	Transcript   []*baton.Message
}

// Create forks one of the steward's conversations at a message and
// records the parameters the fork is to be run with.
func (s *Service) Create(ctx context.Context, stewardID int64, conversationID string, req Request) (*baton.Replay, error) {
	if err := req.Check(""); err != nil {
		return nil, err
	}
	conv, err := s.store.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, err
	}
	return s.create(ctx, stewardID, Source{Conversation: conv}, req)
}

// CreateIn is Create on a conversation read with Conversation.
func (s *Service) CreateIn(ctx context.Context, stewardID int64, src Source, req Request) (*baton.Replay, error) {
	if err := req.Check(""); err != nil {
		return nil, err
	}
	return s.create(ctx, stewardID, src, req)
}

func (s *Service) create(ctx context.Context, stewardID int64, src Source, req Request) (*baton.Replay, error) {
	stored := req.stored()
	at, title, err := s.forkPoint(ctx, stewardID, src, req.AtMessageID, stored.Title, baton.ConversationReplay)
	if err != nil {
		return nil, err
	}
	stored.Title = title
	return s.store.CreateReplayAt(ctx, stewardID, src.Conversation, at, stored)
}

// ForkRequest is where a fork starts (the message it starts after) and its
// title; "" titles it by kind and place ("fork at #12").
type ForkRequest struct {
	AtMessageID int64
	Title       string
}

// Fork makes a new branch of one of the steward's conversations (read with
// Conversation) after one of the messages of its transcript, with no
// model: the steward continues it.
func (s *Service) Fork(ctx context.Context, stewardID int64, conv *baton.Conversation, req ForkRequest) (*baton.Conversation, error) {
	at, title, err := s.forkPoint(ctx, stewardID, Source{Conversation: conv}, req.AtMessageID, req.Title, baton.ConversationFork)
	if err != nil {
		return nil, err
	}
	return s.store.Fork(ctx, stewardID, conv, store.ForkRequest{At: at, Title: title, Kind: baton.ConversationFork})
}

// forkPoint checks a fork's title and finds the message it starts after,
// which must be in the transcript of src; an empty title becomes
// "<kind> at #<seq>".
func (s *Service) forkPoint(ctx context.Context, stewardID int64, src Source, atMessageID int64, title, kind string) (*baton.Message, string, error) {
	title = strings.TrimSpace(strings.ReplaceAll(title, "\x00", ""))
	if len(title) > 200 {
		return nil, "", baton.Invalid("title", "title must be at most 200 characters")
	}
	at, err := s.forkMessage(ctx, stewardID, src, atMessageID)
	if err != nil {
		return nil, "", err
	}
	if title == "" {
		title = fmt.Sprintf("%s at #%d", strings.ReplaceAll(kind, "_", "-"), at.Seq)
	}
	return at, title, nil
}

// forkMessage is the message of src's transcript a fork starts after:
// found in the transcript the handler read, or read from the store.
func (s *Service) forkMessage(ctx context.Context, stewardID int64, src Source, atMessageID int64) (*baton.Message, error) {
	if atMessageID <= 0 {
		return nil, baton.Invalid("at_message_id", "at_message_id is required: the id of the message the fork starts after")
	}
	notIn := baton.Invalid("at_message_id", "message %d is not in this conversation", atMessageID)
	if src.Transcript != nil {
		for _, m := range src.Transcript {
			if m.ID == atMessageID {
				return m, nil
			}
		}
		return nil, notIn
	}
	at, err := s.store.ForkPoint(ctx, stewardID, src.Conversation, atMessageID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil, notIn
	}
	return at, err
}

// CherryPickRequest names the messages to copy, by id or as a range of
// sequence numbers (FromSeq to ToSeq, both included), and where to: an
// existing conversation of any of the steward's sessions, or a new
// conversation (forked from nothing) in the source's session, titled
// NewTitle.
type CherryPickRequest struct {
	MessageIDs           []int64
	FromSeq, ToSeq       int64
	TargetConversationID string
	NewTitle             string
}

// CherryPick copies messages of one of the steward's conversations (read
// with Conversation; the messages from its transcript, prefix included)
// into another conversation, in their order, recording on each copy where
// it came from. All or nothing.
func (s *Service) CherryPick(ctx context.Context, stewardID int64, src *baton.Conversation, req CherryPickRequest) (*baton.Conversation, []*baton.Message, error) {
	ranged := req.FromSeq != 0 || req.ToSeq != 0
	switch {
	case len(req.MessageIDs) > 0 && ranged:
		return nil, nil, baton.Invalid("message_ids", "give the messages to copy by id or as a range from one number to another, not both")
	case len(req.MessageIDs) == 0 && !ranged:
		return nil, nil, baton.Invalid("message_ids", "no messages to copy: pick at least one message, or give a range of message numbers (from_seq and to_seq)")
	case len(req.MessageIDs) > store.MaxBatch:
		return nil, nil, baton.Invalid("message_ids", "at most %d messages at a time", store.MaxBatch)
	case ranged && req.FromSeq < 1:
		return nil, nil, baton.Invalid("from_seq", "from_seq must be a message number, 1 or more")
	case ranged && req.ToSeq < req.FromSeq:
		return nil, nil, baton.Invalid("to_seq", "to_seq must be a message number no smaller than from_seq (%d)", req.FromSeq)
	case ranged && req.ToSeq-req.FromSeq >= store.MaxBatch:
		return nil, nil, baton.Invalid("to_seq", "a range holds at most %d messages", store.MaxBatch)
	}
	var upTo int64
	if ranged {
		upTo = req.ToSeq
	}
	transcript, err := s.store.ConversationMessagesOf(ctx, stewardID, src, upTo)
	if err != nil {
		return nil, nil, err
	}
	var picked []*baton.Message
	if ranged {
		for _, m := range transcript {
			if m.Seq >= req.FromSeq {
				picked = append(picked, m)
			}
		}
		if len(picked) == 0 {
			return nil, nil, baton.Invalid("from_seq", "the conversation has no messages from #%d to #%d", req.FromSeq, req.ToSeq)
		}
	} else if picked, err = pick(transcript, req.MessageIDs, src.ID); err != nil {
		return nil, nil, err
	}
	title := strings.TrimSpace(req.NewTitle)
	if title == "" {
		title = fmt.Sprintf("%d cherry-picked messages", len(picked))
	}
	return s.store.CherryPick(ctx, stewardID, src, picked, req.TargetConversationID, baton.CapTitle(title))
}

// pick returns the messages of transcript that ids name, in the
// transcript's order; an id listed twice, or of a message not in it, is
// refused naming its place in ids.
func pick(transcript []*baton.Message, ids []int64, conversationID string) ([]*baton.Message, error) {
	want := map[int64]bool{}
	for i, id := range ids {
		if want[id] {
			return nil, baton.Invalid(fmt.Sprintf("message_ids[%d]", i), "message %d is listed twice", id)
		}
		want[id] = true
	}
	var picked []*baton.Message
	for _, m := range transcript {
		if want[m.ID] {
			picked = append(picked, m)
			delete(want, m.ID)
		}
	}
	for i, id := range ids {
		if want[id] {
			return nil, baton.Invalid(fmt.Sprintf("message_ids[%d]", i), "message %d is not in conversation %s", id, conversationID)
		}
	}
	return picked, nil
}

// Messages returns the transcript of one of the steward's conversations
// (read with Conversation) up to and including sequence number upTo (0
// means all).
func (s *Service) Messages(ctx context.Context, stewardID int64, conv *baton.Conversation, upTo int64) ([]*baton.Message, error) {
	return s.store.ConversationMessagesOf(ctx, stewardID, conv, upTo)
}

// Start begins a run of one of the steward's prepared replays in the
// background and returns at once. Of requests that race to start the
// same replay exactly one starts it; the others get ECONFLICT with the
// replay as it is (running).
func (s *Service) Start(ctx context.Context, stewardID int64, id string) (*baton.Replay, error) {
	return s.start(ctx, stewardID, id, baton.ReplayPrepared)
}

func (s *Service) start(ctx context.Context, stewardID int64, id string, from ...string) (*baton.Replay, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.runner == nil || s.stopped {
		// Another steward's replay is not found, whether or not a run
		// can start.
		if _, err := s.store.Replay(ctx, stewardID, id); err != nil {
			return nil, err
		}
		if s.runner == nil {
			return nil, baton.Errorf(baton.ECONFLICT, "no model endpoint is configured: set BATON_LLM_BASE_URL")
		}
		return nil, baton.Errorf(baton.EUNAVAILABLE, "the server is stopping; run the replay again in a moment")
	}
	// The claim reads the replay with the steward's id: another
	// steward's is not found.
	r, err := s.store.ClaimReplayRun(ctx, stewardID, id, from...)
	if err != nil {
		return r, err
	}
	s.runs.Add(1)
	go func() {
		defer s.runs.Done()
		s.run(stewardID, r)
	}()
	return r, nil
}

// Run runs one of the steward's prepared replays and waits for it to end:
// the command line's way (baton replay run).
func (s *Service) Run(ctx context.Context, stewardID int64, id string) (*baton.Replay, error) {
	if s.runner == nil {
		return nil, baton.Errorf(baton.ECONFLICT, "no model endpoint is configured: set BATON_LLM_BASE_URL")
	}
	r, err := s.store.ClaimReplayRun(ctx, stewardID, id, baton.ReplayPrepared)
	if err != nil {
		return r, err
	}
	return s.runClaimed(ctx, stewardID, r), nil
}

// run is a background run: its own context, bounded by RunTimeout and
// cancelled when the server stops.
func (s *Service) run(stewardID int64, r *baton.Replay) {
	ctx, cancel := context.WithTimeoutCause(s.base, s.RunTimeout, fmt.Errorf("the run took longer than %s", s.RunTimeout))
	defer cancel()
	s.runClaimed(ctx, stewardID, r)
}

// runClaimed runs a replay this process claimed (it is running) and
// records how it ended; the run's messages are stored as they come.
func (s *Service) runClaimed(ctx context.Context, stewardID int64, r *baton.Replay) *baton.Replay {
	beat, stopBeat := context.WithCancel(ctx)
	go s.heartbeat(beat, r.ID)
	res := s.execute(ctx, stewardID, r)
	stopBeat()
	status := baton.ReplayCompleted
	if res.Failure != "" {
		status = baton.ReplayFailed
	}
	// Written even when ctx is done: a run the server stopped is failed
	// with that reason, not left running.
	done, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	out, err := s.store.FinishReplayRun(done, stewardID, r.ID, status, res.Failure, res.Answers)
	if err != nil {
		s.report(fmt.Errorf("replay %s: recording how the run ended: %w", r.ID, err))
		return r
	}
	return out
}

func (s *Service) execute(ctx context.Context, stewardID int64, r *baton.Replay) RunResult {
	fork, err := s.store.ConversationByID(ctx, stewardID, r.ConversationID)
	if err != nil {
		return RunResult{Failure: "the replay's conversation could not be read: " + baton.ErrorMessage(err)}
	}
	transcript, err := s.store.ConversationMessages(ctx, stewardID, fork.ID, 0)
	if err != nil {
		return RunResult{Failure: "the replay's context could not be read: " + baton.ErrorMessage(err)}
	}
	recorded, err := s.store.ConversationMessages(ctx, stewardID, r.SourceConversationID, 0)
	if err != nil {
		return RunResult{Failure: "the recorded run could not be read: " + baton.ErrorMessage(err)}
	}
	emit := func(m *baton.Message) error {
		_, err := s.store.AppendMessages(context.WithoutCancel(ctx), stewardID, fork.SessionID, fork.ID, []*baton.Message{m})
		return err
	}
	return s.runner.Run(ctx, r, fork.ForkPointSeq, transcript, recorded, emit)
}

func (s *Service) heartbeat(ctx context.Context, id string) {
	t := time.NewTicker(s.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.store.ReplayHeartbeat(ctx, []string{id}); err != nil && ctx.Err() == nil {
				s.report(fmt.Errorf("replay %s heartbeat: %w", id, err))
			}
		}
	}
}

func (s *Service) report(err error) {
	if s.OnError != nil {
		s.OnError(err)
	}
}

// Continue adds the steward's next message to a fork and, when run is
// set, runs the replay's model on it in the background. key makes the
// message idempotent: the same form sent twice adds it once and starts
// one run. A fork made without a replay is continued with no model.
func (s *Service) Continue(ctx context.Context, stewardID int64, conversationID, text, key string, run bool) (*baton.Replay, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, baton.Invalid("content", "content is required: the next message to the model")
	}
	if len(text) > baton.MaxContentBytes {
		return nil, baton.Invalid("content", "content is longer than %d bytes", baton.MaxContentBytes)
	}
	key = strings.TrimSpace(key)
	if key == "" || len(key) > 100 {
		return nil, baton.Invalid("key", "key is required: a value of at most 100 characters that makes the message sent once")
	}
	fork, err := s.store.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, err
	}
	if fork.ParentConversationID == nil {
		return nil, baton.Invalid("conversation", "only a fork or replay is continued here; the recorded conversation is left as it was")
	}
	r, err := s.store.ReplayOfConversation(ctx, stewardID, fork.ID)
	switch {
	case baton.ErrorCode(err) == baton.ENOTFOUND:
		r = nil
		if run {
			return nil, baton.Invalid("run", "this fork has no replay to run a model with; replay from a message to choose one")
		}
	case err != nil:
		return nil, err
	case r.Status == baton.ReplayRunning:
		return r, baton.Errorf(baton.ECONFLICT, "the replay is running; wait for it to end")
	}
	if run && s.runner == nil {
		return nil, baton.Errorf(baton.ECONFLICT, "no model endpoint is configured: set BATON_LLM_BASE_URL")
	}
	res, err := s.store.AppendMessages(ctx, stewardID, fork.SessionID, fork.ID, []*baton.Message{{
		SourceID: "continue:" + key, Role: baton.RoleSteward, Content: text, Timestamp: s.now(),
	}})
	if err != nil {
		return nil, err
	}
	if !run || res.Stored == 0 {
		return r, nil // a form sent twice: its message and run are there already
	}
	return s.start(ctx, stewardID, r.ID, baton.ReplayPrepared, baton.ReplayCompleted, baton.ReplayFailed)
}

// Recover fails the runs whose server went away: every running replay on
// SQLite (one process serves it, and it is starting), and on PostgreSQL
// those whose heartbeat is older than StaleAfter (another instance may be
// running the rest).
func (s *Service) Recover(ctx context.Context, singleProcess bool) (int, error) {
	before := s.now().Add(-s.StaleAfter)
	if singleProcess {
		before = s.now().Add(time.Second)
	}
	return s.store.FailAbandonedReplays(ctx, before, "the server running it stopped before the run ended (restart or crash); run it again")
}

// Upkeep fails abandoned runs every StaleAfter until ctx ends: runs of an
// instance that went away while others serve on.
func (s *Service) Upkeep(ctx context.Context) {
	t := time.NewTicker(s.StaleAfter)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Recover(ctx, false); err != nil && ctx.Err() == nil {
				s.report(fmt.Errorf("replay upkeep: %w", err))
			}
		}
	}
}

// Close stops the runs in progress, which end failed with the reason, and
// waits for them to record it (or for ctx).
func (s *Service) Close(ctx context.Context) error {
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
	s.stop(ErrServerStopping)
	done := make(chan struct{})
	go func() { s.runs.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
