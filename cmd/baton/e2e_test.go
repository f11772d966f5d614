package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browserPath is Debian's Chromium unless BATON_CHROMIUM says otherwise.
func browserPath(t *testing.T) string {
	path := os.Getenv("BATON_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no Chromium at %s: make test installs it", path)
		}
		t.Skipf("no Chromium at %s", path)
	}
	return path
}

// newBrowser starts headless Chromium for one test, which gets 90 s.
func newBrowser(t *testing.T) context.Context {
	return newBrowserFor(t, 90*time.Second)
}

// newBrowserFor starts headless Chromium for a test that needs budget.
func newBrowserFor(t *testing.T, budget time.Duration) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browserPath(t)), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-quic", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, budget)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	return ctx
}

// htmxSettled waits until htmx has processed everything it swapped in.
// Until then a new element carries the class htmx-added and its hx-
// attributes do nothing yet: a click on a fresh link with an hx-get would
// follow its plain href instead (for "#…" on the same page, nothing at all).
func htmxSettled() chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](`!document.querySelector(".htmx-added, .htmx-settling, .htmx-swapping")`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))
}

// longConversation is a structured document with n messages between two people.
func longConversation(n int) []byte {
	var msgs []map[string]string
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		speaker := "Ada"
		if i%2 == 1 {
			speaker = "Claude"
		}
		msgs = append(msgs, map[string]string{"speaker": speaker, "time": t0.Add(time.Duration(i) * time.Minute).Format(time.RFC3339),
			"content": fmt.Sprintf("Step %d of the migration: **check** the `schema` again.", i+1)})
	}
	b, _ := json.Marshal(map[string]any{"id": "e2e-migration", "metadata": map[string]any{"title": "Migration walkthrough"},
		"conversation": map[string]any{"source": "e2e", "people": []string{"Ada", "Claude"}, "user": "Ada", "conversation": msgs}})
	return b
}

// TestBrowserSignInImportAndScroll is the main flow in a real browser: sign
// in, import a file on the upload page, open the session, scroll the transcript.
func TestBrowserSignInImportAndScroll(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	if err := run(context.Background(), []string{"steward", "add", "ada", "--password-file", pw}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "migration.json")
	os.WriteFile(file, longConversation(300), 0o600)

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "e2e-password-123"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
		chromedp.Navigate(base+"/import"),
		chromedp.SetUploadFiles(chromedp.CSS(`input[type="file"]`), []string{file}),
		// A click, as a steward does, so htmx sends the upload and polls its job.
		chromedp.Click(chromedp.CSS(`#import-form button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#import-results a[href^="/sessions/"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	results, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#import-results`)))
	if err != nil || !strings.Contains(results, "e2e-migration") || !strings.Contains(strings.ToLower(results), "stored") {
		t.Fatalf("import results = %q, %v", results, err)
	}
	// The upload ran as a job whose poll swapped the results in at the end;
	// import.js brings them into view.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#import-results[data-import-finished]`))); err != nil {
		t.Fatal(err)
	}
	// The scroll follows the swap's settle, a moment after the results show.
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](inView(`#import-results h2`), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Errorf("the import results are not in view: %v", err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#import-results a[href^="/sessions/"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)),
	); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#transcript li.msg").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	first := count()
	if first == 0 || first >= 300 {
		t.Fatalf("first render shows %d of 300 messages", first)
	}
	// Scroll to the end until the whole transcript has loaded.
	deadline := time.Now().Add(30 * time.Second)
	for count() < 300 && time.Now().Before(deadline) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.scrollTo(0, document.body.scrollHeight), true`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(150 * time.Millisecond)
	}
	if n := count(); n != 300 {
		t.Fatalf("after scrolling %d of 300 messages are shown", n)
	}
	last, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#m-300`)))
	if err != nil || !strings.Contains(last, "Step 300 of the migration") {
		t.Fatalf("last message = %q, %v", last, err)
	}
	if os.Getenv("BATON_SCREENSHOTS") != "" {
		png, _ := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		os.WriteFile(filepath.Join(os.Getenv("BATON_SCREENSHOTS"), "transcript.png"), png, 0o644)
	}
}
