package watch_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
)

// agent writes Codex CLI rollouts the way Codex does: a metadata line,
// then appended prompts and answers, each with a number the test can find
// again among the stored messages.
type agent struct {
	t    testing.TB
	dir  string
	next int
	at   time.Time
}

func (a *agent) path(id string) string {
	return filepath.Join(a.dir, "2025", "11", "02", "rollout-2025-11-02T09-00-00-"+id+".jsonl")
}

func (a *agent) line(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		a.t.Fatal(err)
	}
	return string(b) + "\n"
}

func (a *agent) start(id string) {
	a.t.Helper()
	if err := os.MkdirAll(filepath.Dir(a.path(id)), 0o755); err != nil {
		a.t.Fatal(err)
	}
	meta := a.line(map[string]any{"timestamp": a.at.Format(time.RFC3339Nano), "type": "session_meta",
		"payload": map[string]any{"id": id, "timestamp": a.at.Format(time.RFC3339Nano), "cwd": "/home/ana/" + id}})
	if err := os.WriteFile(a.path(id), []byte(meta), 0o644); err != nil {
		a.t.Fatal(err)
	}
}

// turn appends a prompt and its answer to the session's rollout.
func (a *agent) turn(id string) {
	a.t.Helper()
	f, err := os.OpenFile(a.path(id), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		a.t.Fatal(err)
	}
	defer f.Close()
	for _, role := range []string{"user", "assistant"} {
		a.next++
		a.at = a.at.Add(time.Second)
		kind := map[string]string{"user": "input_text", "assistant": "output_text"}[role]
		l := a.line(map[string]any{"timestamp": a.at.Format(time.RFC3339Nano), "type": "response_item",
			"payload": map[string]any{"type": "message", "role": role, "content": []any{map[string]any{"type": kind, "text": fmt.Sprintf("message number %d", a.next)}}}})
		if _, err := f.WriteString(l); err != nil {
			a.t.Fatal(err)
		}
	}
}

// flakySink is a sink whose server can be stopped: while down, every call
// fails as an unreachable server does.
type flakySink struct {
	watch.Sink
	down bool
}

var errDown = errors.New("dial tcp 127.0.0.1:1: connect: connection refused")

func (s *flakySink) ImportFile(ctx context.Context, path string) ([]baton.ImportResult, error) {
	if s.down {
		return nil, errDown
	}
	return s.Sink.ImportFile(ctx, path)
}

func (s *flakySink) Report(ctx context.Context, files []baton.WatchedFile) error {
	if s.down {
		return errDown
	}
	return s.Sink.Report(ctx, files)
}

// storedNumbers counts, for each numbered message, how often it is stored.
func storedNumbers(t *testing.T, st *store.Store, stewardID int64) map[int]int {
	t.Helper()
	ctx := context.Background()
	page, err := st.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]int{}
	for _, s := range page.Sessions {
		msgs, err := st.SessionMessages(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			var n int
			if _, err := fmt.Sscanf(m.Content, "message number %d", &n); err == nil {
				out[n]++
			}
		}
	}
	return out
}

// TestWatcherKeepsEveryMessageOnce runs the watcher over a folder while a
// fake agent appends to, rotates and deletes rollouts, with the server
// down for part of the run and the watcher restarted from its state: every
// message is stored exactly once, and the deleted file's session is kept
// by Baton.
func TestWatcherKeepsEveryMessageOnce(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			steward := &baton.Steward{Username: "ana"}
			if err := st.CreateSteward(ctx, steward); err != nil {
				t.Fatal(err)
			}
			home := t.TempDir()
			sessions := filepath.Join(home, ".codex", "sessions")
			a := &agent{t: t, dir: sessions, at: time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)}
			sink := &flakySink{Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}}
			clock := time.Date(2025, 11, 2, 10, 0, 0, 0, time.UTC)
			cfg := watch.Config{Folders: watch.DefaultFolders(home), Sink: sink, StateDir: filepath.Join(home, ".baton", "watch"),
				Now: func() time.Time { clock = clock.Add(time.Minute); return clock }}
			w, err := watch.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			pass := func(w *watch.Watcher) watch.PassResult {
				t.Helper()
				res, err := w.Scan(ctx)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			// Nothing there yet: the folders do not exist.
			if res := pass(w); res.Seen != 0 {
				t.Fatalf("empty home: %+v", res)
			}
			a.start("keep")
			a.start("gone")
			a.start("moved")
			for range 3 {
				a.turn("keep")
				a.turn("gone")
				a.turn("moved")
				pass(w)
			}
			if res := pass(w); res.Imported != 0 {
				t.Errorf("a pass with nothing new imported %d files", res.Imported)
			}
			// The server stops; the agent goes on; the watcher restarts.
			sink.down = true
			a.turn("keep")
			a.turn("gone")
			if res := pass(w); res.Failed != 2 {
				t.Errorf("while down: %+v, want the two changed files waiting", res)
			}
			w, err = watch.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			a.turn("keep")
			pass(w)
			// Back up: what waited is stored; then the agent deletes one
			// rollout (its clean-up) and rotates another.
			sink.down = false
			if res := pass(w); res.Imported != 2 {
				t.Errorf("back up: %+v, want the two waiting files stored", res)
			}
			if err := os.Remove(a.path("gone")); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(a.path("moved"), a.path("moved")+".bak"); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(a.path("moved")+".bak", filepath.Join(filepath.Dir(a.path("moved")), "rollout-2025-11-03T00-00-00-moved.jsonl")); err != nil {
				t.Fatal(err)
			}
			if res := pass(w); res.Deleted != 2 {
				t.Errorf("after delete and rotate: %+v, want two files gone", res)
			}
			a.turn("keep")
			pass(w)

			counts := storedNumbers(t, st, steward.ID)
			for n := 1; n <= a.next; n++ {
				if counts[n] != 1 {
					t.Errorf("message number %d stored %d times", n, counts[n])
				}
			}
			if len(counts) != a.next {
				t.Errorf("%d numbered messages stored, the agent wrote %d", len(counts), a.next)
			}
			files, err := st.WatchedFiles(ctx, steward.ID)
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]bool{}
			for _, f := range files {
				if len(f.SessionIDs) != 1 {
					t.Errorf("file %s sessions %v", f.Path, f.SessionIDs)
					continue
				}
				at, err := st.SessionKeptByBaton(ctx, steward.ID, f.SessionIDs[0])
				if err != nil {
					t.Fatal(err)
				}
				kept[strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f.Path), "rollout-"), ".jsonl")] = at != nil
			}
			want := map[string]bool{"2025-11-02T09-00-00-keep": false, "2025-11-02T09-00-00-gone": true, "2025-11-02T09-00-00-moved": false, "2025-11-03T00-00-00-moved": false}
			if fmt.Sprint(kept) != fmt.Sprint(want) {
				t.Errorf("kept by Baton %v, want %v (a rotated file's session is still on disk)", kept, want)
			}
			folders := baton.SumWatchedFolders(files)
			if len(folders) != 1 || folders[0].Files != 4 || folders[0].Sessions != 3 || folders[0].Deleted != 2 || folders[0].Errors != 0 {
				t.Errorf("folders %+v", folders)
			}
		})
	}
}

// TestBadLinesAreReportedPerFile: a rollout with a broken line is stored
// without it, and the file's state names the line.
func TestBadLinesAreReportedPerFile(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	steward := &baton.Steward{Username: "ana"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	a := &agent{t: t, dir: filepath.Join(home, ".codex", "sessions"), at: time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)}
	a.start("bad")
	a.turn("bad")
	f, err := os.OpenFile(a.path("bad"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{not json\n")
	f.Close()
	a.turn("bad")
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	files, _ := st.WatchedFiles(ctx, steward.ID)
	if len(files) != 1 || !strings.Contains(files[0].Error, "line 4:") {
		t.Fatalf("files %+v, want the broken line 4 named", files)
	}
	if counts := storedNumbers(t, st, steward.ID); len(counts) != 4 {
		t.Errorf("stored %v, want the four good messages", counts)
	}
}

// TestRunFollowsNotifications: with an interval far longer than the test,
// a line the agent appends is stored all the same — a notification starts
// the pass.
func TestRunFollowsNotifications(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	steward := &baton.Steward{Username: "ana"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	a := &agent{t: t, dir: filepath.Join(home, ".codex", "sessions"), at: time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)}
	a.start("live")
	a.turn("live")
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Interval: time.Hour,
		Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	waitFor := func(n int) {
		t.Helper()
		for i := 0; i < 400; i++ { // waits for the pass, asserts nothing on its speed
			if len(storedNumbers(t, st, steward.ID)) == n {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("stored %v, want %d messages", storedNumbers(t, st, steward.ID), n)
	}
	waitFor(2)
	a.turn("live")
	waitFor(4)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
