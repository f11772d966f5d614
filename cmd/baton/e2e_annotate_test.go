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

// moodyConversation is a structured document of n messages whose mood
// swings: frustration, confusion, then relief and thanks, again and again.
func moodyConversation(n int) []byte {
	lines := []string{
		"This is terrible, the build is broken again and I'm so frustrated with it.",
		"Let's read the failing test together; the fixture opens the wrong database.",
		"Hmm, that's confusing. Why would it open the shared one?",
		"Because the helper caches the connection across tests; a fresh one per test fixes it.",
		"Wow, that worked! Thank you so much, that's a huge relief.",
		"Glad it's green. The fix is in place and the suite passes.",
	}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	var msgs []map[string]string
	for i := 0; i < n; i++ {
		speaker := "Ada"
		if i%2 == 1 {
			speaker = "Claude"
		}
		msgs = append(msgs, map[string]string{"speaker": speaker, "time": t0.Add(time.Duration(i) * time.Minute).Format(time.RFC3339),
			"content": fmt.Sprintf("%s (step %d)", lines[i%len(lines)], i+1)})
	}
	b, _ := json.Marshal(map[string]any{"id": "e2e-moody", "metadata": map[string]any{"title": "Moody debugging session"},
		"conversation": map[string]any{"source": "e2e", "people": []string{"Ada", "Claude"}, "user": "Ada", "conversation": msgs}})
	return b
}

// TestBrowserArcPointOpensMessageToAnnotate is the review flow in a real
// browser: open a session, click a point of its emotional arc, land on
// that message in the transcript (beyond what the first page of the
// transcript holds), and annotate it with a comment and a label that
// appear under the message without a page load.
func TestBrowserArcPointOpensMessageToAnnotate(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	if err := run(context.Background(), []string{"steward", "add", "ada", "--password-file", pw}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "moody.json")
	os.WriteFile(file, moodyConversation(90), 0o600)
	if err := run(context.Background(), []string{"import", "--steward", "ada", file}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}

	const target = 75 // beyond the first chunk of 60 messages
	dot := fmt.Sprintf(`.chart-arc .chart-svg-wide .chart-dots a[href$="#m-%d"] .chart-dot`, target)
	msg := fmt.Sprintf("#m-%d", target)
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "e2e-password-123"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results a[href^="/sessions/"]`)),
		chromedp.Click(chromedp.CSS(`#results a[href^="/sessions/"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.chart-arc svg.chart-svg-wide[role="img"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".chart-arc .chart-svg-wide .chart-dots a").length`)); err != nil || n != 90 {
		t.Fatalf("the arc has %d points, %v", n, err)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#transcript li.msg").length`)); n >= target {
		t.Fatalf("the first page already holds %d messages; the test needs the target beyond it", n)
	}

	// Click the arc's point: the transcript opens at that message.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(dot)), chromedp.WaitVisible(chromedp.CSS(msg))); err != nil {
		t.Fatal(err)
	}
	where, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search + location.hash`))
	if err != nil || where != fmt.Sprintf("?at=%d#m-%d", target, target) {
		t.Fatalf("landed at %q, %v", where, err)
	}
	if first, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#transcript li.msg").id`)); first != msg[1:] {
		t.Errorf("transcript starts at %q", first)
	}
	// The target is where the eye is: in the viewport.
	if in, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector("`+msg+`").getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0 })()`)); !in {
		t.Error("the message is not scrolled into view")
	}

	// Annotate it: open the toggle (htmx loads the form), write, tick a label, save.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__sameDocument = true`)); err != nil {
		t.Fatal(err)
	}
	comment := "This is where the fixture bug became clear."
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(msg+` details.annotate > summary`)),
		chromedp.WaitVisible(chromedp.CSS(msg+` form.annotate-form textarea[name="note"]`)),
		chromedp.SendKeys(chromedp.CSS(msg+` form.annotate-form textarea[name="note"]`), comment),
		chromedp.Click(chromedp.CSS(msg+` form.annotate-form label[for$="-label-insight"]`)),
		chromedp.Click(chromedp.CSS(msg+` form.annotate-form button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(msg+` .annotation-list .annotation-label`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	list, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(msg+` .annotation-list`)))
	if err != nil || !strings.Contains(list, comment) || !strings.Contains(list, "insight") {
		t.Fatalf("annotations under the message = %q, %v", list, err)
	}
	same, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`))
	if err != nil || !same {
		t.Fatal("annotating reloaded the page")
	}

	// They are stored: a fresh load of the page shows them.
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(msg+` .annotation-list .annotation-comment`))); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("BATON_SCREENSHOTS") != "" {
		png, _ := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		os.WriteFile(filepath.Join(os.Getenv("BATON_SCREENSHOTS"), "annotate.png"), png, 0o644)
	}
}
