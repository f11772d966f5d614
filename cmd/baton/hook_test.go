package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

const hookSession = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"

// stewardWithToken creates a steward with `baton steward add` and returns
// a token from `baton token create`.
func stewardWithToken(t *testing.T, env func(string) string, name string) string {
	t.Helper()
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("a long enough password\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := run(ctx, []string{"steward", "add", name, "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run(ctx, []string{"token", "create", name, "agent"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String())
}

// recordedEvent is one line of testdata/hooks/events.jsonl: a hook payload
// as Claude Code wrote it, and how far the transcripts had come by then.
type recordedEvent struct {
	TranscriptLines int             `json:"transcript_lines"`
	AgentLines      int             `json:"agent_lines"`
	Payload         json.RawMessage `json:"payload"`
}

// TestHookEndToEnd pipes the recorded hook payloads of a whole session
// through `baton hook` (the real run(), stdin and all) against the real
// server, growing the transcripts between events as Claude Code did, and
// checks that the session it builds is the session `baton import` of the
// finished transcripts builds.
func TestHookEndToEnd(t *testing.T) {
	base, env := startBaton(t, nil)
	adaToken := stewardWithToken(t, env, "ada")
	stewardWithToken(t, env, "bob")

	src := filepath.Join("testdata", "hooks", "projects", "-home-dev-shop")
	projects := filepath.Join(t.TempDir(), "projects")
	dst := filepath.Join(projects, "-home-dev-shop")
	if err := os.MkdirAll(filepath.Join(dst, hookSession, "subagents"), 0o700); err != nil {
		t.Fatal(err)
	}
	mainLines := readLines(t, filepath.Join(src, hookSession+".jsonl"))
	agentLines := readLines(t, filepath.Join(src, hookSession, "subagents", "agent-a1b2c3d.jsonl"))
	// The compaction agent's file is there all along; the hook leaves it out.
	copyFile(t, filepath.Join(src, hookSession, "subagents", "agent-acompact-9f8e7d.jsonl"),
		filepath.Join(dst, hookSession, "subagents", "agent-acompact-9f8e7d.jsonl"))

	stateDir := t.TempDir()
	hookEnv := func(k string) string {
		switch k {
		case "BATON_URL":
			return base
		case "BATON_TOKEN":
			return adaToken
		case "BATON_HOOK_DIR":
			return stateDir
		}
		return env(k)
	}
	events := readLines(t, filepath.Join("testdata", "hooks", "events.jsonl"))
	for i, line := range events {
		var ev recordedEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if ev.TranscriptLines > 0 {
			writeLines(t, filepath.Join(dst, hookSession+".jsonl"), mainLines[:ev.TranscriptLines])
		}
		if ev.AgentLines > 0 {
			writeLines(t, filepath.Join(dst, hookSession, "subagents", "agent-a1b2c3d.jsonl"), agentLines[:ev.AgentLines])
		}
		payload := strings.ReplaceAll(string(ev.Payload), "{{projects}}", projects)
		var out, errs strings.Builder
		// How long a hook may take is its budget's business (hookclient);
		// here every event must arrive, which the comparison below checks.
		if err := run(context.Background(), []string{"hook"}, hookEnv, strings.NewReader(payload), &out, &errs); err != nil {
			t.Fatalf("event %d: baton hook returned %v", i, err)
		}
		if errs.Len() > 0 {
			t.Errorf("event %d: stderr without BATON_HOOK_DEBUG: %q", i, errs.String())
		}
		isStart := strings.Contains(payload, `"hook_event_name": "SessionStart"`)
		if isStart != (out.Len() > 0) {
			t.Errorf("event %d printed %q", i, out.String())
		}
		if i == 0 && !strings.Contains(out.String(), "No earlier sessions") {
			t.Errorf("the first SessionStart printed %q", out.String())
		}
	}
	if entries, _ := os.ReadDir(stateDir); len(entries) == 0 {
		t.Error("the hook kept no state in BATON_HOOK_DIR")
	}
	if _, err := os.Stat(filepath.Join(stateDir, "spool.jsonl")); !os.IsNotExist(err) {
		t.Errorf("requests left in the spool: %v", err)
	}

	// The plain import, for bob, of the same finished transcripts.
	var out strings.Builder
	if err := run(context.Background(), []string{"import", "--steward", "bob", projects}, env, nil, &out, io.Discard); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), hookSession+".jsonl\tstored\t") {
		t.Fatalf("import printed %q", out.String())
	}

	st, err := store.Open(env("BATON_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	ada, _ := st.StewardByUsername(ctx, "ada")
	bob, _ := st.StewardByUsername(ctx, "bob")
	hooked, err := st.SessionBySource(ctx, ada.ID, "claude-code", hookSession)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := st.SessionBySource(ctx, bob.ID, "claude-code", hookSession)
	if err != nil {
		t.Fatal(err)
	}
	hook, _ := hooked.Attributes["hook"].(map[string]any)
	if events, _ := hook["events"].(map[string]any); events["SubagentStart"] != 1.0 || events["PostToolUseFailure"] != 2.0 || events["SessionStart"] != 2.0 {
		t.Errorf("hook events %v", hook["events"])
	}
	if hook["pending_prompt"] != nil || hook["end"] == nil || hook["model"] != "claude-sonnet-4-5-20250929" {
		t.Errorf("hook attributes %v", hook)
	}
	got, want := sessionDump(t, st, ada.ID, hooked), sessionDump(t, st, bob.ID, plain)
	if len(got) < 40 {
		t.Fatalf("only %d lines compared", len(got))
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("the hooked session differs from the import (%d vs %d lines):\nhooked:   %s\nimported: %s", len(got), len(want), got[i], want[i])
			}
		}
		t.Fatalf("the hooked session has %d lines, the import %d", len(got), len(want))
	}
}

// TestHookAlwaysExitsZero: bad input, no server, no configuration — the
// hook returns nil (exit 0), prints nothing, and says why only when asked.
func TestHookAlwaysExitsZero(t *testing.T) {
	for _, debug := range []string{"", "1"} {
		vars := map[string]string{"BATON_HOOK_DIR": t.TempDir(), "BATON_HOOK_DEBUG": debug, "BATON_URL": "http://127.0.0.1:1"}
		env := func(k string) string { return vars[k] }
		for _, in := range []string{"", "{", `{"session_id":"s1","hook_event_name":"Stop"}`} {
			var out, errs strings.Builder
			if err := run(context.Background(), []string{"hook"}, env, strings.NewReader(in), &out, &errs); err != nil {
				t.Errorf("%q: %v", in, err)
			}
			if out.Len() > 0 || (debug == "") != (errs.Len() == 0) {
				t.Errorf("debug %q, input %q: stdout %q, stderr %q", debug, in, out.String(), errs.String())
			}
		}
	}
}

// sessionDump is a session, its conversations and every message, one line
// each, without what two copies of the same session differ in (ids, owner,
// row times, the hook's own attributes).
func sessionDump(t *testing.T, st *store.Store, stewardID int64, sess *baton.Session) []string {
	t.Helper()
	ctx := context.Background()
	s := *sess
	s.ID, s.StewardID, s.Steward.ID, s.CreatedAt, s.UpdatedAt = "", 0, "", time.Time{}, time.Time{}
	attrs := map[string]any{}
	for k, v := range s.Attributes {
		if k != "hook" {
			attrs[k] = v
		}
	}
	s.Attributes = attrs
	j, _ := json.Marshal(s)
	out := []string{"session " + string(j)}
	if sa, err := st.SessionAnalysis(ctx, stewardID, sess.ID); err == nil {
		// When the analysis ran, and of which session, differ between copies.
		sa.AnalysedAt, sa.SessionID, sa.Relationship.SessionID = time.Time{}, "", ""
		j, _ := json.Marshal(sa)
		out = append(out, "analysis "+string(j))
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Fatal(err)
	}
	convs, err := st.Conversations(ctx, stewardID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range convs {
		out = append(out, fmt.Sprintf("conversation %d %s %q %s fork@%d %d messages", i, c.Kind, c.Title, c.SourceRef, c.ForkPointSeq, c.MessageCount))
		msgs, err := st.Transcript(ctx, stewardID, sess.ID, c.ID, 0, store.MaxBatch)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			m.ID, m.StewardID, m.SessionID, m.ConversationID = 0, 0, "", ""
			j, _ := json.Marshal(m)
			out = append(out, fmt.Sprintf("  %d %s", i, j))
		}
	}
	return out
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeLines(t *testing.T, path string, lines []string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		t.Fatal(err)
	}
}
