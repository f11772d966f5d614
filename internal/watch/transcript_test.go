package watch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
)

// sessionDump is what the steward's sessions hold, in a form two stores
// can be compared by: each session's facts, and each conversation's
// messages in order with what the import read into them.
func sessionDump(t *testing.T, st *store.Store, stewardID int64) string {
	t.Helper()
	ctx := context.Background()
	page, err := st.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range page.Sessions {
		full, err := st.Session(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		ended := ""
		if full.EndedAt != nil {
			ended = full.EndedAt.UTC().Format(time.RFC3339)
		}
		head := fmt.Sprintf("session %s/%s %q messages %d tokens %+v model %q branch %q project %+v %s – %s",
			full.Source, full.SourceRef, full.Title, full.MessageCount, full.Tokens, full.Assistant.ModelVersion, full.Branch, full.Project,
			full.StartedAt.UTC().Format(time.RFC3339), ended)
		convs, err := st.Conversations(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		key := map[string]string{}
		var lines []string
		for _, c := range convs {
			key[c.ID] = c.SourceRef
		}
		for _, c := range convs {
			parent := ""
			if c.ParentConversationID != nil {
				parent = key[*c.ParentConversationID]
			}
			lines = append(lines, fmt.Sprintf(" conv %s parent %q kind %s title %q", c.SourceRef, parent, c.Kind, c.Title))
		}
		msgs, err := st.SessionMessages(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			calls := ""
			for _, tc := range m.ToolCalls {
				calls += tc.Name + "(" + tc.ID + ") "
			}
			result := ""
			if m.ToolResult != nil {
				result = fmt.Sprintf("result of %s error %v", m.ToolResult.ToolUseID, m.ToolResult.IsError)
			}
			lines = append(lines, fmt.Sprintf(" %s #%05d %s %s %q thinking %q calls %s%s usage %+v at %s",
				key[m.ConversationID], m.Seq, m.SourceID, m.Role, m.Content, m.Thinking, calls, result, m.Usage, m.Timestamp.UTC().Format(time.RFC3339Nano)))
		}
		sort.Strings(lines) // conversations by key, messages by conversation and order
		out = append(out, head+"\n"+strings.Join(lines, "\n"))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// TestClaudeCodeByNewLinesGivesWhatImportGives writes Claude Code
// sessions (one with a subagent and a compaction agent) into a watched
// folder a few bytes at a time, cut anywhere (inside lines, between the
// blocks of one response), with passes between the writes — some after
// the agent has paused long enough for the session to settle — and
// compares what the watcher stored with an import of the finished files:
// the same sessions, conversations and messages. The watcher reads each
// byte the agent wrote once (it holds a partial line back, and reads only
// that again).
func TestClaudeCodeByNewLinesGivesWhatImportGives(t *testing.T) {
	src := "../ingest/claudecode/testdata/projects/-home-dev-shop"
	var files []string // relative to the project folder, the main ones first
	if err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
			rel, _ := filepath.Rel(src, p)
			files = append(files, rel)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool {
		return strings.Count(files[i], "/") < strings.Count(files[j], "/") || (strings.Count(files[i], "/") == strings.Count(files[j], "/") && files[i] < files[j])
	})
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			// Two stewards of one store: ada's sessions are watched,
			// bea's imported whole.
			st := storetest.Open(t, url)
			watched, whole := st, st
			ada, ada2 := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bea"}
			for _, s := range []*baton.Steward{ada, ada2} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			home := t.TempDir()
			project := filepath.Join(home, ".claude", "projects", "-home-dev-shop")
			var now time.Time
			w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), ChunkBytes: 2048,
				Sink: watch.LocalSink{Importer: ingest.New(watched), Store: watched, StewardID: ada.ID},
				Now:  func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 11))
			written := int64(0)
			for _, rel := range files {
				data, err := os.ReadFile(filepath.Join(src, rel))
				if err != nil {
					t.Fatal(err)
				}
				dst := filepath.Join(project, rel)
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					t.Fatal(err)
				}
				f, err := os.Create(dst)
				if err != nil {
					t.Fatal(err)
				}
				for at, pass := 0, 0; at < len(data); pass++ {
					n := min(1+rng.IntN(1500), len(data)-at)
					if _, err := f.Write(data[at : at+n]); err != nil {
						t.Fatal(err)
					}
					at += n
					written += int64(n)
					// Mostly while the agent writes; every fifth pass after
					// it has paused (the session settles, then grows again).
					now = time.Now()
					if pass%5 == 4 {
						now = now.Add(time.Minute)
					}
					if _, err := w.Scan(ctx); err != nil {
						t.Fatal(err)
					}
				}
				f.Close()
			}
			now = time.Now().Add(time.Hour) // the agent has stopped
			for range 2 {
				if _, err := w.Scan(ctx); err != nil {
					t.Fatal(err)
				}
			}
			// The fixture's line 36 is a response cut off mid-line: reported
			// once, with its file and line; nothing else is.
			for _, f := range w.Files() {
				want := ""
				if strings.HasPrefix(filepath.Base(f.Path), "7f3c9a52") {
					want = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl:36: unexpected end of JSON input"
				}
				if f.Error != want {
					t.Errorf("%s: error %q, want %q", f.Path, f.Error, want)
				}
			}
			if _, err := ingest.New(whole).ImportPath(ctx, ada2.ID, filepath.Join(home, ".claude", "projects"), nil); err != nil {
				t.Fatal(err)
			}
			got, want := sessionDump(t, watched, ada.ID), sessionDump(t, whole, ada2.ID)
			if !strings.Contains(want, "agent-a1b2c3d") && !strings.Contains(want, "conv ") {
				t.Fatalf("the import stored no conversations:\n%s", want)
			}
			if got != want {
				t.Errorf("watched by new lines:\n%s\n\nimported whole:\n%s", got, want)
			}
			// Each byte once, but for partial lines read again once whole
			// and the first bytes a file is checked by.
			if read := w.BytesRead(); read > 3*written {
				t.Errorf("the watcher read %d bytes of %d written", read, written)
			}
		})
	}
}

// TestGeminiRewrittenGivesWhatImportGives: Gemini CLI writes its chat
// recording whole each time it changes — a message, then the same message
// again with its tool calls' results and its tokens. The watcher, making a
// pass after every write (some long after it, some right after), stores
// what an import of the finished file stores; a file written again with
// the same bytes is not imported again, and one written anew, shorter,
// keeps the sessions it held.
func TestGeminiRewrittenGivesWhatImportGives(t *testing.T) {
	var versions [][]byte
	for _, src := range []string{"../ingest/gemini/testdata/tmp/7f3e9a/chats/session-2025-10-18T14-57-a1b2c3d4.json", "../ingest/gemini/testdata/real-kvsankar-session-01.json"} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		var chat map[string]any
		if err := json.Unmarshal(data, &chat); err != nil {
			t.Fatal(err)
		}
		msgs := chat["messages"].([]any)
		for i := range msgs {
			// The message as first written (no results, no tokens yet),
			// then as completed.
			m := msgs[i].(map[string]any)
			if _, ok := m["toolCalls"]; ok || m["tokens"] != nil {
				early := map[string]any{}
				for k, v := range m {
					if k != "tokens" && k != "toolCalls" {
						early[k] = v
					}
				}
				chat["messages"] = append(append([]any{}, msgs[:i]...), early)
				b, _ := json.MarshalIndent(chat, "", "  ")
				versions = append(versions, b)
			}
			chat["messages"] = msgs[:i+1]
			b, _ := json.MarshalIndent(chat, "", "  ")
			versions = append(versions, b)
		}
	}
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			ada, bea := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bea"}
			for _, s := range []*baton.Steward{ada, bea} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			home := t.TempDir()
			path := filepath.Join(home, ".gemini", "tmp", "7f3e9a", "chats", "session-2025-10-18T14-57-a1b2c3d4.json")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			var now time.Time
			w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Now: func() time.Time { return now },
				Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: ada.ID},
				Logf: func(format string, args ...any) {
					if msg := fmt.Sprintf(format, args...); strings.Contains(msg, "report") {
						t.Errorf("the files' states were refused: %s", msg) // a file waiting is reported as found
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			pass := func(after time.Duration) watch.PassResult {
				t.Helper()
				now = time.Now().Add(after)
				res, err := w.Scan(ctx)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			// Each version of the first chat, then each of the second
			// (another session) written over it.
			for i, v := range versions {
				if err := os.WriteFile(path, v, 0o644); err != nil {
					t.Fatal(err)
				}
				if res := pass(0); res.Imported != 0 || res.Waiting != 1 {
					t.Errorf("version %d, right after the write: %+v, want it waiting", i, res)
				}
				if i%2 == 0 {
					if res := pass(time.Minute); res.Imported != 1 {
						t.Errorf("version %d, once quiet: %+v, want it imported", i, res)
					}
				}
				if i == 2 {
					// The same bytes again, a minute later: read, not imported.
					later := time.Now().Add(time.Minute)
					if err := os.Chtimes(path, later, later); err != nil {
						t.Fatal(err)
					}
					if res := pass(2 * time.Minute); res.Imported != 0 {
						t.Errorf("the same bytes written again: %+v, want nothing imported", res)
					}
				}
			}
			pass(time.Hour)
			// bea imports each finished chat whole.
			whole := ingest.New(st)
			for _, src := range []string{"../ingest/gemini/testdata/tmp/7f3e9a/chats/session-2025-10-18T14-57-a1b2c3d4.json", "../ingest/gemini/testdata/real-kvsankar-session-01.json"} {
				data, _ := os.ReadFile(src)
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, err := whole.ImportPath(ctx, bea.ID, path, nil); err != nil {
					t.Fatal(err)
				}
			}
			got, want := sessionDump(t, st, ada.ID), sessionDump(t, st, bea.ID)
			if strings.Count(want, "session ") != 2 {
				t.Fatalf("the whole imports made:\n%s", want)
			}
			if got != want {
				t.Errorf("watched:\n%s\n\nimported whole:\n%s", got, want)
			}
			files := w.Files()
			if len(files) != 1 || files[0].ReplacedAt == nil || len(files[0].KeptSessionIDs) != 1 || len(files[0].SessionIDs) != 1 {
				t.Fatalf("the file written anew with another chat: %+v", files)
			}
		})
	}
}

// TestOncePassAnalysesClaudeCodeSessions runs one pass and Settle over a
// Claude Code transcript just written, as `baton watch --once` does: the
// session is analysed (its summary written) by them, not left for a pass
// that never comes.
func TestOncePassAnalysesClaudeCodeSessions(t *testing.T) {
	src := "../ingest/claudecode/testdata/projects/-home-dev-shop/0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl"
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	ada := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, ada); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	dst := filepath.Join(home, ".claude", "projects", "-home-dev-shop", filepath.Base(src))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Once: true,
		Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: ada.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	page, err := st.ListSessions(ctx, ada.ID, baton.SessionFilter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Sessions) != 1 {
		t.Fatalf("%d sessions stored, want 1", len(page.Sessions))
	}
	full, err := st.Session(ctx, ada.ID, page.Sessions[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if full.Summary.AutoGenerated == "" {
		t.Errorf("session %s/%s has no summary after one pass and Settle: its analysis waits for a pass that never comes", full.Source, full.SourceRef)
	}
	for _, f := range w.Files() {
		if f.Error != "" {
			t.Errorf("%s: %s", f.Path, f.Error)
		}
	}
}

// TestPauseAtAnyLineGivesWhatImportGives: an agent may pause after any
// line long enough for the watcher to settle the session (analysed, its
// last response stored as far as it goes) and then write the rest. For
// each line of a Claude Code transcript (one whose title line comes after
// its messages, one with a response of several blocks) and of a Codex
// rollout, a watcher that settles there and then reads the rest stores
// what an import of the finished file stores.
func TestPauseAtAnyLineGivesWhatImportGives(t *testing.T) {
	for _, c := range []struct{ src, dst string }{
		{"../ingest/claudecode/testdata/projects/-home-dev-shop/0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl",
			".claude/projects/-home-dev-shop/0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl"},
		{"../ingest/claudecode/testdata/projects/-home-dev-shop/7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl",
			".claude/projects/-home-dev-shop/7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl"},
		{"../ingest/codex/testdata/real-kvsankar-session-01.jsonl",
			".codex/sessions/2026/06/05/rollout-2026-06-05T04-58-20-019e9625-802f-7e91-840a-cfe88d14117a.jsonl"},
	} {
		data, err := os.ReadFile(c.src)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		for cut := 1; cut < len(lines); cut++ {
			// Every third pause, the watcher restarts during it: the sink's
			// reading is gone and the files are read again from their start.
			restart := cut%3 == 0
			if got, want := watchedWithPause(t, data, strings.Join(lines[:cut], ""), c.dst, restart); got != want {
				t.Errorf("%s, paused after line %d (restarted %v):\n%s\n\nimported whole:\n%s", filepath.Base(c.src), cut, restart, got, want)
			}
		}
	}
}

// storeOfAdaAndBea opens a SQLite store with two stewards, ada and bea.
func storeOfAdaAndBea(t *testing.T) (*store.Store, *baton.Steward, *baton.Steward) {
	t.Helper()
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	ada, bea := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bea"}
	for _, s := range []*baton.Steward{ada, bea} {
		if err := st.CreateSteward(context.Background(), s); err != nil {
			t.Fatal(err)
		}
	}
	return st, ada, bea
}

// watchedWithPause has a watcher read head, settle it after a pause, then
// read the whole file (a new watcher and sink, as after a restart, when
// restart); it returns what the watcher stored and what an import of the
// whole file stores.
func watchedWithPause(t *testing.T, data []byte, head, rel string, restart bool) (watched, imported string) {
	t.Helper()
	ctx := context.Background()
	st, ada, bea := storeOfAdaAndBea(t)
	home := t.TempDir()
	dst := filepath.Join(home, rel)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	var now time.Time
	stateDir := t.TempDir()
	start := func() *watch.Watcher {
		w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), StateDir: stateDir,
			Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: ada.ID},
			Now:  func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	w := start()
	pass := func(at time.Time) {
		now = at
		if _, err := w.Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if err := w.Settle(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(dst, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	pass(time.Now())
	pass(time.Now().Add(time.Minute)) // the agent paused: the session settles
	if restart {
		w = start()
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pass(time.Now())
	pass(time.Now().Add(time.Hour))
	if _, err := ingest.New(st).ImportPath(ctx, bea.ID, dst, nil); err != nil {
		t.Fatal(err)
	}
	return sessionDump(t, st, ada.ID), sessionDump(t, st, bea.ID)
}

// restartSink counts the requests a Claude Code transcript's sink answered
// with Restart (it did not hold the reading of the lines before).
type restartSink struct {
	watch.Sink
	restarts int
}

func (s *restartSink) ImportTranscript(ctx context.Context, req watch.TranscriptRequest) (watch.TranscriptResult, error) {
	r, err := s.Sink.ImportTranscript(ctx, req)
	if r.Restart {
		s.restarts++
	}
	return r, err
}

// TestIdleTranscriptIsLetGoThenReadAgain: a transcript settled after it
// has not grown for a long while (a first sync's old files) has its
// reading let go by the sink, not held; when the agent takes the session
// up again the sink asks for the files from their start, once, and what
// is stored is what an import of the finished file stores. One settled
// after a short pause keeps its reading.
func TestIdleTranscriptIsLetGoThenReadAgain(t *testing.T) {
	src := "../ingest/claudecode/testdata/projects/-home-dev-shop/0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl"
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	head := strings.Join(lines[:len(lines)/2], "")
	for _, c := range []struct {
		pause    time.Duration
		restarts int
	}{{time.Minute, 0}, {time.Hour, 1}} {
		ctx := context.Background()
		st, ada, bea := storeOfAdaAndBea(t)
		home := t.TempDir()
		dst := filepath.Join(home, ".claude", "projects", "-home-dev-shop", filepath.Base(src))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, []byte(head), 0o644); err != nil {
			t.Fatal(err)
		}
		written, err := os.Stat(dst)
		if err != nil {
			t.Fatal(err)
		}
		sink := &restartSink{Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: ada.ID}}
		var now time.Time
		w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Sink: sink, Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		// Read while the agent writes, then settled after the pause.
		for _, at := range []time.Time{written.ModTime(), written.ModTime().Add(c.pause)} {
			now = at
			if _, err := w.Scan(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, at := range []time.Time{time.Now(), time.Now().Add(time.Minute)} {
			now = at
			if _, err := w.Scan(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if sink.restarts != c.restarts {
			t.Errorf("paused %s: the sink asked for the file from its start %d times, want %d", c.pause, sink.restarts, c.restarts)
		}
		if _, err := ingest.New(st).ImportPath(ctx, bea.ID, dst, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := sessionDump(t, st, ada.ID), sessionDump(t, st, bea.ID); got != want {
			t.Errorf("paused %s:\n%s\n\nimported whole:\n%s", c.pause, got, want)
		}
		for _, f := range w.Files() {
			if f.Error != "" {
				t.Errorf("paused %s: %s: %s", c.pause, f.Path, f.Error)
			}
		}
	}
}
