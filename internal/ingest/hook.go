package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/store"
	"github.com/google/uuid"
)

// Claude Code hook events Baton reads something from. Any other event is
// accepted, counted and kept too.
const (
	HookSessionStart     = "SessionStart"
	HookUserPromptSubmit = "UserPromptSubmit"
	HookPreToolUse       = "PreToolUse"
	HookPostToolUse      = "PostToolUse"
	HookPostToolFailure  = "PostToolUseFailure"
	HookStop             = "Stop"
	HookSubagentStop     = "SubagentStop"
	HookPreCompact       = "PreCompact"
	HookSessionEnd       = "SessionEnd"
	HookNotification     = "Notification"
)

// Limits on one hook request.
const (
	maxHookFiles = 64
	// maxKeptPayload is the largest event payload kept whole; a larger one
	// (a tool's whole output) is kept without its large fields, which the
	// transcript has anyway.
	maxKeptPayload = 64 << 10
	maxFactText    = 2000
)

var (
	hookIDPattern    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)
	hookNamePattern  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,99}$`)
	agentFilePattern = regexp.MustCompile(`^agent-[A-Za-z0-9_-]{1,100}\.jsonl$`)
)

// hookEvent is what Baton reads from a hook payload. Fields of an
// unexpected type read as empty: the payload is kept as it came anyway.
type hookEvent struct {
	name, sessionID, requestID string
	at                         time.Time
	settled                    bool // the request is not partial
	// transcriptError is why the client could not read the main
	// transcript; mainLines whether the request brought some of it.
	transcriptError string
	mainLines       bool
	fields          map[string]json.RawMessage
	payload         []byte // as kept
}

func (e *hookEvent) str(key string) string {
	var s string
	if json.Unmarshal(e.fields[key], &s) != nil {
		return ""
	}
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
}

// readHookEvent checks a hook request and reads its event.
func readHookEvent(req *baton.HookRequest, now time.Time) (*hookEvent, error) {
	e := &hookEvent{requestID: strings.TrimSpace(req.RequestID), at: req.OccurredAt.UTC()}
	if len(bytes.TrimSpace(req.Event)) == 0 {
		return nil, baton.Invalid("event", "event is required: the hook payload Claude Code wrote on stdin")
	}
	if err := json.Unmarshal(req.Event, &e.fields); err != nil || e.fields == nil {
		return nil, baton.Invalid("event", "event must be a JSON object (the hook payload)")
	}
	e.sessionID, e.name = e.str("session_id"), e.str("hook_event_name")
	if !hookIDPattern.MatchString(e.sessionID) {
		return nil, baton.Invalid("event.session_id", "event.session_id must be Claude Code's session id (letters, digits, '.', '_', ':', '-'; at most 128); got %q", baton.Clip(e.sessionID, 140))
	}
	if !hookNamePattern.MatchString(e.name) {
		return nil, baton.Invalid("event.hook_event_name", "event.hook_event_name must name the hook event, as in SessionStart; got %q", baton.Clip(e.name, 110))
	}
	if e.requestID == "" {
		e.requestID = uuid.NewString()
	} else if !hookIDPattern.MatchString(e.requestID) {
		return nil, baton.Invalid("request_id", "request_id must be letters, digits, '.', '_', ':' or '-', at most 128")
	}
	// A clock far off (or a zero time) would put the event where no one
	// looks, and outside what the databases store.
	if e.at.Year() < 2000 || e.at.After(now.Add(24*time.Hour)) {
		e.at = now
	}
	if len(req.Transcripts) > maxHookFiles {
		return nil, baton.Invalid("transcripts", "a request carries at most %d transcript chunks; got %d", maxHookFiles, len(req.Transcripts))
	}
	if err := checkChunks("transcripts", req.Transcripts); err != nil {
		return nil, err
	}
	for _, c := range req.Transcripts {
		e.mainLines = e.mainLines || (c.File == "" && c.Lines != "")
	}
	e.transcriptError = baton.Clip(strings.ToValidUTF8(strings.TrimSpace(req.TranscriptError), "\uFFFD"), maxFactText)
	e.payload = keptPayload(req.Event, e.fields)
	return e, nil
}

// keptPayload is the payload as kept: whole, or without its large fields.
func keptPayload(raw json.RawMessage, fields map[string]json.RawMessage) []byte {
	if len(raw) <= maxKeptPayload && utf8.Valid(raw) {
		var buf bytes.Buffer
		if json.Compact(&buf, raw) == nil {
			return buf.Bytes()
		}
	}
	out := make(map[string]any, len(fields)+1)
	for k, v := range fields {
		if len(v) > 4<<10 {
			out[k] = fmt.Sprintf("(%d bytes left out)", len(v))
		} else {
			out[k] = v
		}
	}
	out["baton_abridged"] = true
	b, err := json.Marshal(out)
	if err != nil {
		return []byte(`{"baton_abridged":true}`)
	}
	return b
}

// hookState is what a hooked session's events said that its transcript
// does not. It is kept per hooked session and shown as the session's
// Attributes["hook"].
type hookState struct {
	Events         map[string]int `json:"events,omitempty"`
	FirstEventAt   *time.Time     `json:"first_event_at,omitempty"`
	LastEventAt    *time.Time     `json:"last_event_at,omitempty"`
	TranscriptPath string         `json:"transcript_path,omitempty"`
	CWD            string         `json:"cwd,omitempty"`
	PermissionMode string         `json:"permission_mode,omitempty"`
	Model          string         `json:"model,omitempty"`
	// Starts are the SessionStart events: kind is startup, resume, clear or compact.
	Starts []hookFact `json:"starts,omitempty"`
	// Notifications are what Claude Code told the steward (a permission
	// request, an idle prompt).
	Notifications []hookFact `json:"notifications,omitempty"`
	// Compactions are the PreCompact events: kind is manual or auto, text
	// the steward's instructions.
	Compactions []hookFact `json:"compactions,omitempty"`
	// Prompt is the last prompt submitted, kept until the transcript has it.
	Prompt *hookFact `json:"prompt,omitempty"`
	// End is the SessionEnd event: kind is its reason.
	End *hookFact `json:"end,omitempty"`
	// TranscriptError is why the client could not read the transcript, as
	// of the last event that tried (cleared when lines arrive): the session
	// is then built from the events.
	TranscriptError *hookFact `json:"transcript_error,omitempty"`
	// FromEvents is set once a message was built from an event: a later
	// build of the transcript adopts those it has (hookMessagePrefix).
	FromEvents bool `json:"from_events,omitempty"`
}

// hookFact is one thing an event said, and when.
type hookFact struct {
	At   time.Time `json:"at"`
	Kind string    `json:"kind,omitempty"`
	Text string    `json:"text,omitempty"`
	// Offset (of a prompt) is how much of the main transcript had arrived
	// when it was submitted: the prompt line comes after.
	Offset int64 `json:"offset,omitempty"`
}

// Caps on the facts kept per session.
const (
	maxStarts        = 20
	maxNotifications = 50
	maxCompactions   = 20
)

// apply returns the state after the event, given how much of each
// transcript file had arrived before it.
func (e *hookEvent) apply(raw []byte, offsets map[string]int64) ([]byte, error) {
	var st hookState
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &st) // a state that cannot be read starts over
	}
	if st.Events == nil {
		st.Events = map[string]int{}
	}
	st.Events[e.name]++
	at := e.at
	if st.FirstEventAt == nil || at.Before(*st.FirstEventAt) {
		st.FirstEventAt = &at
	}
	if st.LastEventAt == nil || at.After(*st.LastEventAt) {
		st.LastEventAt = &at
	}
	if v := e.str("transcript_path"); v != "" {
		st.TranscriptPath = baton.Clip(v, 1000)
	}
	if v := e.str("cwd"); v != "" {
		st.CWD = baton.Clip(v, 1000)
	}
	if v := e.str("permission_mode"); v != "" {
		st.PermissionMode = baton.Clip(v, 100)
	}
	switch {
	case e.mainLines:
		st.TranscriptError = nil
	case e.transcriptError != "" && e.name != HookSessionStart:
		// At SessionStart the transcript is not written yet.
		st.TranscriptError = &hookFact{At: at, Text: e.transcriptError}
	}
	if buildsMessage(e.name) && st.TranscriptError != nil && offsets[""] == 0 {
		st.FromEvents = true
	}
	switch e.name {
	case HookSessionStart:
		if v := e.str("model"); v != "" {
			st.Model = baton.Clip(v, 200)
		}
		st.Starts = appendCapped(st.Starts, hookFact{At: at, Kind: baton.Clip(e.str("source"), 100)}, maxStarts)
		st.End = nil
	case HookNotification:
		st.Notifications = appendCapped(st.Notifications, hookFact{At: at, Kind: baton.Clip(e.str("notification_type"), 100),
			Text: baton.Clip(e.str("message"), maxFactText)}, maxNotifications)
	case HookPreCompact:
		st.Compactions = appendCapped(st.Compactions, hookFact{At: at, Kind: baton.Clip(e.str("trigger"), 100),
			Text: baton.Clip(e.str("custom_instructions"), maxFactText)}, maxCompactions)
	case HookUserPromptSubmit:
		st.Prompt = &hookFact{At: at, Text: baton.Clip(e.str("prompt"), maxFactText), Offset: offsets[""]}
	case HookSessionEnd:
		st.End = &hookFact{At: at, Kind: baton.Clip(e.str("reason"), 100)}
	}
	return json.Marshal(&st)
}

func appendCapped(facts []hookFact, f hookFact, max int) []hookFact {
	facts = append(facts, f)
	if len(facts) > max {
		facts = facts[len(facts)-max:]
	}
	return facts
}

// attributes is the state as the session shows it: the prompt only while
// the transcript does not have it yet.
func (st *hookState) attributes(promptSeen bool) map[string]any {
	out := map[string]any{"events": st.Events}
	if st.FirstEventAt != nil {
		out["first_event_at"] = *st.FirstEventAt
	}
	if st.LastEventAt != nil {
		out["last_event_at"] = *st.LastEventAt
	}
	for k, v := range map[string]string{"transcript_path": st.TranscriptPath, "cwd": st.CWD, "permission_mode": st.PermissionMode, "model": st.Model} {
		if v != "" {
			out[k] = v
		}
	}
	for k, v := range map[string][]hookFact{"starts": st.Starts, "notifications": st.Notifications, "compactions": st.Compactions} {
		if len(v) > 0 {
			out[k] = v
		}
	}
	if st.End != nil {
		out["end"] = st.End
	}
	if st.TranscriptError != nil {
		out["transcript_error"] = st.TranscriptError
	}
	if st.Prompt != nil && !promptSeen {
		out["pending_prompt"] = st.Prompt
	}
	return out
}

// withHook returns a copy of a session's attributes with the hook state.
func withHook(attrs map[string]any, hook map[string]any) map[string]any {
	out := make(map[string]any, len(attrs)+1)
	for k, v := range attrs {
		out[k] = v
	}
	out["hook"] = hook
	return out
}

// Hooks owns Baton's side of the Claude Code hook protocol (`baton hook`):
// it records each request, builds the hooked session from what was
// received — one request at a time per session, in the background when
// that takes longer than a hook may wait — and knows which builds are
// still running. The store only persists; the analysis service analyses.
// A server has one Hooks (Importer.Hooks).
type Hooks struct {
	store    *store.Store
	analysis *analysis.Service
	now      func() time.Time
	// sessions serialises the building of one hooked session within this
	// process, so two hook processes of one session (parallel tool calls)
	// do not race on its import and analysis.
	sessions keyedMutex
	// builds counts the builds still running (Wait).
	builds sync.WaitGroup
	// hold, when set (tests), is waited on before each build starts.
	hold chan struct{}
	// live keeps the parse of the live sessions' transcripts, so an event
	// parses only the lines it brought (liveTranscripts).
	live liveTranscripts
}

// NewHooks returns the hook protocol's owner over the store, analysing
// with svc.
func NewHooks(st *store.Store, svc *analysis.Service) *Hooks {
	return &Hooks{store: st, analysis: svc, now: time.Now}
}

type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*refMutex
}

type refMutex struct {
	sync.Mutex
	refs int
	// unbuilt is set by a holder that skipped building the session: the
	// next holder must build it even if its own request brought nothing.
	unbuilt bool
}

// lock takes the key's mutex and reports whether others wait for it.
func (k *keyedMutex) lock(key string) (m *refMutex, unlock func(), waiting bool) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*refMutex{}
	}
	m = k.locks[key]
	if m == nil {
		m = &refMutex{}
		k.locks[key] = m
	}
	m.refs++
	k.mu.Unlock()
	m.Lock()
	k.mu.Lock()
	waiting = m.refs > 1
	k.mu.Unlock()
	return m, func() {
		m.Unlock()
		k.mu.Lock()
		if m.refs--; m.refs == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}, waiting
}

// HookOptions tune Hooks.Receive.
type HookOptions struct {
	// Wait bounds how long Receive waits for the session to be built
	// before it answers with what it received; the building goes on in the
	// background. Zero waits until it is done.
	Wait time.Duration
	// LogError receives what went wrong in the background.
	LogError func(error)
	// Finalize, when set, runs after a SessionEnd has closed and analysed
	// the session (continuity drafts its bridge).
	Finalize func(ctx context.Context, stewardID int64, sessionID string) error
}

// buildTimeout bounds one build of a hooked session.
const buildTimeout = 5 * time.Minute

// maxRecordAttempts bounds how often record reads the hooked session again
// when other requests of it keep coming between its read and its write.
const maxRecordAttempts = 20

// Receive takes one request of `baton hook` for the steward and builds
// the session as it happens.
//
// The event is recorded once per request id, and the transcript lines that
// continue what was received are kept, before it returns. The transcript
// received so far is then parsed again and imported as a Claude Code
// transcript is (source "claude-code", source_ref = the session id), so a
// hooked session and an import of its transcript are the same session and
// only new messages are added. What could still change is held back: the
// response still being written (claudecode.OpenResponse) until another
// follows or the agent stops, and subagents until their Task call has
// returned (claudecode.Options.Live). SessionEnd imports everything, closes
// the session and analyses it; Stop analyses it too, so progress and arc
// follow the session turn by turn.
//
// Building a long session takes longer than a hook may wait, so it runs
// one request at a time per session, for at most opts.Wait in the request;
// a request that settles nothing is skipped when a later one of the same
// session already waits (that one will see its lines too).
func (h *Hooks) Receive(ctx context.Context, stewardID int64, req *baton.HookRequest, opts HookOptions) (*baton.HookResult, error) {
	ev, err := readHookEvent(req, h.now().UTC())
	if err != nil {
		return nil, err
	}
	rc, err := h.record(ctx, stewardID, ev, req.Transcripts)
	if err != nil {
		return nil, err
	}
	// What the event settles: at SessionEnd everything is final; at Stop the
	// main transcript's last response is complete, at SubagentStop the
	// agent's. A partial request settles nothing yet.
	ev.settled = !req.Partial
	received := &baton.HookResult{Offsets: rc.Offsets}
	done := h.buildInBackground(context.WithoutCancel(ctx), stewardID, ev, rc, received, opts)
	var timeout <-chan time.Time
	if opts.Wait > 0 {
		t := time.NewTimer(opts.Wait)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case o := <-done:
		return o.res, o.err
	case <-timeout:
		return h.answer(ctx, stewardID, ev, received)
	}
}

// Wait waits until no hooked session is being built in the background, or
// ctx ends: before the store closes, and in tests.
func (h *Hooks) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { h.builds.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// record keeps the event once and the new transcript lines, and moves the
// hooked session's state on by the event, all in one store transaction. The
// state is computed from the session as read; when another request of the
// session came between the read and the write, it reads again.
func (h *Hooks) record(ctx context.Context, stewardID int64, ev *hookEvent, chunks []baton.TranscriptChunk) (store.HookReceipt, error) {
	for attempt := 1; ; attempt++ {
		snap, err := h.store.HookSnapshot(ctx, stewardID, ev.sessionID)
		if err != nil {
			return store.HookReceipt{}, err
		}
		next, err := ev.apply(snap.State, snap.Offsets)
		if err != nil {
			return store.HookReceipt{}, err
		}
		rc, err := h.store.RecordHook(ctx, stewardID, ev.sessionID, store.HookEvent{
			RequestID: ev.requestID, Name: ev.name, Payload: ev.payload, OccurredAt: ev.at,
		}, chunks, snap, next)
		if errors.Is(err, store.ErrHookStale) && attempt < maxRecordAttempts {
			continue
		}
		return rc, err
	}
}

// buildOutcome is what one build answers its request.
type buildOutcome struct {
	res *baton.HookResult
	err error
}

// buildInBackground builds the session for one request, after the builds
// of the session's earlier requests, and sends the answer on the channel
// it returns. A panic in one build answers that request; it does not take
// the server down.
func (h *Hooks) buildInBackground(bg context.Context, stewardID int64, ev *hookEvent, rc store.HookReceipt, received *baton.HookResult, opts HookOptions) <-chan buildOutcome {
	done := make(chan buildOutcome, 1)
	report := func(err error) {
		if opts.LogError != nil {
			opts.LogError(fmt.Errorf("hooked session %s: %w", ev.sessionID, err))
		}
	}
	h.builds.Add(1)
	go func() {
		defer h.builds.Done()
		defer func() {
			if r := recover(); r != nil {
				err := fmt.Errorf("panic: %v", r)
				report(err)
				done <- buildOutcome{err: err}
			}
		}()
		if h.hold != nil {
			<-h.hold
		}
		ctx, cancel := context.WithTimeout(bg, buildTimeout)
		defer cancel()
		m, unlock, waiting := h.sessions.lock(fmt.Sprint(stewardID, "/", ev.sessionID))
		defer unlock()
		var o buildOutcome
		if skipBuild(waiting, ev) {
			m.unbuilt = true
			o.res, o.err = h.answer(ctx, stewardID, ev, received)
		} else {
			rc.Grew = rc.Grew || m.unbuilt
			if o.res, o.err = h.build(ctx, stewardID, ev, rc); o.err == nil {
				m.unbuilt = false
				if ev.name == HookSessionEnd && ev.settled && opts.Finalize != nil && o.res.SessionID != "" {
					o.err = opts.Finalize(ctx, stewardID, o.res.SessionID)
				}
			}
		}
		if o.err != nil {
			report(o.err)
		}
		done <- o
	}()
	return done
}

// skipBuild decides whether a request leaves the building to a later one:
// when one of the same session already waits and this request settles
// nothing (the later build will see its lines too).
func skipBuild(othersWaiting bool, ev *hookEvent) bool {
	return othersWaiting && !ev.settles()
}

// settles reports whether the event completes something a live read holds
// back.
func (e *hookEvent) settles() bool {
	return e.settled && (e.name == HookSessionEnd || e.name == HookStop || e.name == HookSubagentStop)
}

// answer is what was received and the session, if it exists.
func (h *Hooks) answer(ctx context.Context, stewardID int64, ev *hookEvent, res *baton.HookResult) (*baton.HookResult, error) {
	sess, err := h.store.SessionBySource(ctx, stewardID, claudecode.Source, ev.sessionID)
	if err == nil {
		res.SessionID = sess.ID
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil, err
	}
	return res, nil
}

// build brings the session up to date with what was received: parse the
// transcript, keep the messages not stored yet, store them with the
// session's facts, then close and analyse as the event says.
func (h *Hooks) build(ctx context.Context, stewardID int64, ev *hookEvent, rc store.HookReceipt) (*baton.HookResult, error) {
	res := &baton.HookResult{Offsets: rc.Offsets}
	// The state now, which a request received after this one may have
	// moved on.
	raw, err := h.store.HookState(ctx, stewardID, ev.sessionID)
	if err != nil {
		return nil, err
	}
	var state hookState
	_ = json.Unmarshal(raw, &state)
	if state.End != nil && ev.name != HookSessionEnd {
		// The session ended after this request came (builds need not run in
		// the order requests came): its final build has seen everything.
		return h.answer(ctx, stewardID, ev, res)
	}
	existing, err := h.store.SessionBySource(ctx, stewardID, claudecode.Source, ev.sessionID)
	if err != nil && baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil, err
	}
	if err != nil {
		existing = nil
	} else {
		res.SessionID = existing.ID
	}
	if existing != nil && rc.New && !existing.Open() && ev.name == HookSessionStart {
		// A session resumed after it ended is live again.
		if err := h.store.ReopenSession(ctx, stewardID, existing.ID); err != nil {
			return nil, err
		}
	}
	if buildsMessage(ev.name) && rc.New && state.TranscriptError != nil && rc.Offsets[""] == 0 {
		// The transcript cannot be read: the prompt, or the tool call and
		// its result, are the session's.
		return h.buildFromEvent(ctx, stewardID, ev, existing, &state, res)
	}
	if !rc.Grew && !ev.settles() {
		// No new lines: only the event's facts to show.
		return res, h.showEventFacts(ctx, stewardID, ev, rc, existing, &state)
	}

	// Messages built from events change source ids in the store
	// (adopted, replaced): their sessions read the known ids every time.
	cache := !state.FromEvents
	var leave func(conv, source string) bool
	if existing != nil && cache {
		known, err := h.knownSourceIDs(ctx, stewardID, existing.ID, ev.sessionID)
		if err != nil {
			return nil, err
		}
		leave = func(conv, source string) bool { return known[conv][source] }
	}
	doc, err := h.parseTranscript(ctx, stewardID, ev, leave)
	if errors.Is(err, claudecode.ErrNoMessages) {
		if existing != nil && state.FromEvents {
			// Built from events: the end of a turn analyses it, SessionEnd
			// closes it, as the transcript's lines would.
			if err := h.showEventFacts(ctx, stewardID, ev, rc, existing, &state); err != nil {
				return nil, err
			}
			return res, h.closeAndAnalyse(ctx, stewardID, ev, existing.ID, false, existing.MessageCount, nil, existing.StartedAt)
		}
		return res, nil // the session begins with its first message
	} else if err != nil {
		return nil, err
	}
	// The prompt is pending until a prompt line follows where the transcript
	// stood when it was submitted.
	promptSeen := false
	if state.Prompt != nil {
		after, err := h.store.HookMainFrom(ctx, stewardID, ev.sessionID, state.Prompt.Offset)
		if err != nil {
			return nil, err
		}
		promptSeen = claudecode.NextPrompt(after) >= 0
	}
	if state.FromEvents {
		// The transcript replaces the messages built from events it has.
		doc.EventPrefix = hookMessagePrefix
	}
	fresh, err := h.keepNewMessages(ctx, stewardID, existing, &doc, cache)
	if err != nil {
		return nil, err
	}
	h.analysis.AnalyzeMessages(fresh)
	end := doc.Session.EndedAt
	r, err := h.storeDocument(ctx, stewardID, ev, &doc, state.attributes(promptSeen))
	if err != nil {
		return nil, err
	}
	if r.Status == baton.ImportRejected {
		res.Error = r.Error
		return res, nil
	}
	if cache {
		h.learn(stewardID, r.SessionID, &doc)
	}
	res.SessionID, res.Stored = r.SessionID, r.Messages
	return res, h.closeAndAnalyse(ctx, stewardID, ev, r.SessionID, existing == nil, res.Stored, end, doc.Session.StartedAt)
}

// hookMessagePrefix starts the source id of a message built from a hook
// event (hook:<request id>), so a resent request adds it once.
const hookMessagePrefix = "hook:"

// buildFromEvent builds the session from an event when the transcript
// cannot be read: a UserPromptSubmit's prompt is the steward's message, a
// tool event's call and result are tool messages (eventMessages), and the
// hook state says why the transcript is missing.
func (h *Hooks) buildFromEvent(ctx context.Context, stewardID int64, ev *hookEvent, existing *baton.Session, state *hookState, res *baton.HookResult) (*baton.HookResult, error) {
	msgs := eventMessages(ev)
	if len(msgs) == 0 {
		return res, h.showEventFacts(ctx, stewardID, ev, store.HookReceipt{New: true}, existing, state)
	}
	started := ev.at
	if state.FirstEventAt != nil && state.FirstEventAt.Before(started) {
		started = *state.FirstEventAt
	}
	doc := baton.ImportDocument{
		Key: ev.sessionID + ".jsonl",
		Session: baton.Session{Source: claudecode.Source, SourceRef: ev.sessionID,
			Title: baton.CapTitle(analysis.Title(msgs[0].Content)), StartedAt: started},
		Conversations: []baton.ImportConversation{{Key: claudecode.MainKey, Messages: msgs}},
	}
	if existing != nil {
		doc.Session.Title = existing.Title
	} else {
		// Written from the first prompt: the session's analysis may write
		// a better one, as it does for an imported transcript's.
		doc.Session.Attributes = map[string]any{analysis.TitleSourceKey: analysis.TitleFromPrompt}
	}
	fresh, err := h.keepNewMessages(ctx, stewardID, existing, &doc, false)
	if err != nil {
		return nil, err
	}
	h.analysis.AnalyzeMessages(fresh)
	r, err := h.storeDocument(ctx, stewardID, ev, &doc, state.attributes(true))
	if err != nil {
		return nil, err
	}
	if r.Status == baton.ImportRejected {
		res.Error = r.Error
		return res, nil
	}
	res.SessionID, res.Stored = r.SessionID, r.Messages
	return res, h.closeAndAnalyse(ctx, stewardID, ev, r.SessionID, existing == nil, res.Stored, nil, started)
}

// showEventFacts shows what an event that brought no lines said, on a
// session that exists: the prompt is as pending as it was, or pending if
// new.
func (h *Hooks) showEventFacts(ctx context.Context, stewardID int64, ev *hookEvent, rc store.HookReceipt, existing *baton.Session, state *hookState) error {
	if existing == nil || !rc.New {
		return nil
	}
	prev, _ := existing.Attributes["hook"].(map[string]any)
	seen := ev.name != HookUserPromptSubmit && (prev == nil || prev["pending_prompt"] == nil)
	src := *existing
	src.Attributes = map[string]any{"hook": state.attributes(seen)}
	return h.store.UpdateSourceFacts(ctx, stewardID, existing.ID, &src)
}

// parseTranscript parses the transcript received so far, leaving out what
// could still change unless the event says it cannot. While the session
// is live, it parses only the lines received since the last event, on top
// of the parse it keeps (liveTranscripts), and leaves out of the document
// the messages leave reports (the session has them); at SessionEnd, it
// parses the whole transcript once more.
func (h *Hooks) parseTranscript(ctx context.Context, stewardID int64, ev *hookEvent, leave func(conv, source string) bool) (baton.ImportDocument, error) {
	key := fmt.Sprint(stewardID, "/", ev.sessionID)
	if ev.settled && ev.name == HookSessionEnd {
		h.live.drop(key)
		return h.parseWhole(ctx, stewardID, ev)
	}
	lt := h.live.get(key, ev.sessionID+".jsonl")
	doc, err := h.parseMore(ctx, stewardID, ev, lt, leave)
	if err != nil && !errors.Is(err, claudecode.ErrNoMessages) {
		h.live.drop(key) // the next event starts over
		if errors.Is(err, claudecode.ErrNotIncremental) {
			return h.parseWhole(ctx, stewardID, ev)
		}
	}
	return doc, err
}

// parseMore feeds the live parse the lines received since it last read,
// holding back what could still change, and returns its document.
func (h *Hooks) parseMore(ctx context.Context, stewardID int64, ev *hookEvent, lt *liveTranscript, leave func(conv, source string) bool) (baton.ImportDocument, error) {
	fresh, err := h.store.HookTranscriptsFrom(ctx, stewardID, ev.sessionID, lt.consumed)
	if err != nil {
		return baton.ImportDocument{}, err
	}
	main := fresh[""]
	if !(ev.settled && ev.name == HookStop) {
		main = main[:claudecode.OpenResponse(main)]
	}
	if err := lt.parser.Feed("", main); err != nil {
		return baton.ImportDocument{}, err
	}
	lt.consumed[""] += int64(len(main))
	files := make([]string, 0, len(fresh))
	for file := range fresh {
		if file != "" {
			files = append(files, file)
		}
	}
	sort.Strings(files)
	for _, file := range files {
		data := fresh[file]
		if strings.HasPrefix(file, "agent-acompact-") {
			lt.consumed[file] += int64(len(data)) // compaction agents repeat the conversation
			continue
		}
		if !ev.subagentStopped(file) {
			data = data[:claudecode.OpenResponse(data)]
		}
		if err := lt.parser.Feed(file, data); err != nil {
			return baton.ImportDocument{}, err
		}
		lt.consumed[file] += int64(len(data))
	}
	doc, lineErrs, err := lt.parser.DocumentLeaving(leave)
	return hookDocument(doc, lineErrs, err, ev)
}

// hookDocument finishes a document parsed from a hooked session's
// transcript: the lines that could not be read become warnings, and the
// session is the hooked one.
func hookDocument(doc baton.ImportDocument, lineErrs []claudecode.LineError, err error, ev *hookEvent) (baton.ImportDocument, error) {
	if err != nil {
		return doc, err
	}
	for _, le := range lineErrs {
		doc.Skipped = append(doc.Skipped, fmt.Sprintf("line %d: %v", le.Line, le.Err))
	}
	doc.Session.SourceRef = ev.sessionID
	return doc, nil
}

// subagentStopped reports whether the event says the agent of a subagent
// file has written its last response.
func (e *hookEvent) subagentStopped(file string) bool {
	id := e.str("agent_id")
	return e.settled && e.name == HookSubagentStop && (id == "" || file == "agent-"+id+".jsonl")
}

// parseWhole parses everything received, as an import of the transcript
// would (live unless the session ended).
func (h *Hooks) parseWhole(ctx context.Context, stewardID int64, ev *hookEvent) (baton.ImportDocument, error) {
	final := ev.settled && ev.name == HookSessionEnd
	all, subagents, err := h.store.HookTranscripts(ctx, stewardID, ev.sessionID)
	if err != nil {
		return baton.ImportDocument{}, err
	}
	main := all
	if !final && !(ev.settled && ev.name == HookStop) {
		main = main[:claudecode.OpenResponse(main)]
	}
	readers := make(map[string]io.Reader, len(subagents))
	for file, data := range subagents {
		if strings.HasPrefix(file, "agent-acompact-") {
			continue // compaction agents repeat the conversation, as Discover knows
		}
		if !final && !ev.subagentStopped(file) {
			data = data[:claudecode.OpenResponse(data)]
		}
		readers[file] = bytes.NewReader(data)
	}
	name := ev.sessionID + ".jsonl"
	doc, lineErrs, err := claudecode.Parse(bytes.NewReader(main), name, claudecode.Options{Live: !final, Subagents: readers})
	return hookDocument(doc, lineErrs, err, ev)
}

// keepNewMessages leaves in doc only the messages the session does not
// have yet, and returns them.
//
// The conversations left are the main one, those with new messages and
// the ones they fork from: the store looks each up, so a long session's
// threads with nothing new cost nothing.
func (h *Hooks) keepNewMessages(ctx context.Context, stewardID int64, existing *baton.Session, doc *baton.ImportDocument, cache bool) ([]*baton.Message, error) {
	var known map[string]map[string]bool
	if existing != nil {
		var err error
		if cache {
			known, err = h.knownSourceIDs(ctx, stewardID, existing.ID, doc.Session.SourceRef)
		} else {
			known, err = h.store.SourceIDs(ctx, stewardID, existing.ID)
			h.live.forgetKnown(fmt.Sprint(stewardID, "/", doc.Session.SourceRef))
		}
		if err != nil {
			return nil, err
		}
	}
	return keepUnknown(doc, func(conv, source string) bool { return known[conv][source] }, existing != nil), nil
}

// knownSourceIDs is SourceIDs of the hooked session, kept with its live
// parse between events (and learnt from each build that stores), so an
// event does not read every source id again.
func (h *Hooks) knownSourceIDs(ctx context.Context, stewardID int64, sessionID, ref string) (map[string]map[string]bool, error) {
	lt := h.live.peek(fmt.Sprint(stewardID, "/", ref))
	if lt != nil && lt.knownSession == sessionID {
		return lt.known, nil
	}
	known, err := h.store.SourceIDs(ctx, stewardID, sessionID)
	if err == nil && lt != nil {
		lt.known, lt.knownSession = known, sessionID
	}
	return known, err
}

// learn adds the messages a build stored to the known source ids of the
// session's live parse.
func (h *Hooks) learn(stewardID int64, sessionID string, doc *baton.ImportDocument) {
	lt := h.live.peek(fmt.Sprint(stewardID, "/", doc.Session.SourceRef))
	if lt == nil {
		return
	}
	if lt.knownSession != sessionID {
		lt.known, lt.knownSession = map[string]map[string]bool{}, sessionID
	}
	for _, c := range doc.Conversations {
		if lt.known[c.Key] == nil {
			lt.known[c.Key] = map[string]bool{}
		}
		for _, m := range c.Messages {
			lt.known[c.Key][m.SourceID] = true
		}
	}
}

// storeDocument stores the new messages and the session's facts with the
// hook's state; the session stays open until SessionEnd.
func (h *Hooks) storeDocument(ctx context.Context, stewardID int64, ev *hookEvent, doc *baton.ImportDocument, hook map[string]any) (baton.ImportResult, error) {
	if final := ev.settled && ev.name == HookSessionEnd; !final {
		doc.Session.EndedAt, doc.Session.DurationSeconds = nil, 0 // live: open until SessionEnd
	}
	r, err := h.store.Import(ctx, stewardID, doc)
	if err != nil || r.Status == baton.ImportRejected {
		return r, err
	}
	src := doc.Session
	src.Attributes = withHook(doc.Session.Attributes, hook)
	return r, h.store.UpdateSourceFacts(ctx, stewardID, r.SessionID, &src)
}

// closeAndAnalyse closes the session at SessionEnd (when the transcript
// says it ended, or at the event) and analyses it then, when it is new,
// and when a Stop, SubagentStop or PreCompact brought new messages.
func (h *Hooks) closeAndAnalyse(ctx context.Context, stewardID int64, ev *hookEvent, sessionID string, created bool, stored int, end *time.Time, started time.Time) error {
	final := ev.settled && ev.name == HookSessionEnd
	if final {
		at := ev.at
		if end != nil {
			at = *end
		}
		if at.Before(started) {
			at = started
		}
		if _, err := h.store.CloseSession(ctx, stewardID, sessionID, &at); err != nil {
			return err
		}
	}
	turn := stored > 0 && ev.settled && (ev.name == HookStop || ev.name == HookSubagentStop || ev.name == HookPreCompact)
	if !final && !created && !turn {
		return nil
	}
	if err := h.analysis.AnalyzeSession(ctx, stewardID, sessionID); err != nil {
		return fmt.Errorf("analyse hooked session: %w", err)
	}
	return nil
}
