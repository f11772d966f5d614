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
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// matrixFakeModel is an OpenAI-compatible model whose behaviour is its
// name: "same" makes the recorded call, then answers as the recording
// did; "stray" calls a tool the recording never called (the run fails
// with that reason); anything else answers at once.
func matrixFakeModel(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role string `json:"role"`
		} `json:"messages"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	lastIsTool := len(req.Messages) > 0 && req.Messages[len(req.Messages)-1].Role == "tool"
	call := func(name, args string) string {
		return `{"model":"` + req.Model + `","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}]}}],"usage":{"prompt_tokens":40,"completion_tokens":4}}`
	}
	say := func(text string) string {
		return `{"model":"` + req.Model + `","choices":[{"message":{"role":"assistant","content":"` + text + `"}}],"usage":{"prompt_tokens":1200,"completion_tokens":51}}`
	}
	var answer string
	switch {
	case req.Model == "same" && !lastIsTool:
		answer = call("Bash", `"{\"command\":\"go test ./parser\"}"`)
	case req.Model == "same":
		answer = say("The tokenizer drops the last token; flushing the buffer fixes it.")
	case req.Model == "stray":
		answer = call("Rm", `"{\"path\":\"/\"}"`)
	default:
		answer = say("Done.")
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, answer)
}

// TestBrowserReplayMatrix replays one fork point with three parameter
// sets in Chromium against a local fake model: from a message's "Replay
// from here", the matrix form, the runs in the background, the matrix
// worst first against the original; shared with a team, a teammate with
// the viewer role reads the matrix and opens a run's comparison, without
// a comment form.
func TestBrowserReplayMatrix(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(matrixFakeModel))
	t.Cleanup(srv.Close)
	ctx := newBrowser(t)
	base, env := startBaton(t, map[string]string{"BATON_LLM_PROVIDER": "openai", "BATON_LLM_BASE_URL": srv.URL + "/v1"})
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
		{"source_id": "2", "role": "tool_call", "model": "tiny", "tool_calls": []map[string]any{{"id": "c1", "name": "Bash", "input": map[string]any{"command": "go test ./parser"}}}},
		{"source_id": "3", "role": "tool_result", "content": longToolOutput, "tool_result": map[string]any{"tool_use_id": "c1", "is_error": true}},
		{"source_id": "4", "role": "assistant", "model": "tiny", "content": "The tokenizer drops the last token; flushing the buffer fixes it."},
	}}, nil)

	replaySignIn(t, ctx, base, "ada", "e2e-password-123")
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions/"+sess.ID),
		chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)),
		chromedp.Click(chromedp.CSS(`#m-1 .replay-from-here`)),
		chromedp.WaitVisible(chromedp.CSS(`#replay-matrix-link`)),
		chromedp.Click(chromedp.CSS(`#replay-matrix-link`)),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-form`)),
		chromedp.SetValue(chromedp.CSS(`#matrix-title`), matrixTitle),
		chromedp.SetValue(chromedp.CSS(`#matrix-0-model`), "same"),
		chromedp.SetValue(chromedp.CSS(`#matrix-1-model`), "stray"),
		chromedp.SetValue(chromedp.CSS(`#matrix-2-model`), "short"),
		chromedp.SetValue(chromedp.CSS(`#matrix-2-temperature`), "warm"),
		chromedp.Click(chromedp.CSS(`#matrix-submit`)),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-2-temperature[aria-invalid="true"]`)),
	); err != nil {
		t.Fatal(err)
	}
	alert, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.flash-error`)))
	kept, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#matrix-1-model`)))
	if !strings.Contains(alert, "temperature") || kept != "stray" {
		t.Errorf("refused matrix form: alert %q, set 2's model %q", alert, kept)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#matrix-2-temperature`), "0.7"),
		chromedp.Click(chromedp.CSS(`#matrix-submit`)),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-rows .matrix-row`)),
	); err != nil {
		t.Fatal(err)
	}
	// The page polls while runs go on; wait for all three to end.
	var statuses []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var err error
		if statuses, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#matrix-rows .matrix-row .replay-status')].map(e => e.textContent.trim())`)); err != nil {
			t.Fatal(err)
		}
		if len(statuses) == 3 && !strings.Contains(strings.Join(statuses, ","), "running") {
			break
		}
	}
	if strings.Join(statuses, ",") != "failed,completed,completed" {
		t.Fatalf("the matrix's rows, worst first: %v", statuses)
	}
	matrixURL, _ := chromedp.Run(ctx, chromedp.Location())
	matrixURL = strings.SplitN(matrixURL, "?", 2)[0]

	// A team with bob as a viewer, and the matrix shared with it.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.SendKeys(chromedp.CSS(`#team-name`), "Reviewers"),
		chromedp.Submit(chromedp.CSS(`#team-name`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-who`)),
		chromedp.SendKeys(chromedp.CSS(`#invite-who`), "bob"),
		chromedp.SetValue(chromedp.CSS(`#invite-role`), "viewer"),
		chromedp.Submit(chromedp.CSS(`#invite-who`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-url`)),
	); err != nil {
		t.Fatal(err)
	}
	inviteURL, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#invite-url`)))
	if err := chromedp.Do(ctx,
		chromedp.Navigate(matrixURL),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-share`)),
		chromedp.Submit(chromedp.CSS(`#matrix-share select`)),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-shared-with a[href^="/teams/"]`)),
	); err != nil {
		t.Fatal(err)
	}

	// Bob, a viewer, reads the matrix from his team's page and opens the worst run.
	bob := newBrowser(t)
	replaySignIn(t, bob, base, "bob", "e2e-password-123")
	if err := chromedp.Do(bob,
		chromedp.Navigate(inviteURL),
		chromedp.WaitVisible(chromedp.CSS(`form[action$="/accept"] button`)),
		chromedp.Click(chromedp.CSS(`form[action$="/accept"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`#team-shares-title`)),
		chromedp.Click(chromedp.CSS(`.team-share-matrix`)),
		chromedp.WaitVisible(chromedp.CSS(`#matrix-rows .matrix-row`)),
	); err != nil {
		t.Fatal(err)
	}
	rows, _ := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelectorAll('#matrix-rows .matrix-row').length`))
	sharing, _ := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelectorAll('#matrix-share, #matrix-link').length`))
	if rows != 3 || sharing != 0 {
		t.Errorf("bob's matrix: %d rows, %d sharing forms (a viewer shares nothing)", rows, sharing)
	}
	failure, _ := chromedp.Run(bob, chromedp.Text(chromedp.CSS(`#matrix-rows .matrix-row .matrix-failure`)))
	if !strings.Contains(failure, "Rm") {
		t.Errorf("the failed run's reason reads %q", failure)
	}
	if err := chromedp.Do(bob,
		chromedp.Click(chromedp.CSS(`#matrix-rows .matrix-row .matrix-open`)),
		chromedp.WaitVisible(chromedp.CSS(`#verdict`)),
		chromedp.WaitVisible(chromedp.CSS(`#back-to-matrix`)),
	); err != nil {
		t.Fatal(err)
	}
	forms, err := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelectorAll('.comment-form').length`))
	if err != nil {
		t.Fatal(err)
	}
	if forms != 0 {
		t.Errorf("a viewer's comparison page has %d comment forms", forms)
	}
	// The run's comparison reads: the tool output is folded to a preview
	// that opens with "show all", without script.
	folded, _ := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelectorAll('details.cell-fold:not([open])').length`))
	if folded == 0 {
		t.Fatalf("no folded cell on the comparison")
	}
	height, _ := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelector('details.cell-fold').getBoundingClientRect().height`))
	if err := chromedp.Do(bob, chromedp.Click(chromedp.CSS(`details.cell-fold summary`))); err != nil {
		t.Fatal(err)
	}
	opened, _ := chromedp.Run(bob, chromedp.Evaluate[int](`document.querySelector('details.cell-fold').getBoundingClientRect().height`))
	if opened < 4*height {
		t.Errorf("show all opened the tool output from %d to %d px", height, opened)
	}
	replayScreenshots(t, bob, "replay-matrix-run")

	// At 390 px nothing scrolls sideways: the matrix, a run's comparison,
	// the replay and matrix forms; the verdict and outcome are on the
	// first screen of the comparison.
	comparisonURL, _ := chromedp.Run(bob, chromedp.Location())
	for _, c := range []struct {
		ctx  context.Context
		url  string
		wait string
	}{
		{bob, matrixURL, `#matrix-rows`}, {bob, comparisonURL, `#verdict`},
		{ctx, base + "/messages/" + firstMessageID(t, base, token, sess.ID) + "/replay", `#replay-form`},
		{ctx, base + "/messages/" + firstMessageID(t, base, token, sess.ID) + "/matrix", `#matrix-form`},
		{ctx, matrixURL + "/runs/1", `#verdict`},
	} {
		if err := chromedp.Do(c.ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(c.url), chromedp.WaitVisible(chromedp.CSS(c.wait))); err != nil {
			t.Fatal(err)
		}
		w, _ := chromedp.Run(c.ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
		if len(w) != 2 || w[0] > w[1] {
			t.Errorf("%s at 390 px: scrollWidth %v > clientWidth", c.url, w)
		}
		if c.wait == `#verdict` {
			at, _ := chromedp.Run(c.ctx, chromedp.Evaluate[[]int](`[document.querySelector('#verdict').getBoundingClientRect().bottom, document.querySelector('#outcome-title').getBoundingClientRect().top, window.innerHeight]`))
			if len(at) != 3 || at[0] > at[2] || at[1] > at[2] {
				t.Errorf("%s at 390 px: verdict ends at %v, outcome starts below the first screen", c.url, at)
			}
		}
	}
}

// matrixTitle is long and has a word longer than a phone is wide: it wraps.
const matrixTitle = "Three models at the parser fix: tokenizer_flush_buffer_regression_investigation_across_models"

// longToolOutput is a test run's output of 60 lines.
var longToolOutput = strings.Repeat("--- FAIL: TestParse/trailing_token_is_dropped (0.00s)\n    parser_test.go:41: got 3 tokens, want 4\n", 30)

// firstMessageID is the id of the session's first message.
func firstMessageID(t *testing.T, base, token, sessionID string) string {
	var msgs struct {
		Messages []struct {
			ID json.Number `json:"id"`
		} `json:"messages"`
	}
	replayAPI(t, base, token, "GET", "/api/v1/sessions/"+sessionID+"/messages?limit=1", nil, &msgs)
	if len(msgs.Messages) == 0 {
		t.Fatal("no messages")
	}
	return msgs.Messages[0].ID.String()
}
