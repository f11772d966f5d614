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
	ctx := newBrowser(t)
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
			wide, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
				// A frame that scrolls sideways inside the page hides content
				// just the same (code blocks excepted: code keeps its lines).
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
			if wide != "" {
				t.Errorf("%s at %s px scrolls sideways by %s", path, w.name, wide)
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

func isSessionPage(path string) bool {
	var id string
	n, _ := fmt.Sscanf(path, "/sessions/%s", &id)
	return n == 1 && id != ""
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
	time.Sleep(200 * time.Millisecond) // let the scroll settle
	if in, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](inView(msg))); !in {
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
	time.Sleep(200 * time.Millisecond)
	if in, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](inView(msg))); !in {
		t.Errorf("%s: loading earlier messages moved message %d out of view", what, n)
	}
	if before, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).nextElementSibling === document.querySelector(%q)`, prev, msg))); !before {
		t.Errorf("%s: message %d did not load right above %d", what, n-1, n)
	}
}

// TestBrowserReloadAfterCreatingATokenDoesNotResubmit creates a token in a
// real browser and reloads: the page is a GET, no second token is made,
// and the secret is not shown again.
func TestBrowserReloadAfterCreatingATokenDoesNotResubmit(t *testing.T) {
	ctx := newBrowser(t)
	base, _ := startBaton(t, map[string]string{"BATON_DEMO": "1"})
	demoPages(t, ctx, base)
	rows := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".settings-tokens tbody tr").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/settings"), chromedp.WaitVisible(chromedp.CSS(`#token-name`))); err != nil {
		t.Fatal(err)
	}
	before := rows()
	err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#token-name`), "reload test"),
		chromedp.Submit(chromedp.CSS(`#token-name`)),
		chromedp.WaitVisible(chromedp.CSS(`#new-token`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if where, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.hash`)); where != "/settings#new-token" {
		t.Errorf("after creating a token the browser is at %q", where)
	}
	if n := rows(); n != before+1 {
		t.Fatalf("%d tokens after creating one, had %d", n, before)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#token-name`))); err != nil {
		t.Fatal(err)
	}
	if n := rows(); n != before+1 {
		t.Errorf("reload made another token: %d, want %d", n, before+1)
	}
	if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector("#new-token")`)); shown {
		t.Error("reload shows the token again")
	}
}
