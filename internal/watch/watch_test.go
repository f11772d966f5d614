package watch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
	"github.com/baton-dev/baton/internal/watch/watchtest"
)

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

func (s *flakySink) ImportLines(ctx context.Context, req watch.LinesRequest) (watch.LinesResult, error) {
	if s.down {
		return watch.LinesResult{}, errDown
	}
	return s.Sink.ImportLines(ctx, req)
}

func (s *flakySink) ImportTranscript(ctx context.Context, req watch.TranscriptRequest) (watch.TranscriptResult, error) {
	if s.down {
		return watch.TranscriptResult{}, errDown
	}
	return s.Sink.ImportTranscript(ctx, req)
}

func (s *flakySink) Report(ctx context.Context, files []baton.WatchedFile) error {
	if s.down {
		return errDown
	}
	return s.Sink.Report(ctx, files)
}

// TestWatcherKeepsEveryMessageOnce runs the watcher over a folder while a
// fake agent appends to rollouts (a partial last line among them),
// truncates one and starts another session in it, rotates one and deletes
// one, with the server down for part of the run and the watcher restarted
// from its state: every message is stored exactly once, the deleted file's
// session is kept by Baton, and the watcher reads the bytes the agent
// appended and no more (besides the first bytes it checks a file by, and a
// partial line it reads again once complete) — restarts and rotations
// included; only what failed while the server was down is read again.
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
			a := &watchtest.Agent{T: t, Dir: sessions, At: time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)}
			sink := &flakySink{Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}}
			clock := time.Date(2025, 11, 2, 10, 0, 0, 0, time.UTC)
			cfg := watch.Config{Folders: watch.DefaultFolders(home), Sink: sink, StateDir: filepath.Join(home, ".baton", "watch"),
				Now: func() time.Time { clock = clock.Add(time.Minute); return clock }}
			w, err := watch.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			// read checks that a pass read what the agent appended since
			// the last check, plus at most the first bytes of each file
			// it had read before and slack bytes read again.
			var readBefore, writtenBefore int64
			var total int64 // every byte read, restarts included
			read := func(files int, slack int64) {
				t.Helper()
				got, want := w.BytesRead()-readBefore, a.Written-writtenBefore+slack
				if got < want || got > want+int64(files)*1024 {
					t.Errorf("pass read %d bytes; the agent appended %d (slack %d, %d files checked)", got, a.Written-writtenBefore, slack, files)
				}
				total += got
				readBefore, writtenBefore = w.BytesRead(), a.Written
			}
			restart := func() {
				t.Helper()
				if w, err = watch.New(cfg); err != nil {
					t.Fatal(err)
				}
				readBefore = 0
			}
			pass := func() watch.PassResult {
				t.Helper()
				res, err := w.Scan(ctx)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			// Nothing there yet: the folders do not exist.
			if res := pass(); res.Seen != 0 {
				t.Fatalf("empty home: %+v", res)
			}
			ids := []string{"keep", "gone", "moved", "trunc"}
			for _, id := range ids {
				a.Start(id)
			}
			for round := range 3 {
				for _, id := range ids {
					a.Turn(id)
				}
				pass()
				read(map[bool]int{true: 0, false: 4}[round == 0], 0)
			}
			if res := pass(); res.Imported != 0 {
				t.Errorf("a pass with nothing new imported %d files", res.Imported)
			}
			read(0, 0)
			// A line written in two parts is stored once whole.
			line := a.Message("user")
			a.Write("keep", line[:20])
			pass()
			read(1, 0)
			a.Write("keep", line[20:])
			pass()
			read(1, 20)
			// The server stops; the agent goes on; the watcher restarts.
			sink.down = true
			a.Turn("keep")
			a.Turn("gone")
			if res := pass(); res.Failed != 2 {
				t.Errorf("while down: %+v, want the two changed files waiting", res)
			}
			restart()
			a.Turn("keep")
			pass()
			// Back up: what waited is stored (read again: nothing kept it).
			sink.down = false
			if res := pass(); res.Imported != 2 {
				t.Errorf("back up: %+v, want the two waiting files stored", res)
			}
			readBefore, writtenBefore = w.BytesRead(), a.Written
			// The agent deletes one rollout (its clean-up), rotates
			// another and writes on in it, and truncates a third to start
			// a new session in it.
			if err := os.Remove(a.Path("gone")); err != nil {
				t.Fatal(err)
			}
			rotated := filepath.Join(filepath.Dir(a.Path("moved")), "rollout-2025-11-03T00-00-00-moved.jsonl")
			if err := os.Rename(a.Path("moved"), rotated); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(a.Path("trunc"), 0); err != nil {
				t.Fatal(err)
			}
			a.Write("trunc", a.Line(map[string]any{"timestamp": a.At.Format(time.RFC3339Nano), "type": "session_meta",
				"payload": map[string]any{"id": "trunc-2", "timestamp": a.At.Format(time.RFC3339Nano)}}))
			a.Turn("trunc")
			f, err := os.OpenFile(rotated, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, role := range []string{"user", "assistant"} {
				l := a.Message(role)
				f.WriteString(l)
				a.Written += int64(len(l))
			}
			f.Close()
			if res := pass(); res.Deleted != 2 {
				t.Errorf("after delete and rotate: %+v, want two files gone", res)
			}
			read(2, 0)
			restart()
			a.Turn("keep")
			a.Turn("trunc")
			pass()
			read(3, 0)

			counts := watchtest.StoredNumbers(t, st, steward.ID)
			for n := 1; n <= a.Next; n++ {
				if counts[n] != 1 {
					t.Errorf("message number %d stored %d times", n, counts[n])
				}
			}
			if len(counts) != a.Next {
				t.Errorf("%d numbered messages stored, the agent wrote %d", len(counts), a.Next)
			}
			t.Logf("the agent wrote %d bytes; the watcher read %d outside the outage", a.Written, total)
			files, err := st.WatchedFiles(ctx, steward.ID)
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]bool{}
			for _, f := range files {
				if len(f.SessionIDs) == 0 {
					t.Errorf("file %s sessions %v", f.Path, f.SessionIDs)
					continue
				}
				at, err := st.SessionKeptByBaton(ctx, steward.ID, f.SessionIDs[0])
				if err != nil {
					t.Fatal(err)
				}
				kept[strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f.Path), "rollout-"), ".jsonl")] = at != nil
			}
			want := map[string]bool{"2025-11-02T09-00-00-keep": false, "2025-11-02T09-00-00-gone": true, "2025-11-02T09-00-00-moved": false,
				"2025-11-03T00-00-00-moved": false, "2025-11-02T09-00-00-trunc": false}
			if fmt.Sprint(kept) != fmt.Sprint(want) {
				t.Errorf("kept by Baton %v, want %v (a rotated file's session is still on disk)", kept, want)
			}
			// The truncated file's first session is no longer in it: Baton
			// keeps it, and says so.
			for _, f := range files {
				if !strings.HasSuffix(f.Path, "-trunc.jsonl") {
					continue
				}
				if f.ReplacedAt == nil || len(f.KeptSessionIDs) != 1 || slices.Contains(f.SessionIDs, f.KeptSessionIDs[0]) {
					t.Fatalf("truncated file: replaced at %v, kept %v, sessions %v", f.ReplacedAt, f.KeptSessionIDs, f.SessionIDs)
				}
				if at, err := st.SessionKeptByBaton(ctx, steward.ID, f.KeptSessionIDs[0]); err != nil || at == nil || !at.Equal(*f.ReplacedAt) {
					t.Errorf("the truncated file's first session: kept by Baton since %v (%v), want %v", at, err, f.ReplacedAt)
				}
				if msgs, err := st.SessionMessages(ctx, steward.ID, f.KeptSessionIDs[0]); err != nil || len(msgs) == 0 {
					t.Errorf("the truncated file's first session has %d messages (%v)", len(msgs), err)
				}
			}
			folders := baton.SumWatchedFolders(files)
			if len(folders) != 1 || folders[0].Files != 5 || folders[0].Sessions != 5 || folders[0].Deleted != 2 || folders[0].Replaced != 1 || folders[0].Errors != 0 {
				t.Errorf("folders %+v", folders)
			}
		})
	}
}

// TestBadLinesAreReportedPerFile: a rollout with a broken line is stored
// without it, and the file's state names the line.
func TestBadLinesAreReportedPerFile(t *testing.T) {
	ctx := context.Background()
	st, steward, home, a := anaWithAgent(t)
	a.Start("bad")
	a.Turn("bad")
	a.Write("bad", "{not json\n")
	a.Turn("bad")
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
	if counts := watchtest.StoredNumbers(t, st, steward.ID); len(counts) != 4 {
		t.Errorf("stored %v, want the four good messages", counts)
	}
}

// TestRunFollowsNotifications: with an interval far longer than the test,
// a line the agent appends is stored all the same — a notification starts
// the pass.
func TestRunFollowsNotifications(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, steward, home, a := anaWithAgent(t)
	a.Start("live")
	a.Turn("live")
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
			if len(watchtest.StoredNumbers(t, st, steward.ID)) == n {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("stored %v, want %d messages", watchtest.StoredNumbers(t, st, steward.ID), n)
	}
	waitFor(2)
	a.Turn("live")
	waitFor(4)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// moreSink notes the More of each rollout and transcript request, by file.
type moreSink struct {
	watch.Sink
	mu   sync.Mutex // Settle calls ImportLines from several goroutines
	more map[string][]bool
}

func (s *moreSink) ImportLines(ctx context.Context, req watch.LinesRequest) (watch.LinesResult, error) {
	s.mu.Lock()
	s.more[filepath.Base(req.Path)] = append(s.more[filepath.Base(req.Path)], req.More)
	s.mu.Unlock()
	return s.Sink.ImportLines(ctx, req)
}

func (s *moreSink) ImportTranscript(ctx context.Context, req watch.TranscriptRequest) (watch.TranscriptResult, error) {
	s.mu.Lock()
	s.more[filepath.Base(req.Path)] = append(s.more[filepath.Base(req.Path)], req.More)
	s.mu.Unlock()
	return s.Sink.ImportTranscript(ctx, req)
}

// scannedWithMoreSink is a watcher over home's default folders, its clock
// stopped at now, writing through a moreSink into st as steward, after
// its first scan.
func scannedWithMoreSink(t *testing.T, st *store.Store, steward *baton.Steward, home string, now time.Time) (*watch.Watcher, *moreSink) {
	t.Helper()
	sink := &moreSink{Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}, more: map[string][]bool{}}
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), StateDir: t.TempDir(), Sink: sink,
		Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return w, sink
}

// TestSettleAnalysesEveryGrowingRollout: rollouts still being written are
// stored with More, and Settle has each of their sessions analysed, once
// (they are settled a few at a time): a second Settle sends nothing.
func TestSettleAnalysesEveryGrowingRollout(t *testing.T) {
	ctx := context.Background()
	st, steward, home, a := anaWithAgent(t)
	ids := []string{"a", "b", "c", "d", "e"}
	for _, id := range ids {
		a.Start(id)
		a.Turn(id)
	}
	now := time.Now()
	w, sink := scannedWithMoreSink(t, st, steward, home, now)
	indexed := func() int {
		page, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 10})
		if err != nil || len(page.Sessions) != len(ids) {
			t.Fatalf("sessions %d, %v; want %d", len(page.Sessions), err, len(ids))
		}
		n := 0
		for _, s := range page.Sessions {
			if s.Indexed {
				n++
			}
		}
		return n
	}
	if n := indexed(); n != 0 {
		t.Fatalf("%d sessions analysed while their rollouts grow, want none", n)
	}
	for range 2 {
		if err := w.Settle(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := indexed(); n != len(ids) {
		t.Errorf("%d sessions analysed once settled, want %d", n, len(ids))
	}
	for _, id := range ids {
		if got := sink.more[filepath.Base(a.Path(id))]; !slices.Equal(got, []bool{true, false}) {
			t.Errorf("rollout %s: requests with More %v, want its lines with More, then one settling it", id, got)
		}
	}
}

// TestQuietRolloutIsAnalysedAsItIsRead: a rollout that stopped growing
// before the watcher started (a first sync) goes in one request without
// More, its session analysed from the lines just read; one still being
// written goes with More, its session analysed only once it settles.
func TestQuietRolloutIsAnalysedAsItIsRead(t *testing.T) {
	ctx := context.Background()
	st, steward, home, a := anaWithAgent(t)
	for _, id := range []string{"old", "live"} {
		a.Start(id)
		a.Turn(id)
		a.Turn(id)
	}
	now := time.Now()
	if err := os.Chtimes(a.Path("old"), now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	w, sink := scannedWithMoreSink(t, st, steward, home, now)
	old, live := filepath.Base(a.Path("old")), filepath.Base(a.Path("live"))
	if got := sink.more[old]; !slices.Equal(got, []bool{false}) {
		t.Errorf("the quiet rollout's requests had More %v, want one without", got)
	}
	if got := sink.more[live]; !slices.Equal(got, []bool{true}) {
		t.Errorf("the growing rollout's requests had More %v, want one with", got)
	}
	indexed := func() (out []string) {
		page, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 10})
		if err != nil || len(page.Sessions) != 2 {
			t.Fatalf("sessions %d, %v; want 2", len(page.Sessions), err)
		}
		for _, s := range page.Sessions {
			if s.Indexed {
				out = append(out, s.SourceRef)
			}
		}
		slices.Sort(out)
		return out
	}
	if got := indexed(); !slices.Equal(got, []string{"old"}) {
		t.Errorf("sessions analysed after the pass: %q, want the quiet one's", got)
	}
	if err := w.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if got := indexed(); !slices.Equal(got, []string{"live", "old"}) {
		t.Errorf("sessions analysed once settled: %q, want both", got)
	}
}

// TestQuietTranscriptIsSettledAsItIsRead: a long-running watcher's first
// pass sends a Claude Code transcript that stopped growing before it
// started without More, its session analysed from the lines just read;
// one still being written goes with More and waits for a later pass.
func TestQuietTranscriptIsSettledAsItIsRead(t *testing.T) {
	ctx := context.Background()
	st, steward, home, _ := anaWithAgent(t)
	src := "../ingest/claudecode/testdata/projects/-home-dev-shop/"
	old, live := "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl", "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl"
	dir := filepath.Join(home, ".claude", "projects", "-home-dev-shop")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, name := range []string{old, live} {
		data, err := os.ReadFile(src + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(filepath.Join(dir, old), now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	w, sink := scannedWithMoreSink(t, st, steward, home, now)
	if got := sink.more[old]; !slices.Equal(got, []bool{false}) {
		t.Errorf("the quiet transcript's requests had More %v, want one without", got)
	}
	if got := sink.more[live]; !slices.Equal(got, []bool{true}) {
		t.Errorf("the growing transcript's requests had More %v, want one with", got)
	}
	page, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 10})
	if err != nil || len(page.Sessions) != 2 {
		t.Fatalf("sessions %d, %v; want 2", len(page.Sessions), err)
	}
	var analysed []string
	for _, s := range page.Sessions {
		if s.Indexed {
			analysed = append(analysed, s.SourceRef)
		}
	}
	if want := strings.TrimSuffix(old, ".jsonl"); !slices.Equal(analysed, []string{want}) {
		t.Errorf("sessions analysed after the first pass: %q, want the quiet one's, %s", analysed, want)
	}
	for _, f := range w.Files() {
		if filepath.Base(f.Path) == old && f.Error != "" {
			t.Errorf("%s: %s", f.Path, f.Error)
		}
	}
}

// TestOnceAnalysesEachRolloutAsItIsRead: with no pass to follow
// (`baton watch --once`), a rollout just written is read in parts, each
// but the last with More, and its session is analysed once, from the last
// part's request, not read back from the store by Settle: Settle has
// nothing left to send.
func TestOnceAnalysesEachRolloutAsItIsRead(t *testing.T) {
	ctx := context.Background()
	st, steward, home, a := anaWithAgent(t)
	ids := []string{"a", "b", "c"}
	for _, id := range ids {
		a.Start(id)
		for range 10 {
			a.Turn(id)
		}
	}
	now := time.Now() // the rollouts were written just now
	sink := &moreSink{Sink: watch.LocalSink{Importer: ingest.New(st), Store: st, StewardID: steward.ID}, more: map[string][]bool{}}
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), StateDir: t.TempDir(), Sink: sink,
		Once: true, ChunkBytes: 1024, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	scanned := map[string]int{}
	for name, more := range sink.more {
		scanned[name] = len(more)
	}
	if err := w.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		got := sink.more[filepath.Base(a.Path(id))]
		if settled := len(got) - scanned[filepath.Base(a.Path(id))]; settled != 0 {
			t.Errorf("rollout %s: Settle sent %d requests, want none (analysed from the pass's lines)", id, settled)
		}
		analysed := 0
		for _, more := range got {
			if !more {
				analysed++
			}
		}
		if len(got) < 2 || got[len(got)-1] || analysed != 1 {
			t.Errorf("rollout %s: requests with More %v, want its parts with More and the last without, the only one", id, got)
		}
	}
	page, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 10})
	if err != nil || len(page.Sessions) != len(ids) {
		t.Fatalf("sessions %d, %v; want %d", len(page.Sessions), err, len(ids))
	}
	for _, s := range page.Sessions {
		if !s.Indexed {
			t.Errorf("session %s not analysed", s.SourceRef)
		}
	}
	if n := watchtest.StoredNumbers(t, st, steward.ID); len(n) != a.Next {
		t.Errorf("%d numbered messages stored, want %d", len(n), a.Next)
	}
}

// anaWithAgent opens a SQLite store with the steward ana and a fake agent
// writing rollouts under a home folder of its own.
func anaWithAgent(t *testing.T) (*store.Store, *baton.Steward, string, *watchtest.Agent) {
	t.Helper()
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	steward := &baton.Steward{Username: "ana"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	return st, steward, home, watchtest.NewAgent(t, home)
}
