package ui_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// An annotation on a replay's message links from /review to that message
// in the replay, not to the original's message of the same number; one on
// the original still links to the original.
func TestReviewLinksToTheReplaysMessage(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		fork, ownID, ownSeq := webtest.ForkAnswering(t, a, mainConv, ids[0], "The replay's own answer.")
		if ownSeq != 2 {
			t.Fatalf("the fork's first message is #%d, want #2 (the original also has a #2)", ownSeq)
		}
		note := func(msg int64, text string) {
			t.Helper()
			if err := a.St.AddAnnotations(context.Background(), a.Ada.ID, sessionID, msg, []*baton.Annotation{{Kind: baton.AnnotationComment, Note: text}}); err != nil {
				t.Fatal(err)
			}
		}
		note(ownID, "on the replay")
		note(ids[1], "on the original")

		ada := a.SignIn("ada")
		doc, _ := ada.Get("/review")
		hrefs := map[string]string{}
		rows := doc.Find("tbody tr")
		for i := range rows.Length() {
			tr := rows.Eq(i)
			text := tr.Text()
			href := tr.Find(`td[data-label="On"] a`).AttrOr("href", "")
			switch {
			case strings.Contains(text, "on the replay"):
				hrefs["replay"] = href
			case strings.Contains(text, "on the original"):
				hrefs["original"] = href
			}
		}
		if want := "/sessions/" + sessionID + "?at=2#m-2"; hrefs["original"] != want {
			t.Errorf("original's link = %q, want %q", hrefs["original"], want)
		}
		u, err := url.Parse(hrefs["replay"])
		if err != nil || u.Path != "/sessions/"+sessionID || u.Query().Get("c") != fork.ID || u.Query().Get("at") != "2" || u.Fragment != "m-2" {
			t.Fatalf("replay's link = %q, want the fork %s at #2", hrefs["replay"], fork.ID)
		}
		page, resp := ada.Get(hrefs["replay"])
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s = %d", hrefs["replay"], resp.StatusCode)
		}
		if got := page.Find("#m-2").Text(); !strings.Contains(got, "The replay's own answer.") {
			t.Errorf("the link opens #m-2 reading %q, want the replay's answer", strings.TrimSpace(got))
		}
	})
}
