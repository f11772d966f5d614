package ui_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// frameDoc is a Lex frame for page tests.
func frameDoc(id, ts, branch, module, caption, keyword string) string {
	return fmt.Sprintf(`{"id":%q,"timestamp":%q,"branch":%q,"module_scope":[%q],"summary_caption":%q,"reference_point":"ref-%s",`+
		`"status_snapshot":{"next_action":"next for %s","blockers":["waiting on review"]},"keywords":[%q],"executorRole":"senior-dev","x_custom":{"kept":true}}`,
		id, ts, branch, module, caption, id, id, keyword)
}

// htmxTarget fetches a fragment as htmx does when it targets an element.
func htmxTarget(b *webtest.Browser, path, target string) *goquery.Document {
	b.A.T.Helper()
	doc, _ := b.HTMX(path, "HX-Target", target)
	return doc
}

func TestFramesPageRecallsAsYouType(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		body := frameDoc("f-p1", "2026-04-01T10:00:00Z", "feature/search", "memory/store", "Fixed hyphen handling in recall", "fts5") + "\n" +
			frameDoc("f-p2", "2026-04-02T10:00:00Z", "main", "cli", "CLI flags for recall", "flags")
		a.API(a.AdaToken, "POST", "/api/v1/frames/import", body, nil)
		b := a.SignIn("ada")

		doc, resp := b.Get("/frames")
		if resp.StatusCode != 200 || doc.Find(".frame-card").Length() != 2 || doc.Find(`nav a[aria-current="page"]`).Text() != "Frames" {
			t.Fatalf("frames page: %d, %d cards", resp.StatusCode, doc.Find(".frame-card").Length())
		}
		if doc.Find(`#fr-module option[value="memory/store"]`).Length() != 1 || doc.Find(`#fr-branch option[value="feature/search"]`).Length() != 1 {
			t.Fatal("the filters do not offer the steward's modules and branches")
		}
		if trig, _ := doc.Find("#frame-filters").Attr("hx-trigger"); !strings.Contains(trig, "input changed") {
			t.Fatalf("the recall box does not search as the steward types: %q", trig)
		}
		// Typing "recal" already finds both (the last word is a prefix while typing).
		part := htmxTarget(b, "/frames?q=recal", "frame-results")
		if part.Find("#frame-results").Length() != 1 || part.Find("header, nav").Length() != 0 || part.Find(".frame-card").Length() != 2 {
			t.Fatalf("partial: %d cards", part.Find(".frame-card").Length())
		}
		// Filters narrow, and a hyphenated term is one term.
		part = htmxTarget(b, "/frames?q=hyphen-handling&module=memory%2Fstore", "frame-results")
		if part.Find(".frame-card").Length() != 1 || !strings.Contains(part.Find(".frame-title").Text(), "Fixed hyphen handling") {
			t.Fatalf("filtered: %q", part.Find(".frame-list").Text())
		}
		if got := part.Find(".results-count").Text(); got != "1 frame" || part.Find(".frame-took").Length() != 1 {
			t.Fatalf("count: %q", got)
		}
		// Punctuation alone searches nothing and says so.
		part = htmxTarget(b, "/frames?q="+url.QueryEscape(`"" -- OR`), "frame-results")
		if part.Find(".frame-card").Length() != 0 || !strings.Contains(part.Find(".frame-message").Text(), "no words") {
			t.Fatalf("empty query: %q", part.Text())
		}
		// A bad filter is an error in the results, not a broken page.
		part = htmxTarget(b, "/frames?q=x&since=soon", "frame-results")
		if !strings.Contains(part.Find(".flash-error").Text(), "since") {
			t.Fatalf("bad since: %q", part.Text())
		}
	})
}

func TestFramePageShowsEveryFieldAndDeletes(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.API(a.AdaToken, "POST", "/api/v1/frames", frameDoc("f/with slash", "2026-04-01T10:00:00+02:00", "main", "cli", "A frame", "kw"), nil)
		b := a.SignIn("ada")
		path := "/frames/" + url.PathEscape("f/with slash")
		doc, resp := b.Get(path)
		if resp.StatusCode != 200 || doc.Find("h1#frame-title").Text() != "A frame" {
			t.Fatalf("frame page %d", resp.StatusCode)
		}
		fields := map[string]string{}
		doc.Find(".frame-fields dt").Each(func(_ int, dt *goquery.Selection) {
			fields[strings.Fields(dt.Text())[0]] = strings.TrimSpace(dt.Next().Text())
		})
		if fields["executorRole"] != "senior-dev" || fields["timestamp"] != "2026-04-01T10:00:00+02:00" || !strings.Contains(fields["x_custom"], `"kept": true`) ||
			fields["Blockers"] != "waiting on review" {
			t.Fatalf("fields: %v", fields)
		}
		if doc.Find(`form[action$="/delete"] button`).Length() != 1 || doc.Find(`form[action$="/edit"], input[name="summary_caption"]`).Length() != 0 {
			t.Fatal("a frame page offers delete and nothing that edits")
		}
		// Bob cannot delete it; Ada can.
		bob := a.SignIn("bob")
		if resp := bob.Post(path+"/delete", url.Values{}); resp.StatusCode != 404 {
			t.Fatalf("bob deletes ada's frame: %d", resp.StatusCode)
		}
		if resp := b.Post(path+"/delete", url.Values{}); resp.StatusCode != 200 || resp.Request.URL.Path != "/frames" {
			t.Fatalf("delete: %d %s", resp.StatusCode, resp.Request.URL)
		}
		if _, resp := b.Get(path); resp.StatusCode != 404 {
			t.Fatalf("after delete: %d", resp.StatusCode)
		}
	})
}

func TestFrameTimelinePagePagesAndLinksSessions(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		start := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
		var sess baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Long branch work", "branch": "long", "started_at": start, "ended_at": start.Add(10 * time.Hour)}, &sess)
		var lines []string
		for i := range 250 {
			lines = append(lines, frameDoc(fmt.Sprintf("t-%03d", i), start.Add(time.Duration(i)*time.Minute).Format(time.RFC3339), "long", "mod", fmt.Sprintf("Step %d", i), "step"))
		}
		a.API(a.AdaToken, "POST", "/api/v1/frames/import", strings.Join(lines, "\n"), nil)
		b := a.SignIn("ada")
		doc, _ := b.Get("/frames/timeline?branch=long")
		if n := doc.Find(".timeline-entry").Length(); n != 100 {
			t.Fatalf("first page: %d entries", n)
		}
		if !strings.Contains(doc.Find(".timeline-entry").First().Text(), "Step 249") || doc.Find(`.timeline-sessions a[href="/sessions/`+sess.ID+`"]`).Length() != 100 {
			t.Fatal("newest first, each linked to its session")
		}
		seen := doc.Find(".timeline-entry").Length()
		next, _ := doc.Find("#timeline-more a").Attr("hx-get")
		for next != "" {
			part, _ := b.HTMX(next)
			seen += part.Find(".timeline-entry").Length()
			next, _ = part.Find("#timeline-more a").Attr("hx-get")
		}
		if seen != 250 {
			t.Fatalf("saw %d entries", seen)
		}
		// The session page lists its frames in the side panel.
		page, _ := b.Get("/sessions/" + sess.ID)
		if n := page.Find("#side-frames .session-frames li").Length(); n != 20 || page.Find(`.side-toc a[href="#side-frames"]`).Length() != 1 {
			t.Fatalf("session page frames: %d", n)
		}
	})
}

// TestSupersededFramesAreHiddenAndChained: a frame another supersedes is
// left out of recall and the timeline unless asked for, and both frames'
// pages show the chain (superseded by, supersedes, merged from).
func TestSupersededFramesAreHiddenAndChained(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		old := strings.Replace(frameDoc("f-old", "2026-04-01T10:00:00Z", "main", "auth", "Token refresh with cookies", "refresh"),
			`"x_custom":{"kept":true}}`, `"superseded_by":"f-new","capabilityTier":"mid"}`, 1)
		newer := strings.Replace(frameDoc("f-new", "2026-04-02T10:00:00Z", "main", "auth", "Token refresh with headers", "refresh"),
			`"x_custom":{"kept":true}}`, `"merged_from":["f-old","f-gone"]}`, 1)
		var res struct{ Summary string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames/import", old+"\n"+newer, &res); code != 200 || res.Summary != "2 created, 0 duplicates, 0 invalid" {
			t.Fatalf("import = %d %+v", code, res)
		}
		var rec struct {
			Hits []struct{ Frame struct{ ID string } }
		}
		ids := func() string {
			var l []string
			for _, h := range rec.Hits {
				l = append(l, h.Frame.ID)
			}
			return strings.Join(l, ",")
		}
		if a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=token+refresh", nil, &rec); ids() != "f-new" {
			t.Fatalf("recall = %s, want only f-new", ids())
		}
		if a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=token+refresh&superseded=include", nil, &rec); ids() != "f-new,f-old" {
			t.Fatalf("recall with superseded = %s", ids())
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=token&superseded=maybe", nil, nil); code != 400 {
			t.Fatalf("bad superseded = %d", code)
		}
		var tl struct {
			Frames []struct{ Frame struct{ ID string } } `json:"frames"`
		}
		if a.API(a.AdaToken, "GET", "/api/v1/frames/timeline?branch=main", nil, &tl); len(tl.Frames) != 1 || tl.Frames[0].Frame.ID != "f-new" {
			t.Fatalf("timeline = %+v", tl)
		}
		if a.API(a.AdaToken, "GET", "/api/v1/frames/timeline?branch=main&superseded=include", nil, &tl); len(tl.Frames) != 2 {
			t.Fatalf("timeline with superseded = %+v", tl)
		}

		b := a.SignIn("ada")
		doc, _ := b.Get("/frames")
		if doc.Find(".frame-card").Length() != 1 || doc.Find("#fr-superseded").Length() != 1 {
			t.Fatalf("frames page: %d cards", doc.Find(".frame-card").Length())
		}
		doc, _ = b.Get("/frames?superseded=include")
		if doc.Find(".frame-card").Length() != 2 || doc.Find(".frame-superseded").Length() != 1 {
			t.Fatalf("frames page with superseded: %d cards", doc.Find(".frame-card").Length())
		}
		doc, _ = b.Get("/frames/f-old")
		chain := doc.Find(".frame-chain").Text()
		if !strings.Contains(chain, "Superseded by") || doc.Find(`.frame-chain a[href="/frames/f-new"]`).Length() != 1 ||
			!strings.Contains(doc.Find(".frame-fields").Text(), "v4") {
			t.Fatalf("old frame's chain: %q", chain)
		}
		doc, _ = b.Get("/frames/f-new")
		if chain = doc.Find(".frame-chain").Text(); !strings.Contains(chain, "Supersedes") || !strings.Contains(chain, "Merged from") ||
			doc.Find(`.frame-chain a[href="/frames/f-old"]`).Length() != 2 || !strings.Contains(chain, "f-gone") {
			t.Fatalf("new frame's chain: %q", chain)
		}
		// Another steward sees neither frame's chain.
		if _, resp := a.SignIn("bob").Get("/frames/f-old"); resp.StatusCode != 404 {
			t.Fatalf("bob's view of ada's frame = %d", resp.StatusCode)
		}
	})
}
