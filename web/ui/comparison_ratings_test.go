package ui_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// Stewards score a comparison's runs on its page (htmx): each side from 0
// to 1 and which run was better, one rating each, changed in place, shown
// to the team with the means. A refused form comes back (400) naming the
// field with what was typed, and writes nothing; a viewer reads the
// scores but has no form and is refused; a stranger gets 404.
func TestComparisonRatingsOnThePage(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "A shorter answer.")
		cmpID := webtest.Compare(t, a, mainConv, rp.ConversationID)
		page, action := "/comparisons/"+cmpID, "/comparisons/"+cmpID+"/ratings"
		stored := func() int {
			var n int
			if err := a.St.DB().NewRaw("SELECT count(*) FROM comparison_ratings").Scan(context.Background(), &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		htmxPost := func(b *webtest.Browser, form url.Values) (*goquery.Document, int) {
			t.Helper()
			form.Set("_csrf", b.CSRF)
			req, _ := http.NewRequest("POST", a.Srv.URL+action, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("HX-Request", "true")
			resp, err := b.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			doc, _ := goquery.NewDocumentFromReader(resp.Body)
			return doc, resp.StatusCode
		}

		ada := a.SignIn("ada")
		doc, _ := ada.Get(page)
		if doc.Find(`#ratings form#rating-form[hx-post="`+action+`"][data-swap-400]`).Length() != 1 || doc.Find("#ratings-none").Length() != 1 {
			t.Fatal("the comparison page has no rating form")
		}

		for _, tc := range []struct {
			form  url.Values
			field string
		}{
			{url.Values{"score_a": {"1.5"}, "score_b": {"0.4"}, "better": {"a"}}, "score_a"},
			{url.Values{"score_a": {"0.8"}, "score_b": {"good"}}, "score_b"},
			{url.Values{"score_a": {"0.8"}, "better": {"both"}}, "better"},
			{url.Values{"better": {""}, "note": {"nothing else"}}, "better"},
			{url.Values{"score_a": {"0.8"}, "note": {strings.Repeat("n", 2001)}}, "note"},
		} {
			frag, code := htmxPost(ada, tc.form)
			if code != 400 || frag.Find("header.app-header").Length() != 0 {
				t.Errorf("%v = %d (whole page %v), want the section with 400", tc.form, code, frag.Find("header.app-header").Length() != 0)
				continue
			}
			if msg := frag.Find("#ratings .flash-error").Text(); !strings.Contains(msg, tc.field) {
				t.Errorf("%v says %q, want the field %s named", tc.form, msg, tc.field)
			}
			if tc.field != "better" && frag.Find(`#rating-`+tc.field+`[aria-invalid="true"]`).Length() != 1 {
				t.Errorf("%v: %s not marked", tc.form, tc.field)
			}
			if v := tc.form.Get("score_a"); frag.Find("#rating-score_a").AttrOr("value", "") != v {
				t.Errorf("%v: score_a shows %q, typed %q", tc.form, frag.Find("#rating-score_a").AttrOr("value", ""), v)
			}
			if v := tc.form.Get("score_b"); frag.Find("#rating-score_b").AttrOr("value", "") != v {
				t.Errorf("%v: score_b shows %q, typed %q", tc.form, frag.Find("#rating-score_b").AttrOr("value", ""), v)
			}
		}
		if n := stored(); n != 0 {
			t.Fatalf("refused ratings wrote %d rows", n)
		}

		frag, code := htmxPost(ada, url.Values{"score_a": {"0.8"}, "score_b": {"0,4"}, "better": {"a"}, "note": {"A runs the tests"}})
		if code != 200 || frag.Find("#rating-saved").Length() != 1 {
			t.Fatalf("save = %d %q", code, frag.Find(".flash-error").Text())
		}
		row := func(doc *goquery.Document, who string) []string {
			var out []string
			doc.Find("#ratings .rating-row").Each(func(_ int, tr *goquery.Selection) {
				if strings.TrimSpace(tr.Find("th").Text()) == who {
					tr.Find("td").Each(func(_ int, td *goquery.Selection) { out = append(out, strings.Join(strings.Fields(td.Text()), " ")) })
				}
			})
			return out
		}
		if got := row(frag, "ada"); strings.Join(got, "|") != "0.80|0.40|A A runs the tests" {
			t.Errorf("ada's row = %q", got)
		}
		// Saved again: changed in place, and the form shows it.
		htmxPost(ada, url.Values{"score_a": {"0.7"}, "score_b": {"0.4"}, "better": {"a"}})
		if n := stored(); n != 1 {
			t.Fatalf("%d ratings after saving twice, want 1", n)
		}
		doc, _ = ada.Get(page)
		if doc.Find("#rating-score_a").AttrOr("value", "") != "0.7" || doc.Find(`input[name="better"][value="a"][checked]`).Length() != 1 {
			t.Errorf("the form does not show ada's scores")
		}

		// Without htmx: a refusal is the whole page (400) with the form as
		// typed; a save goes back to the page.
		resp := ada.Post(action, url.Values{"score_a": {"2"}})
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		whole, _ := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
		if resp.StatusCode != 400 || whole.Find("#comparison-title").Length() != 1 || whole.Find("#rating-score_a").AttrOr("value", "") != "2" {
			t.Errorf("plain refusal = %d, page %v", resp.StatusCode, whole.Find("#comparison-title").Length())
		}
		resp = ada.Post(action, url.Values{"score_a": {"0.9"}, "better": {"a"}}) // B left unscored
		resp.Body.Close()
		if resp.Request.URL.Path != page || resp.Request.URL.Query().Get("done") != "rated" {
			t.Errorf("plain save ended at %s", resp.Request.URL)
		}

		// The team: bob (member) scores, vera (viewer) reads, sam is a stranger.
		team := webtest.SharingTeam(t, a)
		vera, _ := a.Steward("vera")
		webtest.JoinTeam(t, a, team.ID, vera, baton.RoleViewer)
		a.Steward("sam")
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons/"+cmpID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 201 {
			t.Fatalf("share = %d", code)
		}
		bob := a.SignIn("bob")
		if _, code := htmxPost(bob, url.Values{"score_a": {"0.5"}, "score_b": {"0.9"}, "better": {"b"}}); code != 200 {
			t.Fatalf("bob scores = %d", code)
		}
		viewer := a.SignIn("vera")
		doc, resp = viewer.Get(page)
		if resp.StatusCode != 200 || doc.Find("#rating-form").Length() != 0 {
			t.Fatalf("viewer reads = %d, form %d", resp.StatusCode, doc.Find("#rating-form").Length())
		}
		if strings.Join(row(doc, "bob"), "|") != "0.50|0.90|B" || len(row(doc, "ada")) != 3 {
			t.Errorf("viewer sees ada %q, bob %q", row(doc, "ada"), row(doc, "bob"))
		}
		mean := strings.Join(strings.Fields(doc.Find("#ratings-mean").Text()), " ")
		if !strings.Contains(mean, "0.70 (2 scores)") || !strings.Contains(mean, "0.90 (1 score)") || !strings.Contains(mean, "A 1 · B 1 · same 0") {
			t.Errorf("means = %q", mean)
		}
		if _, code := htmxPost(viewer, url.Values{"score_a": {"0.1"}}); code != http.StatusForbidden {
			t.Errorf("viewer scores = %d, want 403", code)
		}
		sam := a.SignIn("sam")
		if _, code := htmxPost(sam, url.Values{"score_a": {"0.1"}}); code != http.StatusNotFound {
			t.Errorf("stranger scores = %d, want 404", code)
		}
		if n := stored(); n != 2 {
			t.Errorf("%d ratings stored, want ada's and bob's", n)
		}
	})
}

// A comment refused (blank, or too long) comes back as the comparison's
// page with its form saying why and what was typed, on the whole
// comparison or on its pair, and nothing is written.
func TestRefusedCommentComesBackWithItsText(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "The tokenizer drops the last token; fixed.")
		cmpID := webtest.Compare(t, a, mainConv, rp.ConversationID)
		ada := a.SignIn("ada")
		doc, _ := ada.Get("/comparisons/" + cmpID)
		pair := strings.TrimPrefix(doc.Find(`.comparison-row[id^="pair-"]`).First().AttrOr("id", ""), "pair-")
		if pair == "" {
			t.Fatal("the comparison has no aligned pair")
		}
		long := strings.Repeat("x", 20001)
		for _, tc := range []struct{ pair, body, form string }{{"all", "   ", "all"}, {pair, long, pair}} {
			resp := ada.Post("/comparisons/"+cmpID+"/comments", url.Values{"pair": {tc.pair}, "body": {tc.body}})
			doc, _ := goquery.NewDocumentFromReader(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 400 || doc.Find("#comparison-title").Length() != 1 {
				t.Fatalf("refused comment on %s = %d", tc.pair, resp.StatusCode)
			}
			area := doc.Find(`#comment-` + tc.form + `[aria-invalid="true"]`)
			if area.Length() != 1 || area.Text() != tc.body {
				t.Errorf("comment on %s: the form is not marked or lost the text (%d)", tc.pair, area.Length())
			}
			if msg := area.Closest("form").Find(".flash-error").Text(); !strings.Contains(msg, "comment") {
				t.Errorf("comment on %s says %q", tc.pair, msg)
			}
		}
		var n int
		if err := a.St.DB().NewRaw("SELECT count(*) FROM comparison_comments").Scan(context.Background(), &n); err != nil || n != 0 {
			t.Errorf("refused comments wrote %d (%v)", n, err)
		}
	})
}
