package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// hookSender plays `baton hook` by hand: it sends events with the lines of
// the transcript files it has not sent yet.
type hookSender struct {
	t       testing.TB
	a       *webtest.App
	token   string
	session string
	sent    map[string]int64
	n       int
}

func newHookSender(a *webtest.App, token, session string) *hookSender {
	return &hookSender{t: a.T, a: a, token: token, session: session, sent: map[string]int64{}}
}

// send posts one event with lines (file → the lines to add) and returns
// the answer. The request's id is its number, so a repeat is recognised.
func (h *hookSender) send(event string, fields map[string]any, lines map[string]string) baton.HookResult {
	h.t.Helper()
	h.n++
	return h.sendAs(fmt.Sprintf("req-%d", h.n), event, fields, lines)
}

func (h *hookSender) sendAs(requestID, event string, fields map[string]any, lines map[string]string) baton.HookResult {
	h.t.Helper()
	ev := map[string]any{"session_id": h.session, "hook_event_name": event, "cwd": "/home/dev/shop",
		"transcript_path": "/home/dev/.claude/projects/-home-dev-shop/" + h.session + ".jsonl", "permission_mode": "default"}
	for k, v := range fields {
		ev[k] = v
	}
	raw, _ := json.Marshal(ev)
	req := baton.HookRequest{RequestID: requestID, OccurredAt: time.Now().UTC(), Event: raw}
	for file, l := range lines {
		req.Transcripts = append(req.Transcripts, baton.TranscriptChunk{File: file, Offset: h.sent[file], Lines: l})
		h.sent[file] += int64(len(l))
	}
	var res baton.HookResult
	if code := h.a.API(h.token, "POST", "/api/v1/hooks/claude-code", req, &res); code != http.StatusOK {
		h.t.Fatalf("%s: status %d", event, code)
	}
	for file, off := range h.sent {
		if res.Offsets[file] != off {
			h.t.Fatalf("%s: the server has %d bytes of %q, the client sent %d", event, res.Offsets[file], file, off)
		}
	}
	return res
}

func splitLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
}

func withNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// TestHookedSessionEqualsImport sends the fixture session line by line, as
// Claude Code writes it — the subagent's transcript while its Task runs,
// every request of five sent twice — and checks that the session it builds
// is the session an import of the finished transcript builds: same
// messages, same order, same contents, same conversations.
func TestHookedSessionEqualsImport(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		main := splitLines(t, filepath.Join(webtest.HookFixtureDir, webtest.HookFixtureSession+".jsonl"))
		agent := splitLines(t, filepath.Join(webtest.HookFixtureDir, webtest.HookFixtureSession, "subagents", "agent-a1b2c3d.jsonl"))
		compact := splitLines(t, filepath.Join(webtest.HookFixtureDir, webtest.HookFixtureSession, "subagents", "agent-acompact-9f8e7d.jsonl"))
		h := newHookSender(a, a.AdaToken, webtest.HookFixtureSession)

		h.send("SessionStart", map[string]any{"source": "startup"}, nil)
		var last baton.HookResult
		for i, l := range main {
			lines := map[string]string{"": withNewline(l)}
			if strings.Contains(l, `"name":"Task"`) {
				// The subagent runs while its Task call waits: its lines
				// arrive with the tool events it fires.
				h.send("PreToolUse", map[string]any{"tool_name": "Task"}, lines)
				for j, al := range agent {
					ev := "PostToolUse"
					if j == len(agent)-1 {
						ev = "SubagentStop"
					}
					lines := map[string]string{"agent-a1b2c3d.jsonl": withNewline(al)}
					if j == 0 {
						// A compaction agent repeats the conversation: left out.
						lines["agent-acompact-9f8e7d.jsonl"] = withNewline(compact[0])
					}
					h.send(ev, map[string]any{"agent_id": "a1b2c3d"}, lines)
				}
				continue
			}
			last = h.send("PostToolUse", map[string]any{"tool_name": "Bash"}, lines)
			if i%5 == 4 {
				// A retry of the same request counts once.
				again := h.sendAs(fmt.Sprintf("req-%d", h.n), "PostToolUse", nil, nil)
				if again.Stored != 0 {
					t.Fatalf("a repeated request stored %d messages", again.Stored)
				}
			}
		}
		if last.SessionID == "" {
			t.Fatal("no session after the whole transcript")
		}
		live, err := a.St.Session(context.Background(), a.Ada.ID, last.SessionID)
		if err != nil {
			t.Fatal(err)
		}
		if live.EndedAt != nil {
			t.Fatal("a live session is closed before SessionEnd")
		}
		end := h.send("SessionEnd", map[string]any{"reason": "prompt_input_exit"}, nil)

		results, err := ingest.New(a.St).ImportPath(context.Background(), a.Bob.ID, webtest.HookFixtureDir, nil)
		if err != nil {
			t.Fatal(err)
		}
		var imported string
		for _, r := range results {
			if strings.Contains(r.Key, webtest.HookFixtureSession) {
				imported = r.SessionID
			}
		}
		hooked := sessionSnapshot(t, a.St, a.Ada.ID, end.SessionID)
		plain := sessionSnapshot(t, a.St, a.Bob.ID, imported)
		if hooked.Session.EndedAt == nil {
			t.Fatal("SessionEnd did not close the session")
		}
		hookAttrs, _ := hooked.Session.Attributes["hook"].(map[string]any)
		if events, _ := hookAttrs["events"].(map[string]any); events["SessionEnd"] != 1.0 || events["PostToolUse"] == nil {
			t.Fatalf("hook events = %v", hookAttrs["events"])
		}
		delete(hooked.Session.Attributes, "hook")
		compareSnapshots(t, hooked, plain)

		// The merged first response kept every block sent line by line.
		var first baton.Message
		for _, m := range hooked.Messages[0] {
			if m.Role == baton.RoleAssistant || m.Role == baton.RoleToolCall {
				first = m
				break
			}
		}
		if len(first.ToolCalls) != 2 || first.Thinking == "" || !strings.Contains(first.Content, "start by reading") {
			t.Fatalf("first response = %+v; want thinking, text and the Read and Grep calls", first)
		}
	})
}

// snapshot is a session with its conversations and messages, without what
// differs between two copies of the same session (ids, owner, times of the
// rows themselves).
type snapshot struct {
	Session       baton.Session
	Analysis      *baton.StoredAnalysis
	Conversations []baton.Conversation
	Messages      [][]baton.Message
}

func sessionSnapshot(t *testing.T, st *store.Store, stewardID int64, id string) snapshot {
	t.Helper()
	ctx := context.Background()
	sess, err := st.Session(ctx, stewardID, id)
	if err != nil {
		t.Fatal(err)
	}
	convs, err := st.Conversations(ctx, stewardID, id)
	if err != nil {
		t.Fatal(err)
	}
	snap := snapshot{Session: *sess}
	ids := map[string]string{}
	for i, c := range convs {
		ids[c.ID] = fmt.Sprint(i)
	}
	for _, c := range convs {
		msgs, err := st.Transcript(ctx, stewardID, id, c.ID, 0, store.MaxBatch)
		if err != nil {
			t.Fatal(err)
		}
		var own []baton.Message
		for _, m := range msgs {
			m.ID, m.StewardID, m.SessionID, m.ConversationID = 0, 0, "", ids[m.ConversationID]
			own = append(own, *m)
		}
		cc := *c
		cc.ID, cc.StewardID, cc.SessionID, cc.CreatedAt = ids[c.ID], 0, "", time.Time{}
		if cc.ParentConversationID != nil {
			p := ids[*cc.ParentConversationID]
			cc.ParentConversationID = &p
		}
		cc.ForkPointMessageID = nil
		snap.Conversations = append(snap.Conversations, cc)
		snap.Messages = append(snap.Messages, own)
	}
	s := &snap.Session
	s.ID, s.StewardID, s.Steward.ID, s.CreatedAt, s.UpdatedAt = "", 0, "", time.Time{}, time.Time{}
	if sa, err := st.SessionAnalysis(ctx, stewardID, id); err == nil {
		// When the analysis ran, and of which session, differ between copies.
		sa.AnalysedAt, sa.SessionID, sa.Relationship.SessionID = time.Time{}, "", ""
		snap.Analysis = sa
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Fatal(err)
	}
	return snap
}

func compareSnapshots(t *testing.T, got, want snapshot) {
	t.Helper()
	js := func(v any) string {
		b, _ := json.MarshalIndent(v, "", " ")
		return string(b)
	}
	if g, w := js(got.Session), js(want.Session); g != w {
		t.Errorf("sessions differ:\nhooked:   %s\nimported: %s", g, w)
	}
	if !reflect.DeepEqual(got.Conversations, want.Conversations) {
		t.Errorf("conversations differ:\nhooked:   %s\nimported: %s", js(got.Conversations), js(want.Conversations))
	}
	if len(got.Messages) != len(want.Messages) {
		t.Fatalf("%d conversations hooked, %d imported", len(got.Messages), len(want.Messages))
	}
	total := 0
	for i := range want.Messages {
		if len(got.Messages[i]) != len(want.Messages[i]) {
			t.Errorf("conversation %d: %d messages hooked, %d imported", i, len(got.Messages[i]), len(want.Messages[i]))
			continue
		}
		for j := range want.Messages[i] {
			if g, w := js(got.Messages[i][j]), js(want.Messages[i][j]); g != w {
				t.Errorf("conversation %d message %d differs:\nhooked:   %s\nimported: %s", i, j, g, w)
			}
			total++
		}
	}
	if total < 20 {
		t.Fatalf("compared only %d messages", total)
	}
}

// TestHookEventsAreKept checks what events say that the transcript does
// not: kept as the session's hook attributes, counted once per request,
// the pending prompt shown until the transcript has it.
func TestHookEventsAreKept(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		const sid = "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d"
		lines := splitLines(t, filepath.Join(webtest.HookFixtureDir, sid+".jsonl"))
		h := newHookSender(a, a.AdaToken, sid)
		start := h.send("SessionStart", map[string]any{"source": "startup", "model": "claude-sonnet-4-5"}, nil)
		if start.SessionID != "" || !strings.Contains(start.Context, "No earlier sessions") {
			t.Fatalf("SessionStart before any message = %+v", start)
		}
		h.send("UserPromptSubmit", map[string]any{"prompt": "What does the data-ready attribute do?"}, nil)
		res := h.send("Notification", map[string]any{"message": "Claude is waiting for your input", "notification_type": "idle_prompt"},
			map[string]string{"": withNewline(lines[0])})
		if res.SessionID == "" {
			t.Fatal("the first message did not start the session")
		}
		hook := func() map[string]any {
			s, err := a.St.Session(context.Background(), a.Ada.ID, res.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := s.Attributes["hook"].(map[string]any)
			return m
		}
		got := hook()
		if got["pending_prompt"] != nil {
			t.Errorf("the transcript has the prompt, yet it is pending: %v", got["pending_prompt"])
		}
		notes, _ := got["notifications"].([]any)
		if len(notes) != 1 || !strings.Contains(fmt.Sprint(notes[0]), "waiting for your input") || got["model"] != "claude-sonnet-4-5" {
			t.Errorf("hook attributes = %v", got)
		}

		h.send("UserPromptSubmit", map[string]any{"prompt": "And where is it set?"}, nil)
		if p, _ := hook()["pending_prompt"].(map[string]any); p == nil || p["text"] != "And where is it set?" {
			t.Fatalf("a prompt the transcript does not have yet is not pending: %v", hook())
		}
		h.send("PreCompact", map[string]any{"trigger": "manual", "custom_instructions": "keep the selectors"}, nil)
		h.send("TeammateIdle", map[string]any{"anything": []int{1, 2}}, nil)        // an event Baton does not know
		h.sendAs("req-1", "SessionStart", map[string]any{"source": "startup"}, nil) // a repeat
		got = hook()
		if got["pending_prompt"] == nil {
			t.Error("the prompt stopped being pending without a transcript line")
		}
		events, _ := got["events"].(map[string]any)
		want := map[string]any{"SessionStart": 1.0, "UserPromptSubmit": 2.0, "Notification": 1.0, "PreCompact": 1.0, "TeammateIdle": 1.0}
		if !reflect.DeepEqual(events, want) {
			t.Errorf("events = %v, want %v", events, want)
		}
		if c, _ := got["compactions"].([]any); len(c) != 1 || !strings.Contains(fmt.Sprint(c[0]), "keep the selectors") {
			t.Errorf("compactions = %v", got["compactions"])
		}

		// The transcript catches up: a new prompt line clears it.
		prompt := `{"type":"user","uuid":"z1","sessionId":"` + sid + `","timestamp":"2025-11-04T10:00:00Z","message":{"role":"user","content":"And where is it set?"}}` + "\n"
		h.send("PreToolUse", nil, map[string]string{"": withNewline(lines[1]) + withNewline(lines[2]) + prompt})
		if hook()["pending_prompt"] != nil {
			t.Errorf("pending after the transcript got the prompt: %v", hook()["pending_prompt"])
		}
		var n int
		if err := a.St.DB().NewRaw("SELECT count(*) FROM hook_events WHERE steward_id = ?", a.Ada.ID).Scan(context.Background(), &n); err != nil || n != 7 {
			t.Errorf("%d events kept (%v), want 7", n, err)
		}

		// SessionEnd closes and analyses; a SessionStart (resume) opens it again.
		end := h.send("SessionEnd", map[string]any{"reason": "clear"}, nil)
		s, _ := a.St.Session(context.Background(), a.Ada.ID, end.SessionID)
		if s.EndedAt == nil || !s.Indexed || s.Summary.AutoGenerated == "" {
			t.Fatalf("after SessionEnd: ended %v, indexed %v, summary %q", s.EndedAt, s.Indexed, s.Summary.AutoGenerated)
		}
		if e, _ := hook()["end"].(map[string]any); e["kind"] != "clear" {
			t.Errorf("end = %v", hook()["end"])
		}
		h.send("SessionStart", map[string]any{"source": "resume"}, nil)
		if s, _ := a.St.Session(context.Background(), a.Ada.ID, end.SessionID); s.EndedAt != nil {
			t.Error("a resumed session stays closed")
		}
		// Bob sees none of it.
		var page baton.SessionPage
		a.API(a.BobToken, "GET", "/api/v1/sessions", nil, &page)
		if page.Total != 0 {
			t.Errorf("bob sees %d sessions", page.Total)
		}
	})
}

// TestHookTranscriptOffsets checks that lines sent twice count once and
// that lines after a gap are refused, with the offset to resume from.
func TestHookTranscriptOffsets(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		const sid = "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d"
		lines := splitLines(t, filepath.Join(webtest.HookFixtureDir, sid+".jsonl"))
		l0, l1, l2 := withNewline(lines[0]), withNewline(lines[1]), withNewline(lines[2])
		post := func(id string, chunks ...baton.TranscriptChunk) baton.HookResult {
			ev, _ := json.Marshal(map[string]any{"session_id": sid, "hook_event_name": "PostToolUse"})
			var res baton.HookResult
			if code := a.API(a.AdaToken, "POST", "/api/v1/hooks/claude-code", baton.HookRequest{RequestID: id, Event: ev, Transcripts: chunks}, &res); code != 200 {
				t.Fatalf("status %d", code)
			}
			return res
		}
		if res := post("a", baton.TranscriptChunk{Offset: 0, Lines: l0}); res.Offsets[""] != int64(len(l0)) {
			t.Fatalf("offsets %v", res.Offsets)
		}
		// A gap: refused, the server says where it stands.
		if res := post("b", baton.TranscriptChunk{Offset: int64(len(l0) + len(l1)), Lines: l2}); res.Offsets[""] != int64(len(l0)) {
			t.Fatalf("after a gap the server has %d bytes", res.Offsets[""])
		}
		// An overlap: only the new lines are kept.
		res := post("c", baton.TranscriptChunk{Offset: 0, Lines: l0 + l1 + l2})
		if res.Offsets[""] != int64(len(l0+l1+l2)) {
			t.Fatalf("after an overlap the server has %d bytes", res.Offsets[""])
		}
		// Not on a line boundary: refused.
		res = post("d", baton.TranscriptChunk{Offset: 3, Lines: "xx\n"})
		if res.Offsets[""] != int64(len(l0+l1+l2)) {
			t.Fatalf("a misaligned chunk moved the offset to %d", res.Offsets[""])
		}
		main, _, err := a.St.HookTranscripts(context.Background(), a.Ada.ID, sid)
		if err != nil || string(main) != l0+l1+l2 {
			t.Fatalf("stored transcript %q, %v", main, err)
		}
		// The answer is the last response: held back until the agent stops.
		var s baton.Session
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+res.SessionID, nil, &s)
		if s.MessageCount != 1 || s.Title != "What does the data-ready attribute do?" {
			t.Fatalf("before Stop: session %q with %d messages", s.Title, s.MessageCount)
		}
		ev, _ := json.Marshal(map[string]any{"session_id": sid, "hook_event_name": "Stop"})
		a.API(a.AdaToken, "POST", "/api/v1/hooks/claude-code", baton.HookRequest{RequestID: "e", Event: ev}, nil)
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+res.SessionID, nil, &s)
		if s.MessageCount != 2 || s.Title != "The data-ready attribute" {
			t.Fatalf("after Stop: session %q with %d messages", s.Title, s.MessageCount)
		}
	})
}

func TestHookRequestErrors(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		for _, tc := range []struct {
			body, field string
			status      int
			token       string
		}{
			{`{"event":{"hook_event_name":"Stop"}}`, "event.session_id", 400, a.AdaToken},
			{`{"event":{"session_id":"s1"}}`, "event.hook_event_name", 400, a.AdaToken},
			{`{"event":"Stop"}`, "event", 400, a.AdaToken},
			{`{"event":{"session_id":"../../etc","hook_event_name":"Stop"}}`, "event.session_id", 400, a.AdaToken},
			{`{"event":{"session_id":"s1","hook_event_name":"Stop"},"transcripts":[{"file":"../x.jsonl","lines":"{}\n"}]}`, "transcripts[0].file", 400, a.AdaToken},
			{`{"event":{"session_id":"s1","hook_event_name":"Stop"},"transcripts":[{"file":"","lines":"{}"}]}`, "transcripts[0].lines", 400, a.AdaToken},
			{`{"event":{"session_id":"s1","hook_event_name":"Stop"},"transcripts":[{"file":"","offset":-1,"lines":""}]}`, "transcripts[0].offset", 400, a.AdaToken},
			{`{"event":{"session_id":"s1","hook_event_name":"Stop"}}`, "", 401, ""},
		} {
			var e webtest.APIError
			if code := a.API(tc.token, "POST", "/api/v1/hooks/claude-code", tc.body, &e); code != tc.status || e.Error.Field != tc.field {
				t.Errorf("%s: %d %+v; want %d naming %q", tc.body, code, e, tc.status, tc.field)
			}
		}
	})
}

// FuzzHookRequest sends arbitrary bodies to the hook endpoint: it must
// never fail with a 5xx or a dropped connection.
func FuzzHookRequest(f *testing.F) {
	main, err := os.ReadFile(filepath.Join(webtest.HookFixtureDir, webtest.HookFixtureSession+".jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	seed := func(v any) []byte { b, _ := json.Marshal(v); return b }
	ev := json.RawMessage(`{"session_id":"` + webtest.HookFixtureSession + `","hook_event_name":"PostToolUse","tool_response":{"x":"\u0000"}}`)
	f.Add(seed(baton.HookRequest{RequestID: "r1", Event: ev, Transcripts: []baton.TranscriptChunk{{Lines: string(main)}}}))
	f.Add(seed(baton.HookRequest{RequestID: "r2", Event: json.RawMessage(`{"session_id":"s","hook_event_name":"SessionEnd"}`),
		Transcripts: []baton.TranscriptChunk{{Lines: string(main[:bytes.IndexByte(main, '\n')+1])}}}))
	f.Add(seed(baton.HookRequest{Event: json.RawMessage(`{"session_id":"s","hook_event_name":"SessionStart"}`), OccurredAt: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}))
	f.Add([]byte(`{"event":{"session_id":"s","hook_event_name":"Stop","prompt":7},"transcripts":[{"file":"agent-x.jsonl","offset":5,"lines":"\n"}]}`))
	f.Add([]byte(`{"event":{"session_id":"year0","hook_event_name":"Stop"},"transcripts":[{"lines":"{\"type\":\"user\",\"timestamp\":\"0000-01-01T00:00:00Z\",\"message\":{\"content\":\"hi\"}}\n"}]}`))
	f.Add([]byte(`{"event":null}`))
	f.Add([]byte("\xff"))
	// One server per database: every input goes to each.
	type target struct{ url, token string }
	var targets []target
	for _, dbURL := range storetest.Databases(f) {
		st := storetest.Open(f, dbURL)
		steward := &baton.Steward{Username: "ada"}
		if err := st.CreateSteward(context.Background(), steward); err != nil {
			f.Fatal(err)
		}
		token, hash, prefix := auth.NewToken()
		if _, err := st.CreateToken(context.Background(), steward.ID, "fuzz", hash, prefix); err != nil {
			f.Fatal(err)
		}
		srv := httptest.NewServer(webtest.Server(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Config{}))
		f.Cleanup(srv.Close)
		targets = append(targets, target{srv.URL, token})
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, tg := range targets {
			req, _ := http.NewRequest("POST", tg.url+"/api/v1/hooks/claude-code", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tg.token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("the request failed (a panic?): %v", err)
			}
			msg, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode >= 500 {
				t.Fatalf("status %d: %s", resp.StatusCode, msg)
			}
		}
	})
}
