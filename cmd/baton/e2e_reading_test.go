package main

import (
	"fmt"
	"testing"

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

func isSessionPage(path string) bool {
	var id string
	n, _ := fmt.Sscanf(path, "/sessions/%s", &id)
	return n == 1 && id != ""
}
