package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// The session of the fixtures below (ccLine's session id).
const eventsSession = "5d0c1f2e-0000-4000-8000-00000000aaaa"

const (
	eventsPrompt   = "Why does the nightly export stop at 2 GB?"
	eventsHookOnly = "Also keep yesterday's export until this one is checked."
	eventsDenied   = "open /home/dev/.claude/projects/shop/" + eventsSession + ".jsonl: permission denied"
)

var eventsT0 = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// hookEvents sends hook requests for the fixture session as `baton hook`
// would when it cannot read the transcript, and waits for their builds.
type hookEvents struct {
	t       *testing.T
	im      *ingest.Importer
	steward int64
}

func (h hookEvents) send(id string, at time.Duration, event obj, lines []byte) *baton.HookResult {
	h.t.Helper()
	event["session_id"] = eventsSession
	event["transcript_path"] = "/home/dev/.claude/projects/shop/" + eventsSession + ".jsonl"
	raw, err := json.Marshal(event)
	if err != nil {
		h.t.Fatal(err)
	}
	req := &baton.HookRequest{RequestID: id, OccurredAt: eventsT0.Add(at), Event: raw}
	if lines == nil {
		req.TranscriptError = eventsDenied
	} else {
		req.Transcripts = []baton.TranscriptChunk{{Lines: string(lines)}}
	}
	res, err := h.im.Hooks().Receive(context.Background(), h.steward, req, ingest.HookOptions{LogError: func(err error) { h.t.Error(err) }})
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.im.Hooks().Wait(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	return res
}

// sendEventsWithoutTranscript delivers a prompt, two tool calls (Bash
// succeeds, Read fails), a tool result whose PreToolUse was lost, a
// resent request, and a prompt the transcript will not have; it returns
// the session built from them.
func sendEventsWithoutTranscript(t *testing.T, h hookEvents) string {
	t.Helper()
	h.send("r0", 0, obj{"hook_event_name": "SessionStart", "source": "startup"}, nil)
	res := h.send("r1", time.Second, obj{"hook_event_name": "UserPromptSubmit", "prompt": eventsPrompt}, nil)
	if res.SessionID == "" {
		t.Fatal("no session from the events")
	}
	h.send("r2", 3*time.Second, obj{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "toolu_1",
		"tool_input": obj{"command": "ls -l exports/"}}, nil)
	h.send("r3", 4*time.Second, obj{"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": "toolu_1",
		"tool_input": obj{"command": "ls -l exports/"}, "tool_response": obj{"stdout": "part-0001.csv 2147483648", "stderr": "", "interrupted": false}}, nil)
	h.send("r4", 5*time.Second, obj{"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_use_id": "toolu_2",
		"tool_input": obj{"file_path": "/home/dev/shop/export/writer.go"}}, nil)
	h.send("r5", 6*time.Second, obj{"hook_event_name": "PostToolUseFailure", "tool_name": "Read", "tool_use_id": "toolu_2",
		"tool_input": obj{"file_path": "/home/dev/shop/export/writer.go"}, "error": "File does not exist."}, nil)
	// A result whose PreToolUse never arrived brings its call.
	h.send("r6", 8*time.Second, obj{"hook_event_name": "PostToolUse", "tool_name": "Grep", "tool_use_id": "toolu_3",
		"tool_input": obj{"pattern": "MaxPartSize"}, "tool_response": obj{"content": "export/limits.go:12: MaxPartSize = 2 << 30"}}, nil)
	h.send("r6", 8*time.Second, obj{"hook_event_name": "PostToolUse", "tool_name": "Grep", "tool_use_id": "toolu_3",
		"tool_input": obj{"pattern": "MaxPartSize"}, "tool_response": obj{"content": "export/limits.go:12: MaxPartSize = 2 << 30"}}, nil)
	h.send("r6b", 9*time.Second, obj{"hook_event_name": "Stop"}, nil) // the turn ends: analysed
	h.send("r7", time.Minute, obj{"hook_event_name": "UserPromptSubmit", "prompt": eventsHookOnly}, nil)
	return res.SessionID
}

// eventsTranscript is the session's transcript as Claude Code wrote it: a
// summary, the first prompt, one response calling Bash and Read in
// parallel, their results, a Grep the hooks also saw, an Edit they did
// not, and the answer. It does not have the later prompt.
func eventsTranscript(t *testing.T) []byte {
	at := func(d time.Duration) string { return eventsT0.Add(d).Format(time.RFC3339Nano) }
	usage := obj{"input_tokens": 1200, "output_tokens": 300, "cache_read_input_tokens": 5000, "cache_creation_input_tokens": 700}
	return transcript(t,
		obj{"type": "summary", "summary": "Nightly export capped at 2 GB", "leafUuid": "a-4"},
		ccLine("user", "u-1", "", at(1500*time.Millisecond), obj{"role": "user", "content": eventsPrompt}),
		ccLine("assistant", "a-1", "u-1", at(2*time.Second), obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5", "usage": usage,
			"content": []obj{{"type": "text", "text": "Let me look at the parts and the writer."},
				{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": obj{"command": "ls -l exports/"}},
				{"type": "tool_use", "id": "toolu_2", "name": "Read", "input": obj{"file_path": "/home/dev/shop/export/writer.go"}}}}),
		ccLine("user", "u-2", "a-1", at(4500*time.Millisecond), obj{"role": "user", "content": []obj{
			{"type": "tool_result", "tool_use_id": "toolu_1", "content": "part-0001.csv 2147483648"}}}),
		ccLine("user", "u-3", "u-2", at(6500*time.Millisecond), obj{"role": "user", "content": []obj{
			{"type": "tool_result", "tool_use_id": "toolu_2", "is_error": true, "content": "<tool_use_error>File does not exist.</tool_use_error>"}}}),
		ccLine("assistant", "a-2", "u-3", at(7*time.Second), obj{"id": "msg_2", "role": "assistant", "model": "claude-sonnet-4-5", "usage": usage,
			"content": []obj{{"type": "tool_use", "id": "toolu_3", "name": "Grep", "input": obj{"pattern": "MaxPartSize"}}}}),
		ccLine("user", "u-4", "a-2", at(8500*time.Millisecond), obj{"role": "user", "content": []obj{
			{"type": "tool_result", "tool_use_id": "toolu_3", "content": "export/limits.go:12: MaxPartSize = 2 << 30"}}}),
		ccLine("assistant", "a-3", "u-4", at(9*time.Second), obj{"id": "msg_3", "role": "assistant", "model": "claude-sonnet-4-5", "usage": usage,
			"content": []obj{{"type": "tool_use", "id": "toolu_4", "name": "Edit", "input": obj{"file_path": "/home/dev/shop/export/limits.go", "old_string": "2 << 30", "new_string": "8 << 30"}}}}),
		ccLine("user", "u-5", "a-3", at(10*time.Second), obj{"role": "user", "content": []obj{
			{"type": "tool_result", "tool_use_id": "toolu_4", "content": "The file has been updated."}}}),
		ccLine("assistant", "a-4", "u-5", at(11*time.Second), obj{"id": "msg_4", "role": "assistant", "model": "claude-sonnet-4-5", "usage": usage,
			"content": []obj{{"type": "text", "text": "MaxPartSize capped each part at 2 GB; it is 8 GB now."}}, "stop_reason": "end_turn"}),
	)
}

// toolFacts counts a session's tool calls and results by tool_use id.
func toolFacts(msgs []*baton.Message) (calls, results map[string]int, failed int) {
	calls, results = map[string]int{}, map[string]int{}
	for _, m := range msgs {
		for _, tc := range m.ToolCalls {
			calls[tc.ID]++
		}
		if m.ToolResult != nil {
			results[m.ToolResult.ToolUseID]++
			if m.ToolResult.IsError {
				failed++
			}
		}
	}
	return calls, results, failed
}

func qualityDetail(t *testing.T, svc *analysis.Service, steward int64, sessionID, part string) string {
	t.Helper()
	a, ok, err := svc.ForSession(context.Background(), steward, sessionID)
	if err != nil || !ok {
		t.Fatalf("analysis of %s: ok=%v %v", sessionID, ok, err)
	}
	for _, p := range a.Quality.Parts {
		if p.Name == part {
			return p.Detail
		}
	}
	return ""
}

// TestHookToolEventsBecomeToolCallsWithoutTranscript: with the transcript
// unreadable, PreToolUse/PostToolUse events become tool calls paired with
// their results by tool_use_id, a failure is an error result, a result
// whose PreToolUse was lost brings its call, and a resent request adds
// nothing; the counts and the analysis see them.
func TestHookToolEventsBecomeToolCallsWithoutTranscript(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			ada := newSteward(t, st)
			id := sendEventsWithoutTranscript(t, hookEvents{t: t, im: im, steward: ada.ID})
			msgs, err := st.SessionMessages(ctx, ada.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			var roles []string
			for _, m := range msgs {
				roles = append(roles, string(m.Role))
			}
			want := "steward tool_call tool_result tool_call tool_result tool_call tool_result steward"
			if got := strings.Join(roles, " "); got != want {
				t.Fatalf("messages from the events:\n got %s\nwant %s", got, want)
			}
			calls, results, failed := toolFacts(msgs)
			for _, use := range []string{"toolu_1", "toolu_2", "toolu_3"} {
				if calls[use] != 1 || results[use] != 1 {
					t.Errorf("%s: %d calls, %d results; want one each", use, calls[use], results[use])
				}
			}
			if failed != 1 {
				t.Errorf("%d failed results, want the Read's", failed)
			}
			for _, m := range msgs {
				if m.ToolResult == nil {
					continue
				}
				if m.ToolResult.ToolUseID == "toolu_2" && (!m.ToolResult.IsError || m.Content != "File does not exist.") {
					t.Errorf("the failed Read's result: %+v %q", m.ToolResult, m.Content)
				}
				if m.ToolResult.ToolUseID == "toolu_1" && (m.ToolResult.IsError || !strings.Contains(m.Content, "part-0001.csv")) {
					t.Errorf("the Bash result: %+v %q", m.ToolResult, m.Content)
				}
			}
			var input map[string]string
			_ = json.Unmarshal(msgs[1].ToolCalls[0].Input, &input)
			if msgs[1].Content != "Bash: ls -l exports/" || input["command"] != "ls -l exports/" || msgs[1].ToolCalls[0].Name != "Bash" {
				t.Errorf("the Bash call: %q %s", msgs[1].Content, msgs[1].ToolCalls[0].Input)
			}
			sess, err := st.Session(ctx, ada.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if sess.MessageCount != len(msgs) {
				t.Errorf("message count %d, want %d", sess.MessageCount, len(msgs))
			}
			if got := qualityDetail(t, im.Analysis(), ada.ID, id, analysis.QualityToolSuccess); got != "2 of 3 tool results succeeded" {
				t.Errorf("tool success = %q", got)
			}
		})
	}
}

// checkTranscriptReplacedEvents checks a session built from events after
// its transcript arrived: one copy of each prompt and tool call, the
// transcript's versions, the hook-only prompt kept after them, and every
// derived figure following the transcript.
func checkTranscriptReplacedEvents(t *testing.T, st *store.Store, svc *analysis.Service, steward int64, id string) {
	t.Helper()
	ctx := context.Background()
	msgs, err := st.SessionMessages(ctx, steward, id)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, m := range msgs {
		order = append(order, m.SourceID)
	}
	if got, want := strings.Join(order, " "), "u-1 a-1 u-2:toolu_1 u-3:toolu_2 a-2 u-4:toolu_3 a-3 u-5:toolu_4 a-4 hook:r7"; got != want {
		t.Errorf("messages by source id:\n got %s\nwant %s", got, want)
	}
	prompts := map[string]int{}
	for _, m := range msgs {
		if m.Role == baton.RoleSteward {
			prompts[m.Content]++
		}
	}
	if prompts[eventsPrompt] != 1 || prompts[eventsHookOnly] != 1 {
		t.Errorf("prompts: %v", prompts)
	}
	calls, results, failed := toolFacts(msgs)
	for _, use := range []string{"toolu_1", "toolu_2", "toolu_3", "toolu_4"} {
		if calls[use] != 1 || results[use] != 1 {
			t.Errorf("%s: %d calls, %d results; want one each", use, calls[use], results[use])
		}
	}
	if len(calls) != 4 || len(results) != 4 || failed != 1 {
		t.Errorf("calls %v, results %v, %d failed", calls, results, failed)
	}
	sess, err := st.Session(ctx, steward, id)
	if err != nil {
		t.Fatal(err)
	}
	if sess.MessageCount != len(msgs) {
		t.Errorf("message count %d, want %d", sess.MessageCount, len(msgs))
	}
	if sess.Title != "Nightly export capped at 2 GB" {
		t.Errorf("title %q, want the transcript's summary", sess.Title)
	}
	if tk := sess.Tokens; tk.Input != 4*1200 || tk.Output != 4*300 || tk.CacheRead != 4*5000 || tk.CacheWrite != 4*700 {
		t.Errorf("token totals %+v", tk)
	}
	if got := qualityDetail(t, svc, steward, id, analysis.QualityToolSuccess); got != "3 of 4 tool results succeeded" {
		t.Errorf("tool success = %q (analysis not redone?)", got)
	}
	hook, _ := sess.Attributes["hook"].(map[string]any)
	if events, _ := hook["events"].(map[string]any); fmt.Sprint(events["UserPromptSubmit"]) != "2" {
		t.Errorf("the hook facts are gone: %v", sess.Attributes["hook"])
	}
}

// TestImportOfTranscriptAdoptsHookBuiltSession: `baton import` (and the
// upload page, which share Importer) of the transcript of a session the
// hooks built from events replaces the prompts and tool calls built from
// the events instead of adding them twice, keeps what only the hooks saw,
// and recomputes totals, title and analysis. Importing it again changes
// nothing.
func TestImportOfTranscriptAdoptsHookBuiltSession(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			ada := newSteward(t, st)
			id := sendEventsWithoutTranscript(t, hookEvents{t: t, im: im, steward: ada.ID})

			res, err := im.Import(ctx, ada.ID, eventsSession+".jsonl", eventsTranscript(t), nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportUpdated || res[0].SessionID != id {
				t.Fatalf("import onto the hooked session: %+v %v", res, err)
			}
			checkTranscriptReplacedEvents(t, st, im.Analysis(), ada.ID, id)
			if sess, _ := st.Session(ctx, ada.ID, id); sess.Attributes["transcript_imported"] != true {
				t.Errorf("the session does not say its transcript was imported: %v", sess.Attributes)
			}

			again, err := im.Import(ctx, ada.ID, eventsSession+".jsonl", eventsTranscript(t), nil)
			if err != nil || len(again) != 1 || again[0].Status != baton.ImportDuplicate {
				t.Fatalf("import again: %+v %v", again, err)
			}
			checkTranscriptReplacedEvents(t, st, im.Analysis(), ada.ID, id)
		})
	}
}

// TestHookTranscriptReplacesEventToolCalls: when the hooks can read the
// transcript later, it replaces the tool calls and prompts built from the
// events on the hook path too.
func TestHookTranscriptReplacesEventToolCalls(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			st := storetest.Open(t, url)
			im := ingest.New(st)
			ada := newSteward(t, st)
			h := hookEvents{t: t, im: im, steward: ada.ID}
			id := sendEventsWithoutTranscript(t, h)
			h.send("r8", 2*time.Minute, obj{"hook_event_name": "Stop"}, eventsTranscript(t))
			checkTranscriptReplacedEvents(t, st, im.Analysis(), ada.ID, id)
		})
	}
}
