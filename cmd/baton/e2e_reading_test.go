package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReadingAtBothWidths walks every page of the demo steward at
// 1400 and 390 px: no page scrolls sideways, and on every session page the
// transcript's first message starts within the first screen.
func TestBrowserReadingAtBothWidths(t *testing.T) {
	ctx := newBrowserFor(t, 4*time.Minute) // some 35 pages, twice
	base, _ := startBaton(t, map[string]string{"BATON_DEMO": "1"})
	pages := demoPages(t, ctx, base)
	for _, w := range screenWidths {
		for _, path := range pages {
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(w.width, w.height),
				chromedp.Navigate(base+path),
				chromedp.WaitReady(chromedp.CSS(`body`)),
			)
			if err != nil {
				t.Fatalf("%s at %s: %v", path, w.name, err)
			}
			wide := sideways(t, ctx)
			if wide != "" {
				t.Errorf("%s at %s px scrolls sideways by %s", path, w.name, wide)
			}
			// The header is one line: on a phone the menu button's page name is cut short.
			if h, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`(document.querySelector(".app-header") || {getBoundingClientRect: () => ({height: 0})}).getBoundingClientRect().height`)); h > 64 {
				t.Errorf("%s at %s px: the header wraps to %.0f px", path, w.name, h)
			}
			if strings.HasPrefix(path, "/sessions?") || path == "/sessions" {
				checkSessionListFirstScreen(t, ctx, path, w.name, w.height)
			}
			if !isSessionPage(path) {
				continue
			}
			top, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
				const m = document.querySelector("#transcript > li.msg, .transcript-section .empty-state");
				return m ? m.getBoundingClientRect().top + scrollY : 1e9;
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if top > float64(w.height)-40 {
				t.Errorf("%s at %s px: the transcript starts %.0f px down, below the first screen (%d px)", path, w.name, top, w.height)
			}
		}
	}
}

// checkSessionListFirstScreen asserts that the session list's first session
// (or search hit) starts within the first screen, its filters folded on a phone and open on
// a wide screen, the folded line counting the filters the URL sets.
func checkSessionListFirstScreen(t *testing.T, ctx context.Context, path, width string, height int64) {
	t.Helper()
	type list struct {
		FirstTop float64
		Open     bool
		Summary  string
	}
	l, err := chromedp.Run(ctx, chromedp.Evaluate[list](`(() => {
		const row = document.querySelector("#results .hit-group, #results tbody tr, #results .empty-state"), more = document.querySelector("#filters-more");
		return {FirstTop: row ? row.getBoundingClientRect().top + scrollY : 1e9, Open: !!(more && more.open),
			Summary: more ? more.querySelector("summary").textContent.replace(/\s+/g, " ").trim() : ""};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if l.FirstTop > float64(height)-60 {
		t.Errorf("%s at %s px: the first session or hit starts %.0f px down, below the first screen (%d px)", path, width, l.FirstTop, height)
	}
	if wantOpen := width != "390"; l.Open != wantOpen {
		t.Errorf("%s at %s px: the filters are open=%v, want %v", path, width, l.Open, wantOpen)
	}
	u, _ := url.Parse(path)
	want := "Filters"
	if n := len(u.Query()) - len(u.Query()["q"]); n > 0 {
		want = fmt.Sprintf("Filters (%d active)", n)
	}
	if l.Summary != want {
		t.Errorf("%s at %s px: the filters' line says %q, want %q", path, width, l.Summary, want)
	}
}

// sideways says how the page in ctx scrolls sideways ("" when it does not):
// the page itself, or a frame inside it (code blocks excepted: code keeps
// its lines).
func sideways(t *testing.T, ctx context.Context) string {
	t.Helper()
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
		const inner = [...document.querySelectorAll("body *")].filter(el => {
			const ox = getComputedStyle(el).overflowX;
			return (ox === "auto" || ox === "scroll") && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !el.closest("pre, code, .msg-body, .fold");
		}).slice(0, 3).map(el => "inner " + el.tagName.toLowerCase() + "." + [...el.classList].join("."));
		if (over <= 0) return inner.join(" ");
		const culprits = [...document.querySelectorAll("body *")].filter(el => el.getBoundingClientRect().right > innerWidth + 1)
			.slice(0, 3).map(el => el.tagName.toLowerCase() + "." + [...el.classList].join("."));
		return over + "px, e.g. " + culprits.join(" ");
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	return wide
}

// isSessionPage says whether path shows a session's transcript: the
// session's page, the team-shared view of it, or its read-only link.
func isSessionPage(path string) bool {
	parts := strings.Split(strings.SplitN(path, "?", 2)[0], "/")
	switch {
	case len(parts) == 3 && parts[1] == "sessions":
		return parts[2] != ""
	case len(parts) == 4 && parts[1] == "shared" && parts[2] == "sessions":
		return parts[3] != ""
	case len(parts) == 3 && parts[1] == "s":
		return parts[2] != "no-such-link"
	}
	return false
}

// inView is a script that says whether the element sel is (at least
// partly) in the viewport.
func inView(sel string) string {
	return fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false;
		const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight })()`, sel)
}

// TestBrowserJumpsLand opens the demo's longest session at both widths and
// jumps to a message beyond the first chunk, by the jump form and by a
// click on the arc: the message is in the viewport, marked, and the one
// before it loads above it with one click, without moving the reader.
func TestBrowserJumpsLand(t *testing.T) {
	ctx := newBrowser(t)
	base, _ := startBaton(t, map[string]string{"BATON_DEMO": "1"})
	demoPages(t, ctx, base) // signs in
	var session string
	var total int
	err := chromedp.Do(ctx, chromedp.Navigate(base+"/sessions?sort=messages_desc"), chromedp.WaitVisible(chromedp.CSS(`#results td.col-title a`)))
	if err == nil {
		session, err = chromedp.Run(ctx, chromedp.Evaluate[string](`new URL(document.querySelector("#results td.col-title a").href).pathname`))
	}
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Navigate(base+session), chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)))
	}
	if err == nil {
		total, err = chromedp.Run(ctx, chromedp.Evaluate[int](`+document.querySelector("#jump-at").max`))
	}
	if err != nil || total < 200 {
		t.Fatalf("the longest demo session %s has %d messages (%v); the test needs 200", session, total, err)
	}

	for _, w := range screenWidths {
		// The jump form.
		target := total - 37
		msg := fmt.Sprintf("#m-%d", target)
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(w.width, w.height),
			chromedp.Navigate(base+session),
			chromedp.WaitVisible(chromedp.CSS(`#jump-at`)),
			chromedp.SendKeys(chromedp.CSS(`#jump-at`), fmt.Sprint(target)),
			chromedp.Submit(chromedp.CSS(`#jump-at`)),
			chromedp.WaitVisible(chromedp.CSS(msg)),
		)
		if err != nil {
			t.Fatalf("jump at %s: %v", w.name, err)
		}
		checkLanded(t, ctx, w.name+" jump", target)

		// A click on the arc (the wide or the narrow picture, whichever shows).
		dots, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll(".strip-arc svg")].filter(s => s.getBoundingClientRect().width > 0)
			.flatMap(s => [...s.querySelectorAll(".chart-dots a")]).map(a => +new URL(a.getAttribute("href"), location.href).searchParams.get("at"))`))
		if err != nil || len(dots) == 0 {
			t.Fatalf("arc dots at %s: %v, %v", w.name, dots, err)
		}
		seq := dots[len(dots)*2/3]
		if seq <= 41 {
			t.Fatalf("the dot picked (#%d) is within the first chunk", seq)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.scrollTo(0, 0), true`)); err != nil {
			t.Fatal(err)
		}
		dot := fmt.Sprintf(`.strip-arc svg.%s .chart-dots a[href$="#m-%d"] .chart-dot`, map[string]string{"1400": "chart-svg-wide", "390": "chart-svg-narrow"}[w.name], seq)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(dot)), chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf("#m-%d", seq)))); err != nil {
			t.Fatalf("arc click at %s: %v", w.name, err)
		}
		checkLanded(t, ctx, w.name+" arc click", seq)
	}
}

// checkLanded asserts that message n is in view and marked, and that the
// message before it loads above it without taking n out of view.
func checkLanded(t *testing.T, ctx context.Context, what string, n int) {
	t.Helper()
	msg, prev := fmt.Sprintf("#m-%d", n), fmt.Sprintf("#m-%d", n-1)
	// The scroll follows the page's load: wait for the message to come into view.
	inViewSoon := func(sel string) bool {
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](inView(sel), chromedp.WithPollingTimeout(5*time.Second)))
		return err == nil
	}
	if !inViewSoon(msg) {
		t.Errorf("%s: message %d is not in the viewport", what, n)
	}
	if marked, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).classList.contains("is-target")`, msg))); !marked {
		t.Errorf("%s: message %d is not marked", what, n)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#transcript > li.transcript-earlier a`)),
		chromedp.WaitReady(chromedp.CSS(prev)),
	); err != nil {
		t.Fatalf("%s: loading the earlier messages: %v", what, err)
	}
	if !inViewSoon(msg) {
		t.Errorf("%s: loading earlier messages moved message %d out of view", what, n)
	}
	if before, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).nextElementSibling === document.querySelector(%q)`, prev, msg))); !before {
		t.Errorf("%s: message %d did not load right above %d", what, n-1, n)
	}
}

// TestBrowserReloadAfterCreatingDoesNotResubmit creates a token on the
// settings page and an invitation on the team page in a real browser, at
// 1400 and 390 px, and reloads each: the browser is on a GET page (redirect
// after post), nothing is made twice, and the secret is not shown again.
// The invitation's own page does not scroll sideways either.
func TestBrowserReloadAfterCreatingDoesNotResubmit(t *testing.T) {
	ctx := newBrowser(t)
	base, _ := startBaton(t, map[string]string{"BATON_DEMO": "1"})
	demoPages(t, ctx, base)
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconvQuote(sel)+`).length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	where := func() string {
		w, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.hash`))
		return w
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/teams"), chromedp.WaitVisible(chromedp.CSS(`main a[href^="/teams/"]`))); err != nil {
		t.Fatal(err)
	}
	team, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new URL(document.querySelector('main a[href^="/teams/"]').href).pathname`))
	if err != nil {
		t.Fatal(err)
	}
	const tokens, invitations = ".settings-tokens tbody tr", ".invitation-list li.invitation"
	for _, w := range screenWidths {
		// A token.
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w.width, w.height), chromedp.Navigate(base+"/settings"), chromedp.WaitVisible(chromedp.CSS(`#token-name`))); err != nil {
			t.Fatal(err)
		}
		before := count(tokens)
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(chromedp.CSS(`#token-name`), "reload test "+w.name),
			chromedp.Submit(chromedp.CSS(`#token-name`)),
			chromedp.WaitVisible(chromedp.CSS(`#new-token`)),
		); err != nil {
			t.Fatal(err)
		}
		if at := where(); at != "/settings#new-token" {
			t.Errorf("at %s, after creating a token the browser is at %q", w.name, at)
		}
		if n := count(tokens); n != before+1 {
			t.Fatalf("at %s, %d tokens after creating one, had %d", w.name, n, before)
		}
		if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#token-name`))); err != nil {
			t.Fatal(err)
		}
		if n := count(tokens); n != before+1 {
			t.Errorf("at %s, reload made another token: %d, want %d", w.name, n, before+1)
		}
		if n := count(`#new-token`); n != 0 {
			t.Errorf("at %s, reload shows the token again", w.name)
		}

		// An invitation.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+team), chromedp.WaitVisible(chromedp.CSS(`#invite-who`))); err != nil {
			t.Fatal(err)
		}
		before = count(invitations)
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(chromedp.CSS(`#invite-who`), "newcomer-"+w.name+"@example.com"),
			chromedp.Submit(chromedp.CSS(`#invite-who`)),
			chromedp.WaitVisible(chromedp.CSS(`#invite-url`)),
		); err != nil {
			t.Fatal(err)
		}
		if at := where(); at != team+"#invite-created-title" {
			t.Errorf("at %s, after creating an invitation the browser is at %q", w.name, at)
		}
		if n := count(invitations); n != before+1 {
			t.Fatalf("at %s, %d invitations after creating one, had %d", w.name, n, before)
		}
		link, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#invite-url`)))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#invite-who`))); err != nil {
			t.Fatal(err)
		}
		if n := count(invitations); n != before+1 {
			t.Errorf("at %s, reload made another invitation: %d, want %d", w.name, n, before+1)
		}
		if n := count(`#invite-url`); n != 0 {
			t.Errorf("at %s, reload shows the invitation link again", w.name)
		}
		// The link's page (the inviter sees it too) fits the screen.
		if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`main`))); err != nil {
			t.Fatal(err)
		}
		if wide := sideways(t, ctx); wide != "" {
			t.Errorf("the invitation page at %s px scrolls sideways by %s", w.name, wide)
		}
	}
}
