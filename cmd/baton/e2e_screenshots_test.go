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
	pages = append(pages, morePages(t, ctx, base, pages)...)
	return append(pages, sessions...)
}

// morePages are the pages reached from others: the session the demo
// shares with its team (as the team's page shows it, and its delete
// page, a message's annotation form and the replay page it links to),
// and a session's and a comparison's read-only links, made here. The
// link's preview (the answer to a post) and the comparison showing the
// link once are checked at 390 px on the way, since they have no URL of
// their own; a reload there shows no link (redirect after post).
func morePages(t *testing.T, ctx context.Context, base string, pages []string) []string {
	t.Helper()
	find := func(path, sel string) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+path), chromedp.WaitReady(chromedp.CSS(`body`))); err != nil {
			t.Fatal(err)
		}
		href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const a = document.querySelector(`+strconvQuote(sel)+`);
			return a ? new URL(a.href).pathname : "" })()`))
		if err != nil || href == "" {
			t.Fatalf("%s links to no %s (%v)", path, sel, err)
		}
		return href
	}
	var team, comparison string
	for _, p := range pages {
		if strings.HasPrefix(p, "/teams/") {
			team = p
		}
		if strings.HasPrefix(p, "/comparisons/") {
			comparison = p
		}
	}
	if team == "" || comparison == "" {
		t.Fatalf("the demo has no team (%q) or no comparison (%q)", team, comparison)
	}
	shared := find(team, `main a[href^="/shared/sessions/"]`)
	session := "/sessions/" + strings.TrimPrefix(shared, "/shared/sessions/")
	more := []string{shared, session + "/delete",
		find(session, `a[href^="/messages/"][href$="/annotate"]`),
		find(session, `a[href^="/conversations/"][href$="/replay"]`)}

	// The session's read-only link, through the Share form (htmx).
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#share-panel form").requestSubmit()`),
		chromedp.WaitReady(chromedp.CSS(`#share-url`)),
	); err != nil {
		t.Fatal(err)
	}
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new URL(document.querySelector("#share-url").textContent).pathname`))
	if err != nil {
		t.Fatal(err)
	}
	more = append(more, link)

	// The comparison's read-only link: preview, then create.
	wide := func(what string) {
		if w := sideways(t, ctx); w != "" {
			t.Errorf("%s at 390 px scrolls sideways by %s", what, w)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+comparison),
		chromedp.WaitReady(chromedp.CSS(`form.link-form`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("form.link-form").requestSubmit()`),
		chromedp.WaitVisible(chromedp.CSS(`#link-create`)),
	); err != nil {
		t.Fatal(err)
	}
	wide("the link preview")
	if err := chromedp.Do(ctx, chromedp.Submit(chromedp.CSS(`#link-create button`)), chromedp.WaitVisible(chromedp.CSS(`#link-url`))); err != nil {
		t.Fatal(err)
	}
	wide("the created link")
	if link, err = chromedp.Run(ctx, chromedp.Evaluate[string](`new URL(document.querySelector("#link-url").textContent).pathname`)); err != nil {
		t.Fatal(err)
	}
	// The post redirected to the comparison, which shows the link once:
	// a reload makes no second link.
	if at, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`)); at != comparison {
		t.Errorf("after creating a read-only link the browser is at %q, want %q", at, comparison)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`form.link-form`))); err != nil {
		t.Fatal(err)
	}
	if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector("#link-url")`)); shown {
		t.Error("a reload shows the read-only link again")
	}
	return append(more, link)
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
			// A read-only link is named by what it opens: its token is a secret.
			label := screenshotName(path)
			if isSessionPage(path) {
				title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("h1") ? document.querySelector("h1").textContent : ""`))
				kind := map[string]string{"sessions": "session-", "shared": "team-shared-", "s": "share-link-"}[strings.Split(path, "/")[1]]
				label = kind + screenshotName(strings.ToLower(strings.Join(strings.Fields(title), "-")))
			} else if strings.HasPrefix(path, "/c/") {
				label = "comparison-link"
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
