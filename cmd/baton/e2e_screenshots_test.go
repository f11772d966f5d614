package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenWidths are the two widths every page is checked at: a laptop and a phone.
var screenWidths = []struct {
	name          string
	width, height int64
}{{"1400", 1400, 900}, {"390", 390, 844}}

// demoPages signs in as the demo steward and returns the paths of every
// page worth looking at: the lists, each demo session and one team.
func demoPages(t *testing.T, ctx context.Context, base string) []string {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "demo"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "demo-steward"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results a[href^="/sessions/"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	sessions, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...new Set([...document.querySelectorAll('#results a[href^="/sessions/"]')].map(a => new URL(a.href).pathname))]`))
	if err != nil || len(sessions) == 0 {
		t.Fatalf("demo sessions: %v, %v", sessions, err)
	}
	pages := []string{"/sessions", "/sessions?q=migration", "/sessions?type=chat&review=pending", "/relationship", "/review", "/import", "/teams", "/settings", "/s/no-such-link"}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/teams")); err != nil {
		t.Fatal(err)
	}
	if teams, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('main a[href^="/teams/"]')].map(a => new URL(a.href).pathname)`)); len(teams) > 0 {
		pages = append(pages, teams[0])
	}
	// Continuity, replay and frames: each list page, and the first item it links to.
	for _, list := range []struct{ path, item string }{
		{"/bridges", `main a[href^="/bridges/"]`},
		{"/summary", ""},
		{"/continuity", ""},
		{"/comparisons", `main a[href^="/comparisons/"]`},
		{"/frames", `main a[href^="/frames/"]:not([href^="/frames/timeline"]):not([href^="/frames/export"])`},
		{"/frames/timeline", ""},
	} {
		pages = append(pages, list.path)
		if list.item == "" {
			continue
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(base+list.path)); err != nil {
			t.Fatal(err)
		}
		items, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](
			`[...document.querySelectorAll('`+list.item+`')].map(a => new URL(a.href).pathname + new URL(a.href).search)`))
		if len(items) == 0 {
			t.Fatalf("%s links to no %s on the demo data", list.path, list.item)
		}
		pages = append(pages, items[0])
	}
	return append(pages, sessions...)
}

// TestScreenshots writes a full-page screenshot of every page at 1400 and
// 390 px into $BATON_SCREENSHOTS (make screenshots), for a person to look
// at. Without that variable it is skipped.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("BATON_SCREENSHOTS")
	if dir == "" {
		t.Skip("set BATON_SCREENSHOTS to a folder (make screenshots)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Four shots of every page, the 2,000-message session among them.
	ctx := newBrowserFor(t, 10*time.Minute)
	base, _ := startBaton(t, map[string]string{"BATON_DEMO": "1"})
	pages := demoPages(t, ctx, base)
	for _, w := range screenWidths {
		for i, path := range pages {
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(w.width, w.height),
				chromedp.Navigate(base+path),
				chromedp.WaitReady(chromedp.CSS(`body`)),
			)
			if err != nil {
				t.Fatalf("%s at %s: %v", path, w.name, err)
			}
			// A session is named by its title: its id changes every run.
			label := screenshotName(path)
			if isSessionPage(path) {
				title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("h1") ? document.querySelector("h1").textContent : ""`))
				label = "session-" + screenshotName(strings.ToLower(strings.Join(strings.Fields(title), "-")))
			}
			// The first screen is what a reader sees; the full page is the rest.
			for _, shot := range []struct {
				suffix string
				action chromedp.Action[[]byte]
			}{{"", chromedp.CaptureScreenshot()}, {"-full", chromedp.FullScreenshot(100)}} {
				png, err := chromedp.Run(ctx, shot.action)
				if err != nil {
					t.Fatalf("screenshot of %s: %v", path, err)
				}
				name := fmt.Sprintf("%02d-%s-%s%s.png", i, label, w.name, shot.suffix)
				if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d screenshots in %s", 4*len(pages), dir)
}

// screenshotName turns a path into a file name: /sessions?q=x -> sessions-q-x.
func screenshotName(path string) string {
	r := strings.NewReplacer("/", "-", "?", "-", "=", "-", "&", "-", "'", "", ":", "", ",", "", ".", "", "(", "", ")", "")
	name := strings.Trim(r.Replace(path), "-")
	if len(name) > 60 {
		name = name[:60]
	}
	return name
}
