package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/chromedp/chromedp"
)

// apiCall calls Baton's JSON API with a token.
func apiCall(t *testing.T, base, token, method, path string, body, out any) int {
	t.Helper()
	var r *bytes.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// TestBrowserBridgeEditor is the bridge editor end to end in Chromium:
// finalize a session, edit a field, reorder a list, save from a stale
// second tab and see the conflict, diff two revisions, publish — and the
// next SessionStart (`baton hook`) hands over the edit.
func TestBrowserBridgeEditor(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")

	// An agent's session, closed through the API: the bridge is drafted.
	sess, msgs := continuitytest.CodingSession()
	var created baton.Session
	if code := apiCall(t, base, token, "POST", "/api/v1/sessions", map[string]any{"title": sess.Title, "conversation_type": sess.Type,
		"branch": sess.Branch, "started_at": sess.StartedAt, "technical_context": sess.Technical}, &created); code != 201 {
		t.Fatalf("create = %d", code)
	}
	if code := apiCall(t, base, token, "POST", "/api/v1/sessions/"+created.ID+"/messages", map[string]any{"messages": asMessageRequests(t, msgs)}, nil); code != 200 {
		t.Fatalf("append = %d", code)
	}
	if code := apiCall(t, base, token, "POST", "/api/v1/sessions/"+created.ID+"/close", nil, nil); code != 200 {
		t.Fatalf("close = %d", code)
	}
	var b baton.Bridge
	apiCall(t, base, token, "GET", "/api/v1/sessions/"+created.ID+"/bridge", nil, &b)

	// The editor autosaves 500 ms after the last input event. A slow
	// browser (a loaded machine) types slower than that, so typing may save
	// several revisions, only the last holding the whole text: wait for
	// what was saved, never for a revision number.
	revision := func(tab context.Context) int {
		t.Helper()
		r, err := chromedp.Run(tab, chromedp.Evaluate[int](`+document.querySelector("#save-status").dataset.revision`))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	waitFor := func(predicate string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingInterval(50*time.Millisecond))
	}
	// savedWith waits until the saved revision's preview shows text.
	savedWith := func(text string) chromedp.Action[chromedp.Void] {
		return waitFor(`document.querySelector("#bridge-preview").textContent.includes(` + strconvQuote(text) + `)`)
	}
	// savedAfter waits for a revision newer than rev.
	savedAfter := func(rev int) chromedp.Action[chromedp.Void] {
		return waitFor(fmt.Sprintf(`+document.querySelector("#save-status").dataset.revision > %d`, rev))
	}
	// setValue sets a field's value without an input event (typing follows).
	setValue := func(sel, v string) chromedp.Action[chromedp.Void] {
		return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Evaluate[bool](`(document.querySelector(`+strconvQuote(sel)+`).value = `+strconvQuote(v)+`, true)`)(ctx, t)
			return chromedp.Void{}, err
		}
	}
	const priority = "Decide per-account vs per-key before touching the handler"
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "a long enough password"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
		chromedp.Navigate(base+"/bridges"),
		chromedp.Click(chromedp.CSS(`#bridge-list a[href="/bridges/`+b.ID+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#bridge-form`)),
		chromedp.WaitVisible(chromedp.CSS(`#save-status[data-revision="1"]`)),
		// Edit a field in place: it saves as a new revision.
		setValue("#f-priority", ""),
		chromedp.SendKeys(chromedp.CSS(`#f-priority`), priority),
		savedWith("## Immediate priority\n"+priority),
	)
	if err != nil {
		t.Fatal(err)
	}
	edited := revision(ctx)
	if edited < 2 {
		t.Fatalf("the edit saved no revision: %d", edited)
	}

	// Reorder: the blocked task moves below the nearly-done one (one click, one save).
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#list-tasks li:first-child [data-list-down]`)),
		savedAfter(edited),
	); err != nil {
		t.Fatal(err)
	}
	reordered := revision(ctx)
	var saved baton.Bridge
	apiCall(t, base, token, "GET", "/api/v1/bridges/"+b.ID, nil, &saved)
	if saved.Revision != reordered || saved.Transferred.ActiveTasks[0].Task != "Write tests for limiter" ||
		saved.Transferred.ActiveTasks[1].Task != "Resolve the failing go vet ./..." || saved.Instructions.ImmediatePriority != priority {
		t.Fatalf("after reorder: rev %d (page %d), tasks %+v, priority %q", saved.Revision, reordered, saved.Transferred.ActiveTasks, saved.Instructions.ImmediatePriority)
	}

	// A second tab opens the bridge at that revision; the first tab saves
	// a newer one; the second tab's save is stale and shows the conflict.
	tab2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	if err := chromedp.Do(tab2, chromedp.Navigate(base+"/bridges/"+b.ID), chromedp.WaitVisible(chromedp.CSS(`#save-status[data-revision]`))); err != nil {
		t.Fatal(err)
	}
	if r := revision(tab2); r != reordered {
		t.Fatalf("the second tab opened revision %d, want %d", r, reordered)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#f-style`), " Keep answers short."),
		savedWith("Keep answers short."),
	); err != nil {
		t.Fatal(err)
	}
	latest := revision(ctx)
	// Each of the second tab's saves starts from the old revision and
	// conflicts; the last one shows the whole branch.
	if err := chromedp.Do(tab2,
		setValue("#f-branch", ""),
		chromedp.SendKeys(chromedp.CSS(`#f-branch`), "feature/limiter-from-tab-two"),
		waitFor(`(document.querySelector("#bridge-conflict #conflict-mine") || {textContent: ""}).textContent.includes("Branch: feature/limiter-from-tab-two")`),
	); err != nil {
		t.Fatal(err)
	}
	mine, _ := chromedp.Run(tab2, chromedp.Text(chromedp.CSS(`#conflict-mine`)))
	theirs, _ := chromedp.Run(tab2, chromedp.Text(chromedp.CSS(`#conflict-theirs`)))
	if !strings.Contains(mine, "Branch: feature/limiter-from-tab-two") || !strings.Contains(theirs, "Keep answers short.") ||
		strings.Contains(theirs, "limiter-from-tab-two") {
		t.Fatalf("the conflict does not show both versions:\nmine %q\ntheirs %q", mine, theirs)
	}
	apiCall(t, base, token, "GET", "/api/v1/bridges/"+b.ID, nil, &saved)
	if saved.Revision != latest || saved.Transferred.TechnicalState.CurrentBranch != "feature/webhook-rate-limit" {
		t.Fatalf("the stale save overwrote: rev %d (want %d) branch %q", saved.Revision, latest, saved.Transferred.TechnicalState.CurrentBranch)
	}
	cancel2()

	// Diff the first revision against the latest: the priority changed.
	if err := chromedp.Do(ctx,
		setValue("#diff-from", "1"),
		setValue("#diff-to", fmt.Sprint(latest)),
		chromedp.Click(chromedp.CSS(`#diff-show`)),
		chromedp.WaitVisible(chromedp.CSS(`#bridge-diff-result`)),
	); err != nil {
		t.Fatal(err)
	}
	added, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#bridge-diff-result`)))
	if !strings.Contains(added, "+ "+priority) || !strings.Contains(added, "- Unblock first: Resolve the failing go vet ./...") {
		t.Fatalf("diff 1 → %d = %q", latest, added)
	}
	if os.Getenv("BATON_SCREENSHOTS") != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Logf("screenshot: %v", err)
		}
		os.WriteFile(filepath.Join(os.Getenv("BATON_SCREENSHOTS"), "bridge-editor.png"), png, 0o644)
	}

	// Publish.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#bridge-publish`)),
		chromedp.WaitVisible(chromedp.CSS(`.page-head .badge-reviewed`)),
	); err != nil {
		t.Fatal(err)
	}

	// The next session starts: `baton hook` prints the published edit.
	hookEnv := func(k string) string {
		switch k {
		case "BATON_URL":
			return base
		case "BATON_TOKEN":
			return token
		case "BATON_HOOK_DIR":
			return filepath.Join(t.TempDir(), "hook")
		}
		return env(k)
	}
	payload, _ := json.Marshal(map[string]any{"hook_event_name": "SessionStart", "source": "startup",
		"session_id": "5b1f0c2e-3d4a-4b5c-8d6e-7f8091a2b3c4", "transcript_path": filepath.Join(t.TempDir(), "next.jsonl"), "cwd": "/home/ada/invoices"})
	var out, errs strings.Builder
	hctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := run(hctx, []string{"hook"}, hookEnv, strings.NewReader(string(payload)), &out, &errs); err != nil {
		t.Fatalf("baton hook: %v (%s)", err, errs.String())
	}
	for _, want := range []string{"# New Conversation Context", "## Immediate priority\n" + priority, "Keep answers short.",
		"1. [in progress] Write tests for limiter", "2. [blocked] Resolve the failing go vet ./..."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("SessionStart printed no %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "not reviewed") {
		t.Errorf("the published bridge is flagged as unreviewed:\n%s", out.String())
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
