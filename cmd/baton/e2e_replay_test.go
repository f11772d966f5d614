package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// apiCall calls Baton's JSON API with a bearer token and decodes the answer.
func replayAPI(t *testing.T, base, token, method, path string, body, out any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s = %d: %s", method, path, resp.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

func replaySignIn(t *testing.T, ctx context.Context, base, user, password string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), user),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), password),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
	); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserForkCompareCommentShare is the replay flow in a real browser:
// fork at a message, post the replay's messages through the API, open the
// comparison, comment on an aligned pair, share it with a team; then a
// second steward signs in, sees it shared with them and comments too.
func TestBrowserForkCompareCommentShare(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	for _, who := range []string{"ada", "bob"} {
		if err := run(context.Background(), []string{"steward", "add", who, "--password-file", pw}, env, nil, io.Discard, os.Stderr); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"token", "create", "ada", "e2e"}, env, nil, &out, os.Stderr); err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(out.String())

	var sess struct{ ID string }
	replayAPI(t, base, token, "POST", "/api/v1/sessions", map[string]any{"title": "Parser fix"}, &sess)
	replayAPI(t, base, token, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": []map[string]any{
		{"source_id": "1", "role": "steward", "content": "Fix the failing parser test"},
		{"source_id": "2", "role": "assistant", "content": "I will run the tests first to see the failure."},
		{"source_id": "3", "role": "tool_call", "tool_calls": []map[string]any{{"id": "c1", "name": "Bash", "input": map[string]any{"command": "go test ./parser"}}}},
		{"source_id": "4", "role": "tool_result", "content": "FAIL", "tool_result": map[string]any{"tool_use_id": "c1", "is_error": true}},
		{"source_id": "5", "role": "assistant", "content": "The tokenizer drops the last token; fixed by flushing the buffer at the end."},
	}}, nil)

	// Ada forks after message 1 from the transcript.
	replaySignIn(t, ctx, base, "ada", "e2e-password-123")
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions/"+sess.ID),
		chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)),
		chromedp.Click(chromedp.CSS(`#m-1 .fork-form button`)),
		chromedp.WaitReady(chromedp.CSS(`#side-conversations svg.conv-tree-svg`)),
	); err != nil {
		t.Fatal(err)
	}
	forkURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(forkURL)
	fork := u.Query().Get("c")
	if fork == "" {
		t.Fatalf("after Fork the page is %s, not the new branch", forkURL)
	}
	// The replay's run arrives through the API: the same plan, a passing test.
	replayAPI(t, base, token, "POST", "/api/v1/conversations/"+fork+"/messages", map[string]any{"messages": []map[string]any{
		{"source_id": "r2", "role": "assistant", "content": "I will run the tests first to see what fails."},
		{"source_id": "r3", "role": "tool_call", "tool_calls": []map[string]any{{"id": "d1", "name": "Bash", "input": map[string]any{"command": "go test ./parser"}}}},
		{"source_id": "r4", "role": "tool_result", "content": "ok", "tool_result": map[string]any{"tool_use_id": "d1"}},
		{"source_id": "r5", "role": "assistant", "content": "The tokenizer drops the last token; fixed by flushing the buffer at the end of input."},
	}}, nil)

	// Compare the branch with its parent, comment on the first aligned pair.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions/"+sess.ID+"?c="+fork),
		chromedp.WaitVisible(chromedp.CSS(`#transcript .branch-begins`)),
	); err != nil {
		t.Fatal(err)
	}
	replayScreenshots(t, ctx, "session-fork")
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#side-conversations form[action="/comparisons"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`#verdict`)),
		chromedp.Click(chromedp.CSS(`#pair-r1 .pair-thread summary`)),
		chromedp.SendKeys(chromedp.CSS(`#comment-r1`), "This pair says the same thing."),
		chromedp.Submit(chromedp.CSS(`#comment-r1`)),
		chromedp.WaitVisible(chromedp.CSS(`#pair-r1 .comment`)),
	); err != nil {
		t.Fatal(err)
	}
	verdict, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#verdict`)))
	if strings.ToLower(verdict) != "similar" {
		t.Errorf("verdict = %q, want similar", verdict)
	}
	comparisonURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	comparisonURL = strings.SplitN(strings.SplitN(comparisonURL, "?", 2)[0], "#", 2)[0]

	// A team with bob, and the comparison shared with it.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.SendKeys(chromedp.CSS(`#team-name`), "Reviewers"),
		chromedp.Submit(chromedp.CSS(`#team-name`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-who`)),
		chromedp.SendKeys(chromedp.CSS(`#invite-who`), "bob"),
		chromedp.Submit(chromedp.CSS(`#invite-who`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-url`)),
	); err != nil {
		t.Fatal(err)
	}
	inviteURL, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#invite-url`)))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(comparisonURL),
		chromedp.WaitVisible(chromedp.CSS(`.share-team-form`)),
		chromedp.Submit(chromedp.CSS(`.share-team-form select`)),
		chromedp.WaitVisible(chromedp.CSS(`#sharing-title ~ p a[href^="/teams/"]`)),
	); err != nil {
		t.Fatal(err)
	}

	// Bob accepts, finds the comparison shared with him, and comments.
	bob := newBrowser(t)
	replaySignIn(t, bob, base, "bob", "e2e-password-123")
	if err := chromedp.Do(bob,
		chromedp.Navigate(inviteURL),
		chromedp.WaitVisible(chromedp.CSS(`form[action$="/accept"] button`)),
		chromedp.Click(chromedp.CSS(`form[action$="/accept"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`#team-shares-title`)),
		chromedp.Navigate(base+"/comparisons"),
		chromedp.WaitVisible(chromedp.CSS(`.comparison-list-shared a`)),
		chromedp.Click(chromedp.CSS(`.comparison-list-shared a`)),
		chromedp.WaitVisible(chromedp.CSS(`#pair-r1 .comment`)),
		chromedp.SendKeys(chromedp.CSS(`#comment-all`), "Agreed, ship the replay's fix."),
		chromedp.Submit(chromedp.CSS(`#comment-all`)),
		chromedp.WaitVisible(chromedp.CSS(`#comments .comment`)),
	); err != nil {
		t.Fatal(err)
	}
	thread, _ := chromedp.Run(bob, chromedp.Text(chromedp.CSS(`#comments`)))
	if !strings.Contains(thread, "Agreed, ship the replay's fix.") || !strings.Contains(thread, "bob") {
		t.Errorf("bob's comment thread = %q", thread)
	}
	replayScreenshots(t, bob, "comparison")
}

// replayScreenshots saves the page at both widths into $BATON_SCREENSHOTS, if set.
func replayScreenshots(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("BATON_SCREENSHOTS")
	if dir == "" {
		return
	}
	for _, w := range screenWidths {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w.width, w.height)); err != nil {
			t.Fatal(err)
		}
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			_ = os.WriteFile(filepath.Join(dir, name+"-"+w.name+".png"), png, 0o644)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
}
