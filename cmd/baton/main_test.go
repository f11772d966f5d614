package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startBaton runs the real program (`baton serve`) on a free port with a
// fresh database and returns its base URL. The server stops with the test.
func startBaton(t *testing.T, extraEnv map[string]string) (baseURL string, env func(string) string) {
	t.Helper()
	vars := map[string]string{
		"BATON_DATABASE_URL":   "sqlite:" + filepath.Join(t.TempDir(), "baton.db"),
		"BATON_ADDR":           "127.0.0.1:0",
		"BATON_SESSION_SECRET": "test-secret",
	}
	for k, v := range extraEnv {
		vars[k] = v
	}
	env = func(k string) string { return vars[k] }
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, env, nil, pw, io.Discard); pw.Close() }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		if _, addr, ok := strings.Cut(lines.Text(), "listening on "); ok {
			baseURL = addr
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if baseURL == "" {
		t.Fatal("baton serve never said where it listens")
	}
	for i := 0; i < 100; i++ {
		if resp, err := http.Get(baseURL + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return baseURL, env
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("healthz never answered 200")
	return "", nil
}

func TestCommandsCreateStewardAndToken(t *testing.T) {
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "b.db")}
	env := func(k string) string { return vars[k] }
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("a long enough password\n"), 0o600)
	ctx := context.Background()
	var out strings.Builder
	if err := run(ctx, []string{"steward", "add", "ada", "--password-file", pw}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"steward", "add", "ada", "--password-file", pw}, env, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "taken") {
		t.Fatalf("second add: %v", err)
	}
	out.Reset()
	if err := run(ctx, []string{"token", "create", "ada", "laptop"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if tok := strings.TrimSpace(out.String()); !strings.HasPrefix(tok, "bat_") || strings.Contains(tok, " ") {
		t.Fatalf("token create printed %q; want only the token", out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"migrate", "status"}, env, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "0001_init\tapplied") {
		t.Fatalf("migrate status = %q, %v", out.String(), err)
	}
	doc := filepath.Join(t.TempDir(), "doc.json")
	os.WriteFile(doc, []byte(`{"id":"d1","conversation":{"source":"irc","people":["ada","bo"],"user":"ada","conversation":[{"speaker":"ada","content":"hi","time":"2024-01-01T00:00:00Z"}]}}`), 0o600)
	out.Reset()
	if err := run(ctx, []string{"import", "--steward", "ada", doc}, env, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "d1\tstored\t1 messages") {
		t.Fatalf("import = %q, %v", out.String(), err)
	}
	if err := run(ctx, []string{"nonsense"}, env, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
}

func TestServeAnswersHealthz(t *testing.T) {
	base, _ := startBaton(t, nil)
	resp, err := http.Get(base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Fatalf("CSP = %q", csp)
	}
	if c := resp.Header.Get("Set-Cookie"); !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") {
		t.Fatalf("cookie = %q", c)
	}
	fmt.Fprint(io.Discard, base)
}

// A server killed mid-import leaves its upload's temporary folder; the
// next `baton serve` removes it as it starts, and leaves a folder too
// recent to be left over (a running import's, another instance's).
func TestServeRemovesUploadFoldersAStoppedServerLeft(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	left, recent := filepath.Join(tmp, "baton-upload-left"), filepath.Join(tmp, "baton-upload-recent")
	for _, dir := range []string{left, recent} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "0"), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Two days old: well past the day an upload folder may stay.
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(left, old, old); err != nil {
		t.Fatal(err)
	}
	startBaton(t, nil)
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("the folder left by a stopped server is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(recent, "0")); err != nil {
		t.Errorf("a recent upload folder was removed: %v", err)
	}
}
