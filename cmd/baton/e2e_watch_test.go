package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWatchedFoldersAndKeptSessions: `baton watch --once` sends a
// Codex CLI rollout and a Gemini CLI chat to the server; the steward finds
// the folder on the Sources page, opens the Codex session, and — after the
// agent deleted the rollout and the watcher passed again — sees it marked
// kept by Baton; then Gemini CLI writes its chat file anew with another
// chat, and the page lists the file as rewritten, linking the earlier
// session, kept by Baton.
func TestBrowserWatchedFoldersAndKeptSessions(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")
	home := t.TempDir()
	rollout := filepath.Join(home, "agents", "codex", "2025", "11", "02", "rollout-2025-11-02T09-00-00-0199a1b2.jsonl")
	chat := filepath.Join(home, "agents", "gemini", "7f3e9a", "chats", "session-2025-10-18T14-57-a1b2c3d4.json")
	for from, to := range map[string]string{
		"../../internal/ingest/codex/testdata/tools.jsonl":                                              rollout,
		"../../internal/ingest/gemini/testdata/tmp/7f3e9a/chats/session-2025-10-18T14-57-a1b2c3d4.json": chat,
	} {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(to), 0o755)
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	watchEnv := func(k string) string {
		switch k {
		case "BATON_URL":
			return base
		case "BATON_TOKEN":
			return token
		}
		return env(k)
	}
	watchOnce := func() string {
		t.Helper()
		var out strings.Builder
		err := run(context.Background(), []string{"watch", "--once", "--no-defaults", "--dir", filepath.Join(home, "agents"), "--state", filepath.Join(home, "state")}, watchEnv, nil, &out, io.Discard)
		if err != nil {
			t.Fatalf("baton watch --once: %v (%s)", err, out.String())
		}
		return out.String()
	}
	if out := watchOnce(); !strings.Contains(out, "2 files, 2 stored") {
		t.Fatalf("first pass: %q", out)
	}

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "a long enough password"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
		// Sources is linked from the Import page, where agents' files come in.
		chromedp.Click(chromedp.CSS(`nav a[href="/import"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#formats-title`)),
		chromedp.Click(chromedp.CSS(`.formats a[href="/sources"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#source-folders`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	table, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#source-folders tbody`)))
	if err != nil || !strings.Contains(table, filepath.Join(home, "agents")) || !strings.Contains(table, "every format") {
		t.Fatalf("folders table %q, %v", table, err)
	}

	// The agent deletes its rollout; the next pass notices.
	if err := os.Remove(rollout); err != nil {
		t.Fatal(err)
	}
	if out := watchOnce(); !strings.Contains(out, "1 deleted upstream") {
		t.Fatalf("second pass: %q", out)
	}
	err = chromedp.Do(ctx,
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`#source-deleted a[href^="/sessions/"]`)),
		chromedp.Click(chromedp.CSS(`#source-deleted a[href^="/sessions/"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#session-title`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#session-title`)))
	if err != nil || !strings.Contains(strings.ToLower(title), "cart total") {
		t.Errorf("session title %q, %v", title, err)
	}
	badge, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.badge-kept`)))
	if err != nil || badge != "kept by Baton" {
		t.Errorf("kept badge %q, %v", badge, err)
	}
	if os.Getenv("BATON_SCREENSHOTS") != "" {
		png, _ := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		os.WriteFile(filepath.Join(os.Getenv("BATON_SCREENSHOTS"), "kept-by-baton.png"), png, 0o644)
	}

	// Gemini CLI writes the chat file anew, shorter, with another chat:
	// the Sources page says so and links the earlier session, still kept.
	other, err := os.ReadFile("../../internal/ingest/gemini/testdata/real-kvsankar-session-01.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(chat, other, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := watchOnce(); !strings.Contains(out, "1 stored") {
		t.Fatalf("third pass: %q", out)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/sources"),
		chromedp.WaitVisible(chromedp.CSS(`#source-replaced a.source-kept-session`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	replaced, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#source-replaced`)))
	if err != nil || !strings.Contains(replaced, chat) || !strings.Contains(replaced, "1 earlier session(s) no longer in it, kept by Baton") {
		t.Errorf("replaced files %q, %v", replaced, err)
	}
	rewritten, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#source-folders td[data-label="Rewritten"]`)))
	if err != nil || strings.TrimSpace(rewritten) != "1" {
		t.Errorf("rewritten column %q, %v", rewritten, err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#source-replaced a.source-kept-session`)),
		chromedp.WaitVisible(chromedp.CSS(`#session-title`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	title, err = chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#session-title`)))
	if err != nil || !strings.Contains(title, "pytest tests for util.py") {
		t.Errorf("earlier session's title %q, %v", title, err)
	}
	badge, err = chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.badge-kept`)))
	if err != nil || badge != "kept by Baton" {
		t.Errorf("the earlier session's kept badge %q, %v", badge, err)
	}
}
