package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserModelWrittenAnalysis runs baton serve with model analysis on
// against a local fake of an OpenAI-compatible server: a session imported
// in the browser is titled by the model, the page marks the title
// "model: NAME" and lists what wrote each field, and Re-analyse answers
// from the cache without asking the model again.
func TestBrowserModelWrittenAnalysis(t *testing.T) {
	ctx := newBrowser(t)
	var requests atomic.Int32
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		answer := `{"title":"Plan the Friday release","summary":"Ada and Claude plan the Friday release and agree to freeze the branch on Thursday.",` +
			`"decisions":[{"decision":"Freeze the release branch on Thursday","rationale":"QA needs a day","message":3}],` +
			`"tasks":[{"task":"Write the release notes","status":"open"}]}`
		_ = json.NewEncoder(w).Encode(map[string]any{"model": "fake-model-1",
			"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": answer}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 420, "completion_tokens": 90}})
	}))
	defer fake.Close()
	base, env := startBaton(t, map[string]string{"BATON_LLM_ANALYSIS": "1", "BATON_LLM_BASE_URL": fake.URL + "/v1", "BATON_LLM_MODEL": "fake-model-1"})
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	if err := run(context.Background(), []string{"steward", "add", "ada", "--password-file", pw}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	doc, _ := json.Marshal(map[string]any{"id": "release-chat", "conversation": map[string]any{"source": "e2e", "people": []string{"Ada", "Claude"}, "user": "Ada",
		"conversation": []map[string]string{
			{"speaker": "Ada", "content": "can we ship on friday? /Users/ada/release/checklist.md", "time": "2026-03-02T09:00:00Z"},
			{"speaker": "Claude", "content": "Yes, if we freeze the branch on Thursday.", "time": "2026-03-02T09:01:00Z"},
			{"speaker": "Ada", "content": "ok freeze it thursday, QA needs a day. Please draft the release notes.", "time": "2026-03-02T09:02:00Z"},
			{"speaker": "Claude", "content": "Will do.", "time": "2026-03-02T09:03:00Z"},
		}}})
	file := filepath.Join(t.TempDir(), "release.json")
	os.WriteFile(file, doc, 0o600)

	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "e2e-password-123"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
		chromedp.Navigate(base+"/import"),
		chromedp.SetUploadFiles(chromedp.CSS(`input[type="file"]`), []string{file}),
		chromedp.Click(chromedp.CSS(`#import-form button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#import-results a[href^="/sessions/"]`)),
		chromedp.Click(chromedp.CSS(`#import-results a[href^="/sessions/"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#session-title`)),
		chromedp.Click(chromedp.CSS(`.side-toc a[href="#side-model"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#side-model .model-fields`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	text := func(sel string) string {
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	title, mark, fields := text(`#session-title`), text(`.session-badges .badge-model[data-model-field="title"]`), text(`#side-model`)
	if title != "Plan the Friday release" || mark != "model: fake-model-1" {
		t.Errorf("title %q marked %q", title, mark)
	}
	for _, want := range []string{"Written by fake-model-1", "Title", "Summary", "Decisions", "Tasks", "420 tokens in, 90 out"} {
		if !strings.Contains(fields, want) {
			t.Errorf("model section lacks %q:\n%s", want, fields)
		}
	}
	if n := strings.Count(fields, "model: fake-model-1"); n != 4 {
		t.Errorf("%d fields marked as the model's, want 4:\n%s", n, fields)
	}
	// Re-analyse: the session is unchanged, so the answer comes from the
	// cache and the model is not asked again.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.side-toc a[href="#side-review"]`)),
		chromedp.Click(chromedp.CSS(`form.reanalyse button[type="submit"]`)),
		chromedp.WaitReady(chromedp.CSS(`#side-model [data-model-status="cached"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	mark = text(`.session-badges .badge-model`)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#side-model .model-status").dataset.modelStatus`))
	if err != nil {
		t.Fatal(err)
	}
	if n := requests.Load(); n != 1 || status != "cached" || mark != "model: fake-model-1" {
		t.Errorf("after Re-analyse: %d model requests, status %q, mark %q", n, status, mark)
	}
}
