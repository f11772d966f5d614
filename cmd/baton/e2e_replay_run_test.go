package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fakeModel is a model endpoint of either flavour for the browser tests:
// its first answer calls the tool the recorded run called (go test), and
// waits until the test has seen the run in progress; its second answers.
type fakeModel struct {
	anthropic bool
	gate      chan struct{}
	once      sync.Once
	mu        sync.Mutex
	requests  int
}

func (f *fakeModel) release() { f.once.Do(func() { close(f.gate) }) }

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	want := "/v1/chat/completions"
	if f.anthropic {
		want = "/v1/messages"
	}
	if r.URL.Path != want {
		http.Error(w, "no such path", http.StatusNotFound)
		return
	}
	f.mu.Lock()
	f.requests++
	n := f.requests
	f.mu.Unlock()
	if n == 1 {
		select {
		case <-f.gate:
		case <-r.Context().Done():
			return
		}
	}
	var answer string
	switch {
	case f.anthropic && n == 1:
		answer = `{"model":"claude-tiny","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"go test ./parser"}}],"stop_reason":"tool_use","usage":{"input_tokens":50,"output_tokens":5}}`
	case f.anthropic:
		answer = `{"model":"claude-tiny","content":[{"type":"text","text":"The tokenizer drops the last token; flushing the buffer fixes it."}],"stop_reason":"end_turn","usage":{"input_tokens":80,"output_tokens":12}}`
	case n == 1:
		answer = `{"model":"tiny","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x1","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"go test ./parser\"}"}}]}}],"usage":{"prompt_tokens":50,"completion_tokens":5}}`
	default:
		answer = `{"model":"tiny","choices":[{"message":{"role":"assistant","content":"The tokenizer drops the last token; flushing the buffer fixes it."}}],"usage":{"prompt_tokens":80,"completion_tokens":12}}`
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, answer)
}

// TestBrowserReplayFromHere is the replay flow in Chromium, against a
// local fake model of each flavour: a message's "Replay from here" opens
// the form prefilled from the recorded run; Run, double-clicked, starts
// one run; the page shows it in progress; the model's tool call is
// answered from the recording; when the run ends the steward lands on the
// comparison with the original.
func TestBrowserReplayFromHere(t *testing.T) {
	for _, flavour := range []string{"openai", "anthropic"} {
		t.Run(flavour, func(t *testing.T) {
			model := &fakeModel{anthropic: flavour == "anthropic", gate: make(chan struct{})}
			srv := httptest.NewServer(model)
			t.Cleanup(srv.Close)
			t.Cleanup(model.release)
			llmEnv := map[string]string{"BATON_LLM_PROVIDER": "openai", "BATON_LLM_BASE_URL": srv.URL + "/v1"}
			if model.anthropic {
				llmEnv = map[string]string{"BATON_LLM_PROVIDER": "anthropic", "BATON_LLM_BASE_URL": srv.URL}
			}
			ctx := newBrowser(t)
			base, env := startBaton(t, llmEnv)
			pw := filepath.Join(t.TempDir(), "pw")
			os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
			if err := run(context.Background(), []string{"steward", "add", "ada", "--password-file", pw}, env, nil, io.Discard, os.Stderr); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := run(context.Background(), []string{"token", "create", "ada", "e2e"}, env, nil, &out, os.Stderr); err != nil {
				t.Fatal(err)
			}
			token := strings.TrimSpace(out.String())
			recordedModel := "tiny"
			if model.anthropic {
				recordedModel = "claude-tiny"
			}
			var sess struct{ ID string }
			replayAPI(t, base, token, "POST", "/api/v1/sessions", map[string]any{"title": "Parser fix"}, &sess)
			replayAPI(t, base, token, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": []map[string]any{
				{"source_id": "0", "role": "system", "content": "You fix Go code."},
				{"source_id": "1", "role": "steward", "content": "Fix the failing parser test"},
				{"source_id": "2", "role": "tool_call", "model": recordedModel, "tool_calls": []map[string]any{{"id": "c1", "name": "Bash", "input": map[string]any{"command": "go test ./parser"}}}},
				{"source_id": "3", "role": "tool_result", "content": "FAIL: TestParse", "tool_result": map[string]any{"tool_use_id": "c1", "is_error": true}},
				{"source_id": "4", "role": "assistant", "model": recordedModel, "content": "Fixed the tokenizer."},
			}}, nil)

			replaySignIn(t, ctx, base, "ada", "e2e-password-123")
			if err := chromedp.Do(ctx,
				chromedp.Navigate(base+"/sessions/"+sess.ID),
				chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)),
				chromedp.Click(chromedp.CSS(`#m-2 .replay-from-here`)),
				chromedp.WaitVisible(chromedp.CSS(`#replay-form`)),
			); err != nil {
				t.Fatal(err)
			}
			prefilled, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#replay-model`)))
			if prefilled != recordedModel {
				t.Errorf("the form's model is %q, want the recorded %q", prefilled, recordedModel)
			}
			// Bad input comes back with the field named and what was typed kept.
			if err := chromedp.Do(ctx,
				chromedp.SetValue(chromedp.CSS(`#replay-temperature`), "hot"),
				chromedp.SetValue(chromedp.CSS(`#replay-extra_context`), "Prefer small diffs."),
				chromedp.Click(chromedp.CSS(`#replay-submit`)),
				chromedp.WaitVisible(chromedp.CSS(`.flash-error`)),
				chromedp.WaitVisible(chromedp.CSS(`#replay-temperature[aria-invalid="true"]`)),
			); err != nil {
				t.Fatal(err)
			}
			alert := waitText(ctx, `.flash-error`, "temperature")
			kept, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#replay-extra_context`)))
			if !strings.Contains(alert, "temperature") || kept != "Prefer small diffs." {
				t.Errorf("refused form: alert %q, extra context %q", alert, kept)
			}
			// Run, double-clicked: one replay, one run.
			if err := chromedp.Do(ctx,
				chromedp.SetValue(chromedp.CSS(`#replay-temperature`), "0.3"),
				chromedp.DoubleClick(chromedp.CSS(`#replay-submit`)),
				chromedp.WaitVisible(chromedp.CSS(`#replay-progress`)),
			); err != nil {
				t.Fatal(err)
			}
			status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#replay-status`)))
			if status != "running" {
				t.Fatalf("the run's page shows %q while the model thinks", status)
			}
			progress, _ := chromedp.Run(ctx, chromedp.Location())
			model.release()
			deadline := time.Now().Add(20 * time.Second)
			var loc string
			for time.Now().Before(deadline) {
				var err error
				if loc, err = chromedp.Run(ctx, chromedp.Location()); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(loc, "/comparisons/") {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if !strings.Contains(loc, "/comparisons/") {
				t.Fatalf("the run ended on %s, not the comparison", loc)
			}
			// The replay's page reports the tool call answered from the recording.
			if err := chromedp.Do(ctx, chromedp.Navigate(progress), chromedp.WaitVisible(chromedp.CSS(`#replay-answers`))); err != nil {
				t.Fatal(err)
			}
			answers, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#replay-answers .replay-answer')].map(li => li.className + ": " + li.textContent.replace(/\s+/g, " ").trim())`))
			if len(answers) != 1 || !strings.Contains(answers[0], "answer-recorded") || !strings.Contains(answers[0], "go test ./parser") || !strings.Contains(answers[0], "answered from the recording (message #") {
				t.Errorf("the replay reports its tool answers as %q", answers)
			}
			var tree struct {
				Conversations []struct {
					ID       string `json:"id"`
					Children []struct {
						ID string `json:"id"`
					} `json:"children"`
				} `json:"conversations"`
			}
			replayAPI(t, base, token, "GET", "/api/v1/sessions/"+sess.ID+"/conversations", nil, &tree)
			if len(tree.Conversations) != 1 || len(tree.Conversations[0].Children) != 1 {
				t.Fatalf("the double click made %+v, want one replay", tree)
			}
			var msgs struct {
				Messages []struct {
					Role    string `json:"role"`
					Content string `json:"content"`
				} `json:"messages"`
			}
			replayAPI(t, base, token, "GET", "/api/v1/conversations/"+tree.Conversations[0].Children[0].ID+"/messages", nil, &msgs)
			if n := len(msgs.Messages); n != 5 || msgs.Messages[3].Content != "FAIL: TestParse" || !strings.Contains(msgs.Messages[4].Content, "flushing") {
				b, _ := json.Marshal(msgs)
				t.Errorf("the run's transcript: %s", b)
			}
			model.mu.Lock()
			defer model.mu.Unlock()
			if model.requests != 2 {
				t.Errorf("the model was called %d times, want 2 (one run: the call, then the answer)", model.requests)
			}
		})
	}
}
