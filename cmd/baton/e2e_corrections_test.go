package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// decisionConversation is a structured document in which the steward
// settles on a cache, so the analysis finds a decision to correct.
func decisionConversation() []byte {
	t0 := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	lines := []struct{ who, text string }{
		{"Ada", "/prime & check out our recent work on the cart service"},
		{"Claude", "The cart service reads every cart from PostgreSQL on each request. We could cache carts in Redis or in process memory."},
		{"Ada", "Let's use Redis for the cart cache, the instances need to share it."},
		{"Claude", "Done: carts are cached in Redis with a ten-minute expiry, and the tests pass."},
		{"Ada", "Great, thanks! Next we should benchmark the checkout path."},
	}
	var msgs []map[string]string
	for i, l := range lines {
		msgs = append(msgs, map[string]string{"speaker": l.who, "time": t0.Add(time.Duration(i) * time.Minute).Format(time.RFC3339), "content": l.text})
	}
	b, _ := json.Marshal(map[string]any{"id": "e2e-cart-cache",
		"conversation": map[string]any{"source": "e2e", "people": []string{"Ada", "Claude"}, "user": "Ada", "conversation": msgs}})
	return b
}

// TestBrowserCorrectionsSurviveReanalysis is the correction flow in a real
// browser: on a session's page the steward corrects the title with the
// keyboard alone and a decision with the mouse, each in place; both show
// "edited" and what the analysis said; Re-analyse runs the analysis again
// and both corrections are still what the page shows, also after a reload.
func TestBrowserCorrectionsSurviveReanalysis(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	if err := run(context.Background(), []string{"steward", "add", "ada", "--password-file", pw}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cart.json")
	os.WriteFile(file, decisionConversation(), 0o600)
	if err := run(context.Background(), []string{"import", "--steward", "ada", file}, env, nil, os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}

	const title = "Cache carts in Redis"
	const decision = "Cache carts in Redis, shared by every instance"
	const why = "the instances need one cache"
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "e2e-password-123"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results a[href^="/sessions/"]`)),
		chromedp.Click(chromedp.CSS(`#results a[href^="/sessions/"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#correction-title a`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	extractedTitle, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#session-title`)))
	if err != nil {
		t.Fatal(err)
	}
	// A technology shows its evidence: the chip's tooltip, and text that
	// appears when the chip has the keyboard's focus.
	evidence, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const chip = [...document.querySelectorAll("#correction-technologies li.chip-evidence")].find(c => c.firstChild.textContent.trim() === "Redis");
		return chip ? chip.title : "";
	})()`))
	if err != nil || !strings.Contains(evidence, "named by the steward") || !strings.Contains(evidence, "Let's use Redis for the cart cache") {
		t.Errorf("Redis's evidence on hover is %q (%v)", evidence, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#side-technical > summary`))); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
		const chip = document.querySelector("#correction-technologies li.chip-evidence");
		chip.focus();
		const r = chip.querySelector(".chip-evidence-text").getBoundingClientRect();
		return document.activeElement === chip ? r.width : -1;
	})()`))
	if err != nil || shown < 40 {
		t.Errorf("the focused chip's evidence is %v px wide (%v)", shown, err)
	}
	err = chromedp.Do(ctx,
		// The title, by keyboard: focus Edit, Enter opens the form with
		// the field focused, type, Enter saves.
		chromedp.Focus(chromedp.CSS(`#correction-title a`)),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(chromedp.CSS(`#correction-title-input`)),
		htmxSettled(),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The form's field takes focus once htmx has settled the swap, which
	// can come a moment after it is visible: wait for it, then check.
	_ = chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.activeElement.id === "correction-title-input"`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
	if focused, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`)); focused != "correction-title-input" {
		t.Errorf("the title form opened with %q focused", focused)
	}
	if label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('label[for="correction-title-input"]').innerText`)); label != "Title" {
		t.Errorf("the title field's label is %q", label)
	}
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#correction-title-input").select()`),
		chromedp.KeyEvent(title),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(chromedp.CSS(`#correction-title .badge-edited`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#session-title").innerText`)); got != title {
		t.Errorf("heading %q after the title was corrected", got)
	}
	// The swapped-in view takes focus once htmx has settled it, which can
	// come a moment after the badge is visible: wait for it, then check.
	_ = chromedp.Do(ctx, chromedp.Poll[chromedp.Void](
		`(document.activeElement.closest("#correction-title") ? document.activeElement.innerText : "").startsWith("Edit")`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
	if focused, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.closest("#correction-title") ? document.activeElement.innerText : ""`)); !strings.HasPrefix(focused, "Edit") {
		t.Errorf("focus after saving is on %q, not the title's Edit", focused)
	}

	// A decision, by mouse: the first row holds what the analysis found.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#correction-decisions .correction-actions a`)),
		chromedp.WaitVisible(chromedp.CSS(`#correction-decisions-decision-1`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	found, err := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#correction-decisions-decision-1`)))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#correction-decisions-decision-1`), decision),
		chromedp.SetValue(chromedp.CSS(`#correction-decisions-rationale-1`), why),
		chromedp.Click(chromedp.CSS(`#correction-decisions button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#correction-decisions .badge-edited`)),
		htmxSettled(),
	)
	if err != nil {
		t.Fatal(err)
	}
	if found == "" {
		t.Error("the analysis found no decision to correct")
	}

	// A bad value is refused in place, naming the field, and changes nothing.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#correction-title a`)),
		chromedp.WaitVisible(chromedp.CSS(`#correction-title-input`)),
		htmxSettled(),
		chromedp.SetValue(chromedp.CSS(`#correction-title-input`), "   "),
		chromedp.Click(chromedp.CSS(`#correction-title button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#correction-title [role="alert"]`)),
		htmxSettled(),
	)
	if err != nil {
		t.Fatal(err)
	}
	if msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#correction-title [role=alert]").innerText`)); !strings.Contains(msg, "title") {
		t.Errorf("the refusal says %q", msg)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#correction-title .correction-buttons a`)), chromedp.WaitVisible(chromedp.CSS(`#correction-title .badge-edited`))); err != nil {
		t.Fatal(err)
	}

	// Re-analyse redraws the page from a new analysis: both corrections stay.
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("session-page").dataset.before = "1"`),
		chromedp.Click(chromedp.CSS(`form.reanalyse button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#session-page:not([data-before])`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		state, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`({
			heading: document.querySelector("#session-title").innerText,
			titleEdited: document.querySelector("#correction-title .badge-edited") ? "yes" : "no",
			titleWas: document.querySelector("#correction-title .correction-extracted").innerText,
			decision: document.querySelector("#correction-decisions .decisions strong").innerText,
			why: document.querySelector("#correction-decisions .decision-why").innerText,
			decisionEdited: document.querySelector("#correction-decisions .badge-edited") ? "yes" : "no",
			decisionWas: document.querySelector("#correction-decisions .correction-extracted").innerText,
		})`))
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if state["heading"] != title || state["titleEdited"] != "yes" || !strings.Contains(state["titleWas"], extractedTitle) {
			t.Errorf("%s: title %q edited %s, analysis said %q (was %q)", when, state["heading"], state["titleEdited"], state["titleWas"], extractedTitle)
		}
		if state["decision"] != decision || !strings.Contains(state["why"], why) || state["decisionEdited"] != "yes" || !strings.Contains(state["decisionWas"], found) {
			t.Errorf("%s: decision %q (%q) edited %s, analysis said %q (found %q)", when, state["decision"], state["why"], state["decisionEdited"], state["decisionWas"], found)
		}
	}
	check("after Re-analyse")
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#correction-decisions .badge-edited`))); err != nil {
		t.Fatal(err)
	}
	check("after a reload")
	// The session list shows the corrected title.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/sessions"), chromedp.WaitVisible(chromedp.CSS(`#results a[href^="/sessions/"]`))); err != nil {
		t.Fatal(err)
	}
	if got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#results a[href^="/sessions/"]').innerText`)); !strings.Contains(got, title) {
		t.Errorf("the session list shows %q", got)
	}
}
