package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/chromedp/chromedp"
)

// TestBrowserContinuityFollowsTheProject: a steward publishes a bridge of
// project A in the browser, edits it again (the page says the changes are
// unpublished, and the published revision stays in force), and a newer
// session of project B leaves a draft; then a Claude Code SessionStart in
// project A's folder (`baton hook`, as Claude Code runs it) prints A's
// published bridge — the same text the editor's "What the next session
// receives" panel shows and GET /api/v1/context/next answers for A — and
// nothing of B.
func TestBrowserContinuityFollowsTheProject(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")
	// Project A is a git checkout on main (the hook reads its branch from
	// .git/HEAD, as in a real one); project B is another folder.
	dirA, dirB := filepath.Join(t.TempDir(), "invoices"), "/home/ada/blog"
	if err := os.MkdirAll(filepath.Join(dirA, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dirA, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// Project A: the fixture's coding session, closed through the API.
	sess, msgs := continuitytest.CodingSession()
	closeSession := func(title, dir string, started time.Time, msgs []baton.Message) string {
		t.Helper()
		var created baton.Session
		if code := apiCall(t, base, token, "POST", "/api/v1/sessions", map[string]any{"title": title, "conversation_type": "code_session",
			"branch": "main", "started_at": started, "technical_context": map[string]any{"working_directory": dir}}, &created); code != 201 {
			t.Fatalf("create %s = %d", title, code)
		}
		if code := apiCall(t, base, token, "POST", "/api/v1/sessions/"+created.ID+"/messages", map[string]any{"messages": asMessageRequests(t, msgs)}, nil); code != 200 {
			t.Fatalf("append = %d", code)
		}
		if code := apiCall(t, base, token, "POST", "/api/v1/sessions/"+created.ID+"/close", nil, nil); code != 200 {
			t.Fatalf("close = %d", code)
		}
		return created.ID
	}
	idA := closeSession(sess.Title, dirA, sess.StartedAt, msgs)
	var bA baton.Bridge
	apiCall(t, base, token, "GET", "/api/v1/sessions/"+idA+"/bridge", nil, &bA)

	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return s
	}
	waitFor := func(predicate string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingInterval(50*time.Millisecond))
	}
	const priority = "Settle per-account or per-key limits first"
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "a long enough password"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
		chromedp.Navigate(base+"/bridges/"+bA.ID),
		chromedp.WaitVisible(chromedp.CSS(`#bridge-form`)),
	); err != nil {
		t.Fatal(err)
	}
	if s := text("#bridge-state"); !strings.Contains(s, "Draft") {
		t.Errorf("before publishing the page says %q", s)
	}
	if s := text("#next-receives"); !strings.Contains(s, "not reviewed") || !strings.Contains(s, "Handoff from "+sess.Title) {
		t.Errorf("the draft's panel shows:\n%s", s)
	}
	// Publish in the browser, then edit: the autosave keeps the bridge
	// published and says the edit is not.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#bridge-publish`)),
		chromedp.WaitVisible(chromedp.CSS(`.page-head .badge-reviewed`)),
		chromedp.WaitVisible(chromedp.CSS(`#bridge-publish[disabled]`)),
	); err != nil {
		t.Fatal(err)
	}
	if s := text("#bridge-state"); !strings.Contains(s, "Published revision 1") {
		t.Errorf("after publishing the page says %q", s)
	}
	if err := chromedp.Do(ctx,
		clearField("#f-priority"),
		chromedp.SendKeys(chromedp.CSS(`#f-priority`), priority),
		waitFor(`document.querySelector("#bridge-state").textContent.includes("unpublished changes in revision")`),
	); err != nil {
		t.Fatal(err)
	}
	var edited baton.Bridge
	apiCall(t, base, token, "GET", "/api/v1/bridges/"+bA.ID, nil, &edited)
	if edited.Status != baton.BridgePublished || !edited.UnpublishedChanges || edited.Instructions.ImmediatePriority != priority {
		t.Fatalf("after the edit: %s, unpublished %v, priority %q", edited.Status, edited.UnpublishedChanges, edited.Instructions.ImmediatePriority)
	}
	if s := text("#bridge-state"); !strings.Contains(s, "Published revision 1") {
		t.Errorf("the state says %q", s)
	}
	panel := text("#next-receives")
	if strings.Contains(panel, priority) || !strings.Contains(panel, "Handoff from "+sess.Title) || strings.Contains(panel, "not reviewed") {
		t.Errorf("while the edit is unpublished, the panel shows:\n%s", panel)
	}

	// Project B: a newer session, its bridge a draft.
	idB := closeSession("Blog theme colours", dirB, sess.StartedAt.Add(48*time.Hour), []baton.Message{
		{SourceID: "b1", Role: baton.RoleSteward, Content: "Let's pick the blog theme colours.", Timestamp: sess.StartedAt.Add(48 * time.Hour)},
		{SourceID: "b2", Role: baton.RoleAssistant, Content: "Next I will try the darker palette on the blog index.", Timestamp: sess.StartedAt.Add(48*time.Hour + time.Minute)},
	})
	var bB baton.Bridge
	apiCall(t, base, token, "GET", "/api/v1/sessions/"+idB+"/bridge", nil, &bB)
	if bB.Status != baton.BridgeDraft {
		t.Fatalf("B's bridge is %s", bB.Status)
	}

	// SessionStart in project A's folder, as Claude Code runs the hook.
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
		"session_id": "6c2a1d3e-4f5b-4c6d-9e7f-8091a2b3c4d5", "transcript_path": filepath.Join(t.TempDir(), "next.jsonl"), "cwd": dirA})
	sessionStart := func() string {
		t.Helper()
		var out, errs strings.Builder
		hctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := run(hctx, []string{"hook"}, hookEnv, strings.NewReader(string(payload)), &out, &errs); err != nil {
			t.Fatalf("baton hook: %v (%s)", err, errs.String())
		}
		printed := out.String()
		for _, want := range []string{"# New Conversation Context", "Project: " + dirA + " on branch main", "# Handoff from " + sess.Title,
			"[blocked] Resolve the failing go vet ./...", "Should the limit be per account or per API key?"} {
			if !strings.Contains(printed, want) {
				t.Errorf("SessionStart in A printed no %q:\n%s", want, printed)
			}
		}
		for _, not := range []string{"Blog theme", "darker palette", "not reviewed", priority} {
			if strings.Contains(printed, not) {
				t.Errorf("SessionStart in A printed %q:\n%s", not, printed)
			}
		}
		return printed
	}
	sessionStart()
	// Even once B's newer bridge is published, A's next session receives A's.
	if code := apiCall(t, base, token, "POST", "/api/v1/bridges/"+bB.ID+"/publish", nil, nil); code != 200 {
		t.Fatalf("publish B = %d", code)
	}
	printed := sessionStart()

	// The API answers the same for A; the editor's panel shows it.
	md := getText(t, base+"/api/v1/context/next?format=markdown&cwd="+url.QueryEscape(dirA)+"&branch=main", token)
	if handoff(md) != handoff(printed) || handoff(md) == "" {
		t.Errorf("context/next for A differs from SessionStart:\n%s\n---\n%s", md, printed)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#next-receives`))); err != nil {
		t.Fatal(err)
	}
	if panel := text("#next-receives"); handoff(panel) != handoff(printed) {
		t.Errorf("the panel differs from SessionStart:\n%s\n---\n%s", panel, printed)
	}
	// Bad input names the field and changes nothing.
	var e struct {
		Error struct{ Code, Field string }
	}
	if code := apiCall(t, base, token, "GET", "/api/v1/context/next?cwd=relative/dir", nil, &e); code != 400 || e.Error.Field != "cwd" {
		t.Errorf("relative cwd = %d %+v", code, e)
	}
}

// clearField empties a field without an input event (typing follows).
func clearField(sel string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[bool](`(document.querySelector(`+strconvQuote(sel)+`).value = "", true)`)(ctx, t)
		return chromedp.Void{}, err
	}
}

// handoff is the bridge part of a next-session context: from its project
// line to the cross-conversational summary (which carries the time it was
// built).
func handoff(md string) string {
	start := strings.Index(md, "Project: ")
	end := strings.Index(md, "## Cross-Conversational Context")
	if start < 0 || end < start {
		return ""
	}
	return strings.TrimSpace(md[start:end])
}

func getText(t *testing.T, u, token string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s = %d %s", u, resp.StatusCode, b)
	}
	return string(b)
}
