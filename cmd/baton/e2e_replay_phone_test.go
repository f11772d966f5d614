package main

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplayPagesAtPhoneWidth walks the replay pages at 390 px with
// a long title and long tool output, and none scrolls sideways: the replay
// form, the run's progress page while the model thinks and when it has
// ended, the comparison, the cherry-pick form, the continue form, the
// matrix form, the bridge editor of the long-titled session and every
// bridge editor of the demo (its revisions compared).
// On the way it uses the comparison's human scores (a refusal naming the
// field, then a save the page shows) and a cherry-pick by the transcript's
// visible Pick boxes (nothing ticked comes back as the form saying so).
func TestBrowserReplayPagesAtPhoneWidth(t *testing.T) {
	model := &fakeModel{gate: make(chan struct{})}
	srv := httptest.NewServer(model)
	t.Cleanup(srv.Close)
	t.Cleanup(model.release)
	ctx := newBrowserFor(t, 4*time.Minute)
	base, env := startBaton(t, map[string]string{"BATON_DEMO": "1", "BATON_LLM_PROVIDER": "openai", "BATON_LLM_BASE_URL": srv.URL + "/v1"})
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
	long := "Parser_fix_for_the_tokenizer_that_drops_the_last_token_of_every_input_file_in_the_repository"
	var sess struct{ ID string }
	replayAPI(t, base, token, "POST", "/api/v1/sessions", map[string]any{"title": long}, &sess)
	replayAPI(t, base, token, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": []map[string]any{
		{"source_id": "1", "role": "steward", "content": "Fix the failing parser test " + long},
		{"source_id": "2", "role": "tool_call", "model": "tiny", "tool_calls": []map[string]any{{"id": "c1", "name": "Bash", "input": map[string]any{"command": "go test ./parser"}}}},
		{"source_id": "3", "role": "tool_result", "content": "FAIL: TestParse " + strings.Repeat("x", 400) + "\n" + strings.Repeat("--- FAIL line\n", 40), "tool_result": map[string]any{"tool_use_id": "c1", "is_error": true}},
		{"source_id": "4", "role": "assistant", "model": "tiny", "content": "Fixed the tokenizer."},
	}}, nil)
	var ms struct {
		Messages []struct {
			ID int64 `json:"id"`
		} `json:"messages"`
	}
	var tree struct {
		Conversations []struct {
			ID string `json:"id"`
		} `json:"conversations"`
	}
	replayAPI(t, base, token, "GET", "/api/v1/sessions/"+sess.ID+"/conversations", nil, &tree)
	mainConv := tree.Conversations[0].ID
	replayAPI(t, base, token, "GET", "/api/v1/conversations/"+mainConv+"/messages", nil, &ms)

	narrow := func(what string) {
		t.Helper()
		if w := sideways(t, ctx); w != "" {
			t.Errorf("%s at 390 px scrolls sideways by %s", what, w)
		}
	}
	do := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		return s
	}

	replaySignIn(t, ctx, base, "ada", "e2e-password-123")
	do("phone", chromedp.EmulateViewport(390, 844))

	// Cherry-pick: the Pick boxes are labelled where they are seen (on a
	// wide screen: a phone leaves cherry-picking out of the transcript).
	do("wide transcript", chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(base+"/sessions/"+sess.ID),
		chromedp.WaitVisible(chromedp.CSS(`#m-2 label.pick`)))
	// The word is seen: the label is wider than its box, and the text
	// beside the box (not the screen reader's "message 2") reads Pick.
	type label struct {
		Text       string
		Width, Box float64
	}
	pick, _ := chromedp.Run(ctx, chromedp.Evaluate[label](`(() => { const l = document.querySelector("#m-2 label.pick");
		const shown = [...l.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join("").trim();
		return {Text: shown, Width: l.getBoundingClientRect().width, Box: l.querySelector("input").getBoundingClientRect().width}; })()`))
	if pick.Text != "Pick" || pick.Width < pick.Box+20 {
		t.Errorf("the pick box's visible label is %q, %.0f px wide beside a %.0f px box", pick.Text, pick.Width, pick.Box)
	}
	do("empty cherry-pick",
		chromedp.Click(chromedp.CSS(`details.cherry-pick summary`)),
		chromedp.Click(chromedp.CSS(`#cherry-pick button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#cherry-pick-page-form`)),
		chromedp.WaitVisible(chromedp.CSS(`#cherry-from[aria-invalid="true"]`)))
	if msg := text(`.flash-error`); !strings.Contains(msg, "message_ids") || !strings.Contains(msg, "Pick") {
		t.Errorf("an empty cherry-pick says %q", msg)
	}
	do("phone", chromedp.EmulateViewport(390, 844))
	narrow("the refused cherry-pick form")
	do("pick two", chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(base+"/sessions/"+sess.ID),
		chromedp.WaitVisible(chromedp.CSS(`#m-2 label.pick`)),
		chromedp.Click(chromedp.CSS(`#m-2 label.pick`)),
		chromedp.Click(chromedp.CSS(`#m-3 label.pick`)),
		chromedp.Click(chromedp.CSS(`details.cherry-pick summary`)),
		chromedp.Click(chromedp.CSS(`#cherry-pick button[type="submit"]`)))
	if loc := waitLocation(t, ctx, "?c="); !strings.Contains(loc, "?c=") {
		t.Errorf("the cherry-pick ended at %s, not its new conversation", loc)
	} else {
		do("the new conversation", chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)))
		if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#transcript > li.msg").length`)); n != 2 {
			t.Errorf("the new conversation shows %d messages, want the 2 picked", n)
		}
	}
	do("phone", chromedp.EmulateViewport(390, 844))

	// The replay form, the run in progress, and its end on the comparison.
	do("replay form", chromedp.Navigate(base+"/messages/"+strconv.FormatInt(ms.Messages[1].ID, 10)+"/replay"), chromedp.WaitVisible(chromedp.CSS(`#replay-form`)))
	narrow("the replay form")
	do("matrix form", chromedp.Navigate(base+"/messages/"+strconv.FormatInt(ms.Messages[1].ID, 10)+"/matrix"), chromedp.WaitReady(chromedp.CSS(`main form`)))
	narrow("the matrix form")
	do("run", chromedp.Navigate(base+"/messages/"+strconv.FormatInt(ms.Messages[1].ID, 10)+"/replay"), chromedp.WaitVisible(chromedp.CSS(`#replay-form`)),
		chromedp.Click(chromedp.CSS(`#replay-submit`)), chromedp.WaitVisible(chromedp.CSS(`#replay-progress`)))
	if s := text(`#replay-status`); s != "running" {
		t.Fatalf("the progress page shows %q while the model thinks", s)
	}
	narrow("the progress page while the run goes on")
	progress, _ := chromedp.Run(ctx, chromedp.Location())
	model.release()
	if loc := waitLocation(t, ctx, "/comparisons/"); !strings.Contains(loc, "/comparisons/") {
		t.Fatalf("the run ended on %s, not the comparison", loc)
	}
	do("comparison", chromedp.WaitVisible(chromedp.CSS(`#rating-form`)))
	narrow("the comparison")
	// The outcome and scores tables wrap between words only ("Messag|es"
	// split over two lines is a word broken).
	if broken := brokenWords(t, ctx, `.outcome-table th, .outcome-table td, .scores-table th, .scores-table td`); len(broken) > 0 {
		t.Errorf("the comparison's tables at 390 px break words: %q", broken)
	}
	// Every delta of the outcome reads alike: the same size, colour,
	// weight and place in its cell as the messages' delta.
	looks, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".outcome-table tbody tr")].map(tr => {
		const s = getComputedStyle(tr.cells[tr.cells.length - 1]);
		return tr.cells[0].textContent.trim() + ": " + [s.fontSize, s.color, s.fontWeight, s.marginLeft].join(" ") })`))
	if err != nil || len(looks) < 6 {
		t.Fatalf("outcome rows %q (%v)", looks, err)
	}
	for _, l := range looks[1:] {
		_, look, _ := strings.Cut(l, ": ")
		if _, first, _ := strings.Cut(looks[0], ": "); look != first {
			t.Errorf("the outcome's delta %q looks unlike the messages' (%q)", l, looks[0])
		}
	}

	// Human scores on the comparison: a refusal names the field and keeps
	// what was typed; a save shows the row.
	do("bad score",
		chromedp.SendKeys(chromedp.CSS(`#rating-score_a`), "1.7"),
		chromedp.SendKeys(chromedp.CSS(`#rating-score_b`), "0.5"),
		chromedp.Click(chromedp.CSS(`#rating-submit`)),
		chromedp.WaitVisible(chromedp.CSS(`#rating-score_a[aria-invalid="true"]`)))
	if msg := text(`#ratings .flash-error`); !strings.Contains(msg, "score_a") {
		t.Errorf("a score of 1.7 says %q", msg)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#rating-score_b`))); v != "0.5" {
		t.Errorf("score B typed 0.5 came back %q", v)
	}
	narrow("the refused scores")
	do("score",
		chromedp.SetValue(chromedp.CSS(`#rating-score_a`), "0.6"),
		chromedp.Click(chromedp.CSS(`#ratings input[name="better"][value="b"]`)),
		chromedp.Click(chromedp.CSS(`#rating-submit`)),
		chromedp.WaitVisible(chromedp.CSS(`#rating-saved`)))
	if row := strings.Join(strings.Fields(text(`#ratings .rating-row`)), " "); row != "ada 0.60 0.50 B" {
		t.Errorf("the saved scores read %q", row)
	}
	narrow("the saved scores")
	do("progress after the run", chromedp.Navigate(progress), chromedp.WaitVisible(chromedp.CSS(`#replay-compare`)))
	narrow("the progress page after the run")
	conv := strings.TrimSuffix(strings.TrimPrefix(progress[len(base):], "/conversations/"), "/replay")
	do("continue form", chromedp.Navigate(base+"/conversations/"+conv+"/continue"), chromedp.WaitVisible(chromedp.CSS(`#continue-form`)))
	narrow("the continue form")
	do("cherry-pick page", chromedp.Navigate(base+"/conversations/"+conv+"/cherry-pick"), chromedp.WaitVisible(chromedp.CSS(`#cherry-pick-page-form`)))
	narrow("the cherry-pick page")

	// The bridge drafted from the long-titled session, in its editor.
	replayAPI(t, base, token, "POST", "/api/v1/sessions/"+sess.ID+"/close", map[string]any{}, nil)
	do("ada's bridges", chromedp.Navigate(base+"/bridges"), chromedp.WaitVisible(chromedp.CSS(`main a[href^="/bridges/"]`)),
		chromedp.Click(chromedp.CSS(`main a[href^="/bridges/"]`)), chromedp.WaitVisible(chromedp.CSS(`#bridge-form`)))
	narrow("the bridge editor of a session with a long title")

	// The demo's bridge editors, their revisions compared.
	demo := newBrowserFor(t, 3*time.Minute)
	replaySignIn(t, demo, base, "demo", "demo-steward")
	if err := chromedp.Do(demo, chromedp.EmulateViewport(390, 844), chromedp.Navigate(base+"/bridges"), chromedp.WaitReady(chromedp.CSS(`main`))); err != nil {
		t.Fatal(err)
	}
	bridges, err := chromedp.Run(demo, chromedp.Evaluate[[]string](`[...new Set([...document.querySelectorAll('main a[href^="/bridges/"]')].map(a => new URL(a.href).pathname))]`))
	if err != nil || len(bridges) == 0 {
		t.Fatalf("the demo lists no bridges: %v", err)
	}
	ctx = demo
	for _, b := range bridges {
		do(b, chromedp.Navigate(base+b), chromedp.WaitVisible(chromedp.CSS(`#bridge-form`)))
		narrow("the bridge editor " + b)
		if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#diff-show").length`)); n == 1 {
			do("diff", chromedp.Click(chromedp.CSS(`#diff-show`)), chromedp.WaitVisible(chromedp.CSS(`#bridge-diff > *`)))
			narrow("the bridge editor's revisions compared " + b)
		}
	}
}

// brokenWords lists the words in the elements sel selects that the
// browser laid out over more than one line.
func brokenWords(t *testing.T, ctx context.Context, sel string) []string {
	t.Helper()
	words, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(`+strconv.Quote(sel)+`)].flatMap(cell => {
		const out = [], walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			for (const m of n.textContent.matchAll(/\S+/g)) {
				const r = document.createRange();
				r.setStart(n, m.index);
				r.setEnd(n, m.index + m[0].length);
				const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
				if (lines.size > 1) out.push(m[0]);
			}
		}
		return out;
	})`))
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// waitLocation waits up to 30 s for the browser's address to contain
// part, and returns the address it ends at.
func waitLocation(t *testing.T, ctx context.Context, part string) string {
	t.Helper()
	return waitFor(part, func() string { loc, _ := chromedp.Run(ctx, chromedp.Location()); return loc })
}

// waitText waits up to 30 s for the first element matching sel to hold
// want, and returns the text it ends with.
func waitText(ctx context.Context, sel, want string) string {
	return waitFor(want, func() string { text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel))); return text })
}

// waitFor reads every 100 ms, for up to 30 s, until what it reads
// contains want, and returns the last reading. A page that is still being
// replaced can answer a read with nothing; the next read sees the new page.
func waitFor(want string, read func() string) string {
	var got string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if got = read(); strings.Contains(got, want) {
			break
		}
	}
	return got
}
