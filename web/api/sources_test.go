package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/client"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
	"github.com/baton-dev/baton/internal/watch/watchtest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// remoteWatcher watches home's agent folders into the server at url as
// `baton watch` does (with token; its state and spool under home); cfg
// sets the rest. pass scans once and fails the test on an error.
func remoteWatcher(t *testing.T, url, token, home string, cfg watch.Config) (w *watch.Watcher, pass func() watch.PassResult) {
	t.Helper()
	c, err := client.New(url, token, "watch-test", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Folders = watch.DefaultFolders(home)
	cfg.StateDir = filepath.Join(home, "state")
	cfg.Sink = watch.RemoteSink{Client: c, SpoolDir: filepath.Join(home, "state", "spool")}
	if w, err = watch.New(cfg); err != nil {
		t.Fatal(err)
	}
	return w, func() watch.PassResult {
		t.Helper()
		res, err := w.Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
}

// TestWatchIntoAServer runs `baton watch`'s watcher against the server
// through a proxy that can take the server away: while it is down, a file
// the agent writes and then deletes waits in the spool, and is stored once
// the server is back. Every message is stored exactly once, the Sources
// page and the API show the folder, and the deleted file's session is kept
// by Baton — for its steward only.
func TestWatchIntoAServer(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ctx := context.Background()
		target, _ := url.Parse(a.Srv.URL)
		var down atomic.Bool
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() {
				http.Error(w, "server stopped", http.StatusServiceUnavailable)
				return
			}
			httputil.NewSingleHostReverseProxy(target).ServeHTTP(w, r)
		}))
		defer proxy.Close()
		home := t.TempDir()
		agent := watchtest.NewAgent(t, home)
		_, pass := remoteWatcher(t, proxy.URL, a.AdaToken, home, watch.Config{})
		agent.Start("kept")
		agent.Turn("kept")
		if res := pass(); res.Imported != 1 {
			t.Fatalf("first pass %+v", res)
		}
		down.Store(true)
		agent.Turn("kept")
		agent.Start("brief")
		agent.Turn("brief")
		if res := pass(); res.Failed != 2 {
			t.Errorf("while down: %+v, want two files waiting", res)
		}
		if err := os.Remove(agent.Path("brief")); err != nil { // the agent's clean-up, before the server is back
			t.Fatal(err)
		}
		down.Store(false)
		pass()
		pass()

		counts := watchtest.StoredNumbers(t, a.St, a.Ada.ID)
		page, err := a.St.ListSessions(ctx, a.Ada.ID, baton.SessionFilter{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		var briefID string
		for _, s := range page.Sessions {
			if s.SourceRef == "brief" {
				briefID = s.ID
			}
		}
		for n := 1; n <= agent.Next; n++ {
			if counts[n] != 1 {
				t.Errorf("message number %d stored %d times", n, counts[n])
			}
		}
		if briefID == "" {
			t.Fatal("the file deleted while the server was down was not stored from the spool")
		}

		ada := a.SignIn("ada")
		doc, resp := ada.Get("/sources")
		if resp.StatusCode != 200 || doc.Find("tr.source-folder").Length() != 1 {
			t.Fatalf("/sources: %d, %d folder rows", resp.StatusCode, doc.Find("tr.source-folder").Length())
		}
		row := doc.Find("tr.source-folder")
		if got := strings.TrimSpace(row.Find(`td[data-label="Deleted upstream"]`).Text()); got != "1" {
			t.Errorf("deleted upstream %q", got)
		}
		if got := strings.TrimSpace(row.Find(`td[data-label="Sessions kept"]`).Text()); got != "2" {
			t.Errorf("sessions kept %q", got)
		}
		if doc.Find(`#source-deleted a[href="/sessions/`+briefID+`"]`).Length() != 1 {
			t.Error("the deleted file does not link its session")
		}
		doc, _ = ada.Get("/sessions/" + briefID)
		if doc.Find(".badge-kept").Length() != 1 {
			t.Error("the session of the deleted file is not marked kept by Baton")
		}

		// Bob sees none of it, and cannot point a report at Ada's session.
		var theirs struct {
			Folders []baton.WatchedFolder `json:"folders"`
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/sources", nil, &theirs); code != 200 || len(theirs.Folders) != 0 {
			t.Errorf("bob's sources: %d %+v", code, theirs)
		}
		report := map[string]any{"files": []any{map[string]any{"path": "/x/rollout-1.jsonl", "agent": "codex-cli", "folder": "/x", "size": 1,
			"mod_time": "2025-11-02T09:00:00Z", "seen_at": "2025-11-02T09:00:00Z", "deleted_at": "2025-11-02T10:00:00Z", "session_ids": []string{briefID},
			"replaced_at": "2025-11-02T09:30:00Z", "kept_session_ids": []string{briefID}}}}
		if code := a.API(a.BobToken, "POST", "/api/v1/sources", report, nil); code != 200 {
			t.Errorf("bob's report: %d", code)
		}
		files, _ := a.St.WatchedFiles(ctx, a.Bob.ID)
		if len(files) != 1 || len(files[0].SessionIDs) != 0 || len(files[0].KeptSessionIDs) != 0 || files[0].ReplacedAt == nil {
			t.Errorf("bob's report kept another steward's session id: %+v", files)
		}
		doc, resp = a.SignIn("bob").Get("/sources")
		if resp.StatusCode != 200 || doc.Find("#source-deleted a").Length() != 0 {
			t.Errorf("bob's /sources links a session: %d", doc.Find("#source-deleted a").Length())
		}
	})
}

// TestImportFileRefusesBadInput: each bad field is named, and nothing is
// stored.
func TestImportFileRefusesBadInput(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		for _, tc := range []struct {
			body  string
			field string
		}{
			{`{"path":"","data":"eA=="}`, "path"},
			{`{"path":"/home/a/..","data":"eA=="}`, "path"},
			{`{"path":"rollout-1.jsonl","data":""}`, "data"},
			{`{"path":"rollout-1.jsonl","data":"eA==","subagents":[{"name":"../x.jsonl","data":"eA=="}]}`, "subagents"},
			{`{"path":"rollout-1.jsonl","data":"eA==","mod_time":"0000-01-01T00:00:00Z"}`, "mod_time"},
			{`{"path":"rollout-1.jsonl","data":"eA==","owner":1}`, "owner"},
			{`{"path":"a\u0000b.jsonl","data":"eA=="}`, "path"},
			{`{"path":"/p/s.jsonl","parts":[{"file":"","offset":0,"lines":"{}\n"}],"data":"eA=="}`, "parts"},
			{`{"path":"/p/s.jsonl","parts":[{"file":"../x","offset":0,"lines":"{}\n"}]}`, "parts[0].file"},
			{`{"path":"/p/s.jsonl","parts":[{"file":"","offset":-1,"lines":"{}\n"}]}`, "parts[0].offset"},
			{`{"path":"/p/s.jsonl","parts":[{"file":"","offset":0,"lines":"{}"}]}`, "parts[0].lines"},
			{`{"path":"/p/rollout-1.jsonl","parts":[{"file":"","offset":0,"lines":"{}\n"}]}`, "path"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "POST", "/api/v1/import/file", tc.body, &e); code != 400 || e.Error.Field != tc.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", tc.body, code, e.Error, tc.field)
			}
		}
		var res struct {
			Results []baton.ImportResult `json:"results"`
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/import/file", `{"path":"notes.txt","data":"aGVsbG8="}`, &res); code != 200 || len(res.Results) != 1 || res.Results[0].Status != baton.ImportRejected {
			t.Errorf("an unknown format: %d %+v, want one rejected result", code, res)
		}
		page, _ := a.St.ListSessions(context.Background(), a.Ada.ID, baton.SessionFilter{Limit: 5})
		if len(page.Sessions) != 0 {
			t.Errorf("bad input stored %d sessions", len(page.Sessions))
		}
	})
}

// TestWatchSendsARolloutLargerThanARequest: a rollout larger than the
// API's body limit (set low here, as a real one is 64 MB) is stored whole:
// the watcher sends its lines in parts, halving them while the server
// answers "too large", each part after the state the previous answered.
// Every message is stored once, in one session; then the lines appended
// to it are read and sent alone.
func TestWatchSendsARolloutLargerThanARequest(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)["sqlite"])
	a := &webtest.App{T: t, St: st}
	a.Ada, a.AdaToken = a.Steward("ana")
	srv := httptest.NewServer(webtest.Server(st, slog.New(slog.NewTextHandler(io.Discard, nil)),
		web.Config{APIBodyLimit: "256K"}))
	defer srv.Close()
	home := t.TempDir()
	agent := watchtest.NewAgent(t, home)
	agent.Start("large")
	padding := strings.Repeat("so much to say ", 60)
	for range 800 {
		agent.Next++
		agent.Write("large", agent.Line(map[string]any{"timestamp": agent.At.Format(time.RFC3339Nano), "type": "response_item",
			"payload": map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text",
				"text": fmt.Sprintf("message number %d %s", agent.Next, padding)}}}}))
	}
	info, err := os.Stat(agent.Path("large"))
	if err != nil || info.Size() < 3*256<<10 {
		t.Fatalf("the rollout is %d bytes, want several times the limit (%v)", info.Size(), err)
	}
	w, pass := remoteWatcher(t, srv.URL, a.AdaToken, home, watch.Config{})
	if res := pass(); res.Imported != 1 || res.Failed != 0 {
		t.Fatalf("pass %+v", res)
	}
	read := w.BytesRead()
	if read != info.Size() {
		t.Errorf("read %d bytes of a %d-byte rollout", read, info.Size())
	}
	agent.Turn("large")
	pass()
	grown, _ := os.Stat(agent.Path("large"))
	if got, appended := w.BytesRead()-read, grown.Size()-info.Size(); got < appended || got > appended+1024 {
		t.Errorf("second pass read %d bytes; %d were appended", got, appended)
	}
	page, err := st.ListSessions(context.Background(), a.Ada.ID, baton.SessionFilter{Limit: 10})
	if err != nil || len(page.Sessions) != 1 {
		t.Fatalf("sessions %+v, %v", page, err)
	}
	msgs, err := st.SessionMessages(context.Background(), a.Ada.ID, page.Sessions[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]int{}
	for _, m := range msgs {
		var n int
		if _, err := fmt.Sscanf(m.Content, "message number %d", &n); err == nil {
			counts[n]++
		}
	}
	for n := 1; n <= agent.Next; n++ {
		if counts[n] != 1 {
			t.Fatalf("message number %d stored %d times", n, counts[n])
		}
	}
	if page.Sessions[0].MessageCount != agent.Next {
		t.Errorf("session counts %d messages; %d were written", page.Sessions[0].MessageCount, agent.Next)
	}
}

// TestSourcesShowsBadLinesWithTheirFile: a rollout with a broken line,
// watched into the server, is stored without that line; the line stops
// nothing after it (in the same part, or appended later), and the
// Sources page names the file and the line.
func TestSourcesShowsBadLinesWithTheirFile(t *testing.T) {
	a := webtest.New(t, storetest.Databases(t)["sqlite"])
	home := t.TempDir()
	agent := watchtest.NewAgent(t, home)
	agent.Start("broken")
	agent.Turn("broken")
	agent.Write("broken", "{\"timestamp\": \"2025-11-02T09:00:05Z\", \"type\": \"response_item\", \"payload\": {oops\n")
	agent.Turn("broken")
	_, pass := remoteWatcher(t, a.Srv.URL, a.AdaToken, home, watch.Config{})
	pass()
	agent.Turn("broken") // appended after the bad line was read
	pass()
	ctx := context.Background()
	page, err := a.St.ListSessions(ctx, a.Ada.ID, baton.SessionFilter{Limit: 10})
	if err != nil || len(page.Sessions) != 1 || page.Sessions[0].MessageCount != 6 {
		t.Fatalf("sessions %+v, %v; want one of the six good messages", page.Sessions, err)
	}
	doc, resp := a.SignIn("ada").Get("/sources")
	if resp.StatusCode != 200 {
		t.Fatalf("/sources: %d", resp.StatusCode)
	}
	errs := doc.Find("#source-errors")
	if !strings.Contains(errs.Text(), "rollout-2025-11-02T09-00-00-broken.jsonl") || !strings.Contains(errs.Text(), "line 4:") {
		t.Errorf("the Sources page's errors %q do not name the file and its line 4", strings.TrimSpace(errs.Text()))
	}
	if got := strings.TrimSpace(doc.Find(`tr.source-folder td[data-label="Errors"]`).Text()); got != "1" {
		t.Errorf("folder errors %q, want 1", got)
	}
}

// TestWatchClaudeCodeIntoAServer: the watcher sends a Claude Code
// session's transcript and subagent files to a server by their new lines,
// as the agent writes them. The server goes down (the files wait in the
// spool) and comes back as a new process that holds no reading of the
// earlier lines: it answers 409 and the watcher sends the files again from
// their start. The session ends up as an import of the whole files makes
// it, each message once, and the Sources page shows the folder.
func TestWatchClaudeCodeIntoAServer(t *testing.T) {
	const src = "../../internal/ingest/claudecode/testdata/projects/-home-dev-shop"
	const session = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"
	main, err := os.ReadFile(filepath.Join(src, session+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := os.ReadFile(filepath.Join(src, session, "subagents", "agent-a1b2c3d.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ctx := context.Background()
		var target atomic.Pointer[url.URL]
		first, _ := url.Parse(a.Srv.URL)
		target.Store(first)
		var down atomic.Bool
		var conflicts atomic.Int32
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() {
				http.Error(w, "server stopped", http.StatusServiceUnavailable)
				return
			}
			rp := httputil.NewSingleHostReverseProxy(target.Load())
			rp.ModifyResponse = func(resp *http.Response) error {
				if resp.StatusCode == http.StatusConflict {
					conflicts.Add(1)
				}
				return nil
			}
			rp.ServeHTTP(w, r)
		}))
		defer proxy.Close()
		home := t.TempDir()
		project := filepath.Join(home, ".claude", "projects", "-home-dev-shop")
		path := filepath.Join(project, session+".jsonl")
		subPath := filepath.Join(project, session, "subagents", "agent-a1b2c3d.jsonl")
		if err := os.MkdirAll(filepath.Dir(subPath), 0o755); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		_, pass := remoteWatcher(t, proxy.URL, a.AdaToken, home, watch.Config{ChunkBytes: 4096, Now: func() time.Time { return now }})
		third := len(main) / 3
		if err := os.WriteFile(path, main[:third], 0o644); err != nil {
			t.Fatal(err)
		}
		if res := pass(); res.Imported != 1 {
			t.Fatalf("first pass %+v", res)
		}
		down.Store(true)
		if err := os.WriteFile(path, main[:2*third], 0o644); err != nil {
			t.Fatal(err)
		}
		if res := pass(); res.Failed != 1 {
			t.Errorf("while down: %+v, want the transcript waiting", res)
		}
		// Back as a new process over the same database.
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		second := httptest.NewServer(webtest.Server(a.St, log, web.Config{MaxUploadBytes: 1 << 20}))
		defer second.Close()
		u, _ := url.Parse(second.URL)
		target.Store(u)
		down.Store(false)
		if err := os.WriteFile(path, main, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(subPath, sub, 0o644); err != nil {
			t.Fatal(err)
		}
		pass()
		if conflicts.Load() == 0 {
			t.Error("the new server process was sent lines past what it holds without a 409")
		}
		now = now.Add(time.Hour) // the agent has stopped: the session settles
		pass()

		if _, err := ingest.New(a.St).ImportPath(ctx, a.Bob.ID, filepath.Join(home, ".claude", "projects"), nil); err != nil {
			t.Fatal(err)
		}
		messages := func(stewardID int64) []string {
			page, err := a.St.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 10})
			if err != nil || len(page.Sessions) != 1 {
				t.Fatalf("sessions %+v (%v), want one", page, err)
			}
			convs, _ := a.St.Conversations(ctx, stewardID, page.Sessions[0].ID)
			key := map[string]string{}
			for _, cv := range convs {
				key[cv.ID] = cv.SourceRef
			}
			msgs, _ := a.St.SessionMessages(ctx, stewardID, page.Sessions[0].ID)
			var out []string
			for _, m := range msgs {
				out = append(out, fmt.Sprintf("%s %d %s %s %q", key[m.ConversationID], m.Seq, m.SourceID, m.Role, m.Content))
			}
			sort.Strings(out)
			return out
		}
		got, want := messages(a.Ada.ID), messages(a.Bob.ID)
		if len(want) < 10 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("watched into the server:\n%s\n\nimported whole:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		doc, resp := a.SignIn("ada").Get("/sources")
		if resp.StatusCode != 200 || doc.Find("tr.source-folder").Length() != 1 {
			t.Fatalf("/sources: %d, %d folder rows", resp.StatusCode, doc.Find("tr.source-folder").Length())
		}
		if got := doc.Find("#source-errors").Text(); !strings.Contains(got, session+".jsonl:36:") {
			t.Errorf("the transcript's broken line 36 is not on the Sources page: %q", got)
		}
	})
}
