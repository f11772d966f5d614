package hookclient_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/client"
	"github.com/baton-dev/baton/internal/hookclient"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
)

const (
	fixtureDir     = "../ingest/claudecode/testdata/projects/-home-dev-shop"
	fixtureSession = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"
)

// rig is a Baton server, a steward with a token, and a Claude Code project
// folder whose transcript grows as the test says.
type rig struct {
	t          *testing.T
	st         *store.Store
	srv        *httptest.Server
	steward    *baton.Steward
	token      string
	stateDir   string
	transcript string
	lines      []string
	cfg        hookclient.Config // tuned by tests
	seq        int
}

func newRig(t *testing.T) *rig {
	t.Helper()
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "baton.db"))
	r := &rig{t: t, st: st, steward: &baton.Steward{Username: "ada"}, stateDir: t.TempDir()}
	if err := st.CreateSteward(context.Background(), r.steward); err != nil {
		t.Fatal(err)
	}
	token, hash, prefix := auth.NewToken()
	if _, err := st.CreateToken(context.Background(), r.steward.ID, "hook", hash, prefix); err != nil {
		t.Fatal(err)
	}
	r.token = token
	r.srv = httptest.NewServer(web.New(st, web.NewServices(st, ingest.New(st), nil), "secret", slog.New(slog.NewTextHandler(io.Discard, nil)), web.Config{}))
	t.Cleanup(r.srv.Close)

	data, err := os.ReadFile(filepath.Join(fixtureDir, fixtureSession+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n") {
		r.lines = append(r.lines, strings.TrimSuffix(l, "\n")+"\n") // Claude Code ends every line
	}
	proj := filepath.Join(t.TempDir(), "projects", "-home-dev-shop")
	if err := os.MkdirAll(proj, 0o700); err != nil {
		t.Fatal(err)
	}
	r.transcript = filepath.Join(proj, fixtureSession+".jsonl")
	return r
}

// write makes the transcript its first n lines, as Claude Code appends them.
func (r *rig) write(n int) {
	r.t.Helper()
	if err := os.WriteFile(r.transcript, []byte(strings.Join(r.lines[:n], "")), 0o600); err != nil {
		r.t.Fatal(err)
	}
}

// client returns a client of the server, or of an address nothing listens on.
func (r *rig) client(up bool) *client.Client {
	r.t.Helper()
	url := r.srv.URL
	if !up {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			r.t.Fatal(err)
		}
		url = "http://" + ln.Addr().String()
		ln.Close()
	}
	c, err := client.New(url, r.token, "test", hookclient.DefaultRequestTimeout)
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

// hook runs `baton hook` for one event; seq numbers every event so the
// order they reach the server can be checked.
func (r *rig) hook(up bool, event string, fields map[string]any) string {
	r.t.Helper()
	r.seq++
	p := map[string]any{"session_id": fixtureSession, "transcript_path": r.transcript, "cwd": "/home/dev/shop",
		"hook_event_name": event, "seq": r.seq}
	for k, v := range fields {
		p[k] = v
	}
	payload, _ := json.Marshal(p)
	cfg := r.cfg
	cfg.Dir, cfg.Client = r.stateDir, r.client(up)
	var out strings.Builder
	_ = hookclient.Run(context.Background(), cfg, strings.NewReader(string(payload)), &out)
	return out.String()
}

// received lists the seq of every event the server kept, in the order it
// received them.
func (r *rig) received() []int {
	r.t.Helper()
	var payloads []string
	if err := r.st.DB().NewRaw("SELECT payload FROM hook_events WHERE steward_id = ? ORDER BY id", r.steward.ID).
		Scan(context.Background(), &payloads); err != nil {
		r.t.Fatal(err)
	}
	var out []int
	for _, p := range payloads {
		var v struct{ Seq int }
		_ = json.Unmarshal([]byte(p), &v)
		out = append(out, v.Seq)
	}
	return out
}

func (r *rig) spoolLines() int {
	data, err := os.ReadFile(filepath.Join(r.stateDir, "spool.jsonl"))
	if err != nil {
		return 0
	}
	return strings.Count(string(data), "\n")
}

// sameAsImport checks that the hooked session holds exactly the messages
// an import of the whole transcript gives, in the same order.
func (r *rig) sameAsImport() {
	r.t.Helper()
	ctx := context.Background()
	hooked, err := r.st.SessionBySource(ctx, r.steward.ID, "claude-code", fixtureSession)
	if err != nil {
		r.t.Fatal(err)
	}
	other := &baton.Steward{Username: "import"}
	if err := r.st.CreateSteward(ctx, other); err != nil {
		r.t.Fatal(err)
	}
	res, err := ingest.New(r.st).ImportPath(ctx, other.ID, r.transcript, nil)
	if err != nil || len(res) != 1 {
		r.t.Fatal(res, err)
	}
	got, want := r.messages(r.steward.ID, hooked.ID), r.messages(other.ID, res[0].SessionID)
	if len(want) < 20 || !reflect.DeepEqual(got, want) {
		r.t.Fatalf("hooked session has %d messages, the import %d; first difference:\n%s", len(got), len(want), firstDiff(got, want))
	}
	if hooked.Title != mustSession(r.t, r.st, other.ID, res[0].SessionID).Title {
		r.t.Fatalf("titles differ")
	}
}

func mustSession(t *testing.T, st *store.Store, stewardID int64, id string) *baton.Session {
	s, err := st.Session(context.Background(), stewardID, id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (r *rig) messages(stewardID int64, sessionID string) []string {
	r.t.Helper()
	convs, err := r.st.Conversations(context.Background(), stewardID, sessionID)
	if err != nil {
		r.t.Fatal(err)
	}
	var out []string
	for i, c := range convs {
		msgs, err := r.st.Transcript(context.Background(), stewardID, sessionID, c.ID, 0, store.MaxBatch)
		if err != nil {
			r.t.Fatal(err)
		}
		for _, m := range msgs {
			m.ID, m.StewardID, m.SessionID, m.ConversationID = 0, 0, "", ""
			b, _ := json.Marshal(m)
			out = append(out, fmt.Sprintf("%d %s", i, b))
		}
	}
	return out
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return "hooked:   " + a[i] + "\nimported: " + b[i]
		}
	}
	return "(one is a prefix of the other)"
}

// TestSpoolWhileTheServerIsDown sends the first half of a session with the
// server unreachable, then the rest with it back: every event arrives once,
// in the order it happened, and the session is the import of its transcript.
func TestSpoolWhileTheServerIsDown(t *testing.T) {
	r := newRig(t)
	r.write(0)
	if out := r.hook(false, "SessionStart", map[string]any{"source": "startup"}); out != "" {
		t.Fatalf("SessionStart printed %q with the server down", out)
	}
	half := len(r.lines) / 2
	for n := 1; n <= half; n += 3 {
		r.write(n)
		r.hook(false, "PostToolUse", map[string]any{"tool_name": "Bash"})
	}
	if got := r.received(); len(got) != 0 {
		t.Fatalf("the server got %v while down", got)
	}
	if r.spoolLines() != r.seq {
		t.Fatalf("spool holds %d requests, want %d", r.spoolLines(), r.seq)
	}
	for n := half + 1; n <= len(r.lines); n += 3 {
		r.write(n)
		r.hook(true, "PostToolUse", map[string]any{"tool_name": "Bash"})
	}
	r.write(len(r.lines))
	r.hook(true, "SessionEnd", map[string]any{"reason": "logout"})

	want := make([]int, r.seq)
	for i := range want {
		want[i] = i + 1
	}
	if got := r.received(); !reflect.DeepEqual(got, want) {
		t.Fatalf("the server received events %v, want %v", got, want)
	}
	if n := r.spoolLines(); n != 0 {
		t.Fatalf("%d requests left in the spool", n)
	}
	r.sameAsImport()
	if _, err := os.Stat(filepath.Join(r.stateDir, "sessions", fixtureSession+".json")); !os.IsNotExist(err) {
		t.Errorf("the offsets of an ended, delivered session are kept: %v", err)
	}
}

// TestConcurrentHooks runs hooks of one session at once (parallel tool
// calls) with the server down, then one with it up: the spool is never
// corrupted and every event arrives exactly once.
func TestConcurrentHooks(t *testing.T) {
	r := newRig(t)
	r.write(10)
	var wg sync.WaitGroup
	const n = 12
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			payload, _ := json.Marshal(map[string]any{"session_id": fixtureSession, "transcript_path": r.transcript,
				"hook_event_name": "PreToolUse", "seq": 100 + i})
			cfg := hookclient.Config{Dir: r.stateDir, Client: r.client(false)}
			_ = hookclient.Run(context.Background(), cfg, strings.NewReader(string(payload)), io.Discard)
		}()
	}
	wg.Wait()
	r.write(len(r.lines))
	r.hook(true, "Stop", nil)
	got := r.received()
	seen := map[int]int{}
	for _, s := range got {
		seen[s]++
	}
	for i := range n {
		if seen[100+i] != 1 {
			t.Errorf("event %d arrived %d times", 100+i, seen[100+i])
		}
	}
	if len(got) != n+1 || got[len(got)-1] != r.seq {
		t.Errorf("received %v", got)
	}
	main, _, err := r.st.HookTranscripts(context.Background(), r.steward.ID, fixtureSession)
	if err != nil || string(main) != strings.Join(r.lines, "") {
		t.Fatalf("the server has %d of %d transcript bytes (%v)", len(main), len(strings.Join(r.lines, "")), err)
	}
}

// TestSpoolCap drops the oldest requests past the cap: their events are
// lost, but their transcript lines are not — the server says what it
// misses, and they are read again.
func TestSpoolCap(t *testing.T) {
	r := newRig(t)
	r.cfg.MaxSpool = 12 << 10
	for n := 1; n <= len(r.lines)-5; n += 2 {
		r.write(n)
		r.hook(false, "PostToolUse", nil)
	}
	if size := fileSize(filepath.Join(r.stateDir, "spool.jsonl")); size > 12<<10+int64(len(strings.Join(r.lines, "")))/4 {
		t.Fatalf("spool is %d bytes, capped at 12 KB", size)
	}
	r.write(len(r.lines))
	r.hook(true, "SessionEnd", nil)
	if got := r.received(); len(got) >= r.seq || got[len(got)-1] != r.seq {
		t.Fatalf("received %v of %d events: the cap dropped nothing?", got, r.seq)
	}
	r.sameAsImport()
}

func fileSize(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
}

// TestLongTranscriptInSeveralRequests installs the hook at the very end of
// a session: its SessionEnd sends the whole transcript in several requests
// (tiny chunks here) and the server finalizes with the last.
func TestLongTranscriptInSeveralRequests(t *testing.T) {
	r := newRig(t)
	r.cfg.MaxChunk = 6 << 10
	r.write(len(r.lines))
	r.hook(true, "SessionEnd", map[string]any{"reason": "other"})
	r.sameAsImport()
	s, err := r.st.SessionBySource(context.Background(), r.steward.ID, "claude-code", fixtureSession)
	if err != nil || s.EndedAt == nil {
		t.Fatalf("session not closed: %v", err)
	}
	if got := r.received(); len(got) != 1 {
		t.Fatalf("the event was counted %d times", len(got))
	}
}

// TestEndedWhileTheServerWasDown: a session ends while the server is away,
// with more transcript than one request carries; the next hook of another
// session sends the rest, and the server closes the ended session.
func TestEndedWhileTheServerWasDown(t *testing.T) {
	r := newRig(t)
	r.cfg.MaxChunk = 8 << 10
	r.write(len(r.lines))
	r.hook(false, "SessionEnd", map[string]any{"reason": "logout"})
	ending := filepath.Join(r.stateDir, "ending", fixtureSession)
	if _, err := os.Stat(ending); err != nil {
		t.Fatalf("the unfinished end is not remembered: %v", err)
	}
	r.hook(true, "SessionStart", map[string]any{"session_id": "22222222-3333-4444-8555-666666666666", "source": "startup", "transcript_path": filepath.Join(t.TempDir(), "b.jsonl")})
	s, err := r.st.SessionBySource(context.Background(), r.steward.ID, "claude-code", fixtureSession)
	if err != nil || s.EndedAt == nil {
		t.Fatalf("the ended session is not closed on the server: %v", err)
	}
	r.sameAsImport()
	if _, err := os.Stat(ending); !os.IsNotExist(err) {
		t.Errorf("the end is still remembered: %v", err)
	}
	if _, err := os.Stat(filepath.Join(r.stateDir, "sessions", fixtureSession+".json")); !os.IsNotExist(err) {
		t.Errorf("the ended session's offsets are still kept: %v", err)
	}
}

// TestBusyStateFolder: a hook that cannot get the lock in time (another
// hook is stuck on a hanging server) leaves its event in pending/; the next
// hook sends it, in order, and finishes the SessionEnd it was.
func TestBusyStateFolder(t *testing.T) {
	r := newRig(t)
	r.write(len(r.lines))
	// The stuck hook's request reaches the server while it holds the
	// lock: arrived orders the second hook after that, with no sleep.
	hang, arrived := make(chan struct{}), make(chan struct{}, 1)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		select {
		case arrived <- struct{}{}:
		default:
		}
		<-hang
	}))
	defer slow.Close()
	defer close(hang)
	stuck, _ := client.New(slow.URL, r.token, "test", hookclient.DefaultRequestTimeout)
	payload := func(event string) string {
		return `{"session_id":"` + fixtureSession + `","hook_event_name":"` + event + `","transcript_path":"` + r.transcript + `"}`
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = hookclient.Run(context.Background(), hookclient.Config{Dir: r.stateDir, Client: stuck}, strings.NewReader(payload("PostToolUse")), io.Discard)
	}()
	<-arrived
	// A small budget: the second hook gives up on the lock after part of it.
	err := hookclient.Run(context.Background(), hookclient.Config{Dir: r.stateDir, Client: r.client(true), Budget: 300 * time.Millisecond},
		strings.NewReader(payload("SessionEnd")), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "pending") {
		t.Fatalf("a hook that cannot get the lock did not leave its event in pending/: %v", err)
	}
	wg.Wait()
	if got := r.received(); len(got) != 0 {
		t.Fatalf("received %v", got)
	}
	r.hook(true, "SessionStart", map[string]any{"session_id": "33333333-3333-4444-8555-666666666666", "source": "startup",
		"transcript_path": filepath.Join(t.TempDir(), "c.jsonl")})
	s, err := r.st.SessionBySource(context.Background(), r.steward.ID, "claude-code", fixtureSession)
	if err != nil || s.EndedAt == nil {
		t.Fatalf("the SessionEnd left in pending/ did not close the session: %v", err)
	}
	r.sameAsImport()
	if entries, _ := os.ReadDir(filepath.Join(r.stateDir, "pending")); len(entries) != 0 {
		t.Errorf("pending/ still holds %d files", len(entries))
	}
}

func TestSessionStartPrintsTheContext(t *testing.T) {
	r := newRig(t)
	if _, err := ingest.New(r.st).ImportPath(context.Background(), r.steward.ID, fixtureDir, nil); err != nil {
		t.Fatal(err)
	}
	out := r.hook(true, "SessionStart", map[string]any{"source": "startup", "session_id": "11111111-2222-4333-8444-555555555555", "transcript_path": filepath.Join(t.TempDir(), "b.jsonl")})
	if !strings.HasPrefix(out, "# New Conversation Context") || !strings.Contains(out, "Fix flaky Playwright login test") {
		t.Fatalf("SessionStart printed:\n%s", out)
	}
	if out := r.hook(true, "UserPromptSubmit", map[string]any{"prompt": "hi"}); out != "" {
		t.Fatalf("UserPromptSubmit printed %q: it would go into the prompt", out)
	}
}

// TestBadInputAndAHangingServer: the hook returns within its budget
// whatever it is given, and prints nothing.
func TestBadInputAndAHangingServer(t *testing.T) {
	r := newRig(t)
	var log strings.Builder
	for _, in := range []string{"", "not json", `{"hook_event_name":"Stop"}`, `{"session_id":"../x","hook_event_name":"Stop"}`, `[1,2]`} {
		var out strings.Builder
		err := hookclient.Run(context.Background(), hookclient.Config{Dir: r.stateDir, Client: r.client(true), Log: &log}, strings.NewReader(in), &out)
		if err == nil || out.Len() > 0 {
			t.Errorf("%q: err %v, printed %q", in, err, out.String())
		}
	}
	if !strings.Contains(log.String(), "baton hook:") {
		t.Errorf("nothing logged: %q", log.String())
	}

	// stdin that never ends: Run returns once its (small) budget is spent
	// (were it to wait on stdin, the test would not end).
	pr, pw := io.Pipe()
	defer pw.Close()
	if err := hookclient.Run(context.Background(), hookclient.Config{Dir: r.stateDir, Budget: 300 * time.Millisecond}, pr, io.Discard); err == nil {
		t.Error("a silent stdin is not reported")
	}

	hang := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) { <-hang }))
	defer slow.Close()
	defer close(hang)
	c, _ := client.New(slow.URL, r.token, "test", hookclient.DefaultRequestTimeout)
	payload := `{"session_id":"` + fixtureSession + `","hook_event_name":"Stop","transcript_path":"` + r.transcript + `"}`
	// A hanging server: Run gives up within its budget and spools the
	// request (a test that hung here would not end).
	_ = hookclient.Run(context.Background(), hookclient.Config{Dir: r.stateDir, Client: c, Budget: 500 * time.Millisecond},
		strings.NewReader(payload), io.Discard)
	if r.spoolLines() != 1 {
		t.Errorf("the unanswered request is not in the spool (%d lines)", r.spoolLines())
	}
}
