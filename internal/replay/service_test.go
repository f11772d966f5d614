package replay_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// gatedModel is an OpenAI-compatible server whose answers wait for the
// test to open the gate; it counts the calls it was sent.
type gatedModel struct {
	calls   atomic.Int32
	gate    chan struct{}
	answers []string
	mu      sync.Mutex
	once    sync.Once
}

// release lets the model answer, now and from then on.
func (g *gatedModel) release() { g.once.Do(func() { close(g.gate) }) }

func (g *gatedModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req map[string]any
	_ = json.NewDecoder(r.Body).Decode(&req)
	n := int(g.calls.Add(1))
	select {
	case <-g.gate:
	case <-r.Context().Done():
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if n > len(g.answers) {
		http.Error(w, "no more answers", http.StatusInternalServerError)
		return
	}
	_, _ = w.Write([]byte(g.answers[n-1]))
}

const (
	callGoTest = `{"model":"tiny","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x1","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"go test\"}"}}]}}],"usage":{"prompt_tokens":40,"completion_tokens":4}}`
	callRm     = `{"model":"tiny","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x2","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"rm -rf build\"}"}}]}}]}`
	sayFixed   = `{"model":"tiny","choices":[{"message":{"role":"assistant","content":"The tokenizer drops the last token."}}],"usage":{"prompt_tokens":60,"completion_tokens":12}}`
)

type fixture struct {
	st       *store.Store
	steward  int64
	conv     string
	ids      []int64
	model    *gatedModel
	svc      *replay.Service
	replayID string
}

// newFixture stores a recorded run (prompt, go test, its failing output,
// the answer), a model server and the service, and a replay forked at the
// prompt.
func newFixture(t *testing.T, url string, answers ...string) *fixture {
	t.Helper()
	st := storetest.Open(t, url)
	ctx := context.Background()
	steward := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	res, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "a", Session: baton.Session{Title: "parser", Source: "api", StartedAt: at},
		Conversations: []baton.ImportConversation{{Key: "main", Messages: []baton.Message{
			{SourceID: "0", Role: baton.RoleSystem, Content: "You fix Go code.", Timestamp: at},
			{SourceID: "1", Role: baton.RoleSteward, Content: "Fix the parser test", Timestamp: at},
			{SourceID: "2", Role: baton.RoleToolCall, Content: "Bash: go test", ToolCalls: []baton.ToolCall{{ID: "c1", Name: "Bash", Input: json.RawMessage(`{"command":"go test"}`)}}, Timestamp: at},
			{SourceID: "3", Role: baton.RoleToolResult, Content: "FAIL parser", ToolResult: &baton.ToolResult{ToolUseID: "c1", IsError: true}, Timestamp: at},
			{SourceID: "4", Role: baton.RoleAssistant, Content: "Fixed the tokenizer.", Timestamp: at},
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	convs, err := st.Conversations(ctx, steward.ID, res.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := st.ConversationMessages(ctx, steward.ID, convs[0].ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{st: st, steward: steward.ID, conv: convs[0].ID, model: &gatedModel{gate: make(chan struct{}), answers: answers}}
	for _, m := range msgs {
		f.ids = append(f.ids, m.ID)
	}
	srv := httptest.NewServer(f.model)
	t.Cleanup(srv.Close)
	client, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: srv.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = replay.NewService(st, &replay.Runner{Model: client})
	t.Cleanup(func() { f.model.release(); _ = f.svc.Close(context.Background()) })
	r, err := f.svc.Create(ctx, steward.ID, f.conv, replay.Request{AtMessageID: f.ids[1], Model: "tiny"})
	if err != nil {
		t.Fatal(err)
	}
	f.replayID = r.ID
	return f
}

// wait polls the replay until its run ends.
func (f *fixture) wait(t *testing.T) *baton.Replay {
	t.Helper()
	for i := 0; i < 1000; i++ {
		r, err := f.st.Replay(context.Background(), f.steward, f.replayID)
		if err != nil {
			t.Fatal(err)
		}
		if r.Finished() {
			return r
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the run did not end")
	return nil
}

func eachDatabase(t *testing.T, fn func(t *testing.T, url string)) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) { fn(t, url) })
	}
}

// Three Run requests at once start one run: one model call, one answer
// in the fork; the others are told the replay is running. The requests
// return before the model answers, and the run ends after its request's
// context is gone.
func TestOneRunWhateverTheClicks(t *testing.T) {
	eachDatabase(t, func(t *testing.T, url string) {
		f := newFixture(t, url, sayFixed)
		reqCtx, endRequests := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for i := range errs {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = f.svc.Start(reqCtx, f.steward, f.replayID) }()
		}
		wg.Wait() // every request answered while the model is still thinking
		endRequests()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case baton.ErrorCode(err) != baton.ECONFLICT:
				t.Errorf("a losing request: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d runs started: %v", won, errs)
		}
		f.model.release()
		r := f.wait(t)
		if r.Status != baton.ReplayCompleted || r.Runs != 1 || f.model.calls.Load() != 1 {
			t.Fatalf("status %s (%s), runs %d, model calls %d", r.Status, r.FailureReason, r.Runs, f.model.calls.Load())
		}
		msgs, _ := f.st.ConversationMessages(context.Background(), f.steward, r.ConversationID, 0)
		if len(msgs) != 3 || msgs[2].Content != "The tokenizer drops the last token." {
			t.Errorf("the fork holds %d messages: %+v", len(msgs), msgs)
		}
		if _, err := f.svc.Start(context.Background(), f.steward, f.replayID); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Errorf("a finished replay started again: %v", err)
		}
		if _, err := f.svc.Start(context.Background(), f.steward+1, f.replayID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("another steward starts it: %v", err)
		}
	})
}

// The model calls the tool the recorded run called at that point: it is
// answered from the recording, and the replay says so; a call the
// recording never made stops the run and is reported missing.
func TestRecordedToolAnswersUsedAndReported(t *testing.T) {
	eachDatabase(t, func(t *testing.T, url string) {
		f := newFixture(t, url, callGoTest, callRm)
		f.model.release()
		if _, err := f.svc.Start(context.Background(), f.steward, f.replayID); err != nil {
			t.Fatal(err)
		}
		r := f.wait(t)
		if r.Status != baton.ReplayFailed || !strings.Contains(r.FailureReason, "rm -rf build") || !strings.Contains(r.FailureReason, "never made") {
			t.Fatalf("status %s: %s", r.Status, r.FailureReason)
		}
		if len(r.ToolAnswers) != 2 {
			t.Fatalf("answers %+v", r.ToolAnswers)
		}
		rec, miss := r.ToolAnswers[0], r.ToolAnswers[1]
		if !rec.Recorded || !rec.AtForkPoint || rec.Tool != "Bash" || rec.RecordedSeq != 4 || miss.Recorded || !strings.Contains(miss.Input, "rm -rf") {
			t.Errorf("answers: %+v / %+v", rec, miss)
		}
		msgs, _ := f.st.ConversationMessages(context.Background(), f.steward, r.ConversationID, 0)
		var result *baton.Message
		for _, m := range msgs {
			if m.Role == baton.RoleToolResult && m.Seq > 2 {
				result = m
			}
		}
		if result == nil || result.Content != "FAIL parser" || !result.ToolResult.IsError || result.Attributes["replay_answer"] != "recorded" {
			t.Errorf("the recorded answer in the fork: %+v", result)
		}
	})
}

// A run the server stops during ends failed with that reason; a run left
// running by a server that went away is failed at the next start (SQLite,
// one process) or once its heartbeat is stale (PostgreSQL, many).
func TestRunsNeverStayRunning(t *testing.T) {
	eachDatabase(t, func(t *testing.T, url string) {
		f := newFixture(t, url, sayFixed)
		if _, err := f.svc.Start(context.Background(), f.steward, f.replayID); err != nil {
			t.Fatal(err)
		}
		for f.model.calls.Load() == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		if err := f.svc.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		r, _ := f.st.Replay(context.Background(), f.steward, f.replayID)
		if r.Status != baton.ReplayFailed || r.FailureReason != replay.ErrServerStopping.Error() {
			t.Fatalf("after the server stopped: %s %q", r.Status, r.FailureReason)
		}

		// A crash: claimed, never finished.
		ctx := context.Background()
		clock := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
		f.st.SetClock(func() time.Time { return clock })
		crashed, _ := f.svc.Create(ctx, f.steward, f.conv, replay.Request{AtMessageID: f.ids[1]})
		if _, err := f.st.ClaimReplayRun(ctx, f.steward, crashed.ID, baton.ReplayPrepared); err != nil {
			t.Fatal(err)
		}
		next := replay.NewService(f.st, nil)
		next.SetClock(func() time.Time { return clock.Add(30 * time.Second) })
		if n, err := next.Recover(ctx, false); err != nil || n != 0 {
			t.Fatalf("a fresh heartbeat is another instance's live run: %d %v", n, err)
		}
		next.SetClock(func() time.Time { return clock.Add(5 * time.Minute) })
		if n, err := next.Recover(ctx, false); err != nil || n != 1 {
			t.Fatalf("stale run: %d %v", n, err)
		}
		got, _ := f.st.Replay(ctx, f.steward, crashed.ID)
		if got.Status != baton.ReplayFailed || !strings.Contains(got.FailureReason, "stopped before the run ended") {
			t.Errorf("recovered: %s %q", got.Status, got.FailureReason)
		}
		again, _ := f.svc.Create(ctx, f.steward, f.conv, replay.Request{AtMessageID: f.ids[1]})
		_, _ = f.st.ClaimReplayRun(ctx, f.steward, again.ID, baton.ReplayPrepared)
		next.SetClock(func() time.Time { return clock })
		if n, _ := next.Recover(ctx, true); n != 1 {
			t.Errorf("a single-process start fails every running replay: %d", n)
		}
	})
}

// A replay is continued with the steward's next message: sent twice (the
// same key) it is added once and the model runs once more.
func TestContinueAReplay(t *testing.T) {
	eachDatabase(t, func(t *testing.T, url string) {
		f := newFixture(t, url, sayFixed, sayFixed)
		f.model.release()
		ctx := context.Background()
		if _, err := f.svc.Start(ctx, f.steward, f.replayID); err != nil {
			t.Fatal(err)
		}
		r := f.wait(t)
		if _, err := f.svc.Continue(ctx, f.steward, r.ConversationID, "  ", "k1", true); baton.ErrorField(err) != "content" {
			t.Errorf("empty message: %v", err)
		}
		if _, err := f.svc.Continue(ctx, f.steward, f.conv, "go on", "k1", false); baton.ErrorField(err) != "conversation" {
			t.Errorf("the recorded conversation continued: %v", err)
		}
		if _, err := f.svc.Continue(ctx, f.steward, r.ConversationID, "Now add a test", "k1", true); err != nil {
			t.Fatal(err)
		}
		r = f.wait(t)
		if _, err := f.svc.Continue(ctx, f.steward, r.ConversationID, "Now add a test", "k1", true); err != nil {
			t.Fatal(err)
		}
		r = f.wait(t)
		msgs, _ := f.st.ConversationMessages(ctx, f.steward, r.ConversationID, 0)
		if r.Status != baton.ReplayCompleted || r.Runs != 2 || len(msgs) != 5 || msgs[3].Content != "Now add a test" || msgs[3].Role != baton.RoleSteward {
			t.Fatalf("status %s runs %d, %d messages", r.Status, r.Runs, len(msgs))
		}
		if f.model.calls.Load() != 2 {
			t.Errorf("model calls %d", f.model.calls.Load())
		}
		// The second run's context holds the first answer and the new message.
	})
}

func TestReplayRequestChecked(t *testing.T) {
	hot, none := 2.5, 0
	for _, c := range []struct {
		req   replay.Request
		field string
	}{
		{replay.Request{Temperature: &hot}, "temperature"},
		{replay.Request{MaxTokens: &none}, "max_tokens"},
		{replay.Request{Model: strings.Repeat("m", 201)}, "model"},
		{replay.Request{ToolDeny: []string{"Bash", " "}}, "tool_deny[1]"},
	} {
		if err := c.req.Check(""); baton.ErrorField(err) != c.field {
			t.Errorf("%+v: %v, want the field %s", c.req, err, c.field)
		}
	}
}

// A matrix and a replay find their fork point in the source's transcript
// when the handler read it, and in the store otherwise; a message not in
// the conversation is refused naming at_message_id, nothing written, and
// another steward's replay is not found when asked to start.
func TestForkPointFromSource(t *testing.T) {
	eachDatabase(t, func(t *testing.T, url string) {
		f := newFixture(t, url, sayFixed, sayFixed)
		ctx := context.Background()
		conv, err := f.svc.Conversation(ctx, f.steward, f.conv)
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := f.svc.Messages(ctx, f.steward, conv, 0)
		if err != nil {
			t.Fatal(err)
		}
		read := replay.Source{Conversation: conv, Transcript: msgs}
		for name, src := range map[string]replay.Source{"transcript": read, "store": {Conversation: conv}} {
			if _, _, err := f.svc.CreateMatrix(ctx, f.steward, src, 999999, "", "", []replay.Request{{}}); baton.ErrorField(err) != "at_message_id" {
				t.Errorf("%s: a matrix at a message not in the conversation: %v", name, err)
			}
			if _, err := f.svc.CreateIn(ctx, f.steward, src, replay.Request{AtMessageID: 999999}); baton.ErrorField(err) != "at_message_id" {
				t.Errorf("%s: a replay at a message not in the conversation: %v", name, err)
			}
		}
		m, runs, err := f.svc.CreateMatrix(ctx, f.steward, read, f.ids[1], "", "k", []replay.Request{{Model: "tiny"}, {Model: "tiny"}})
		if err != nil {
			t.Fatal(err)
		}
		if m.AtMessageID != f.ids[1] || len(runs) != 2 || m.Title != "2 parameter sets" {
			t.Fatalf("matrix %+v with %d runs", m, len(runs))
		}
		again, _, err := f.svc.CreateMatrix(ctx, f.steward, replay.Source{Conversation: conv}, f.ids[1], "", "k", []replay.Request{{Model: "tiny"}, {Model: "tiny"}})
		if err != nil || again.ID != m.ID {
			t.Fatalf("the same key made %v (%v), want %s", again, err, m.ID)
		}
		if _, err := f.svc.Start(ctx, f.steward+1, runs[0].ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("another steward starts a run: %v", err)
		}
	})
}
