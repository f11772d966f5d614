package ui_test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/web/webtest"
)

// The replay pages speak one vocabulary: a session holds conversations
// (the original, its forks, replays and cherry-picks), in the session's
// Conversations panel; none of them speaks of branches, and the baseline
// is called the original everywhere.
func TestReplayPagesShareOneVocabulary(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "Another answer.")
		cmpID := webtest.Compare(t, a, mainConv, rp.ConversationID)
		ada := a.SignIn("ada")
		resp := ada.Post("/messages/"+itoa(ids[0])+"/matrix", url.Values{"key": {"k-words"}, "runs[0].model": {"same"}, "runs[1].model": {"other"}})
		resp.Body.Close()
		matrix := resp.Request.URL.Path

		// The session page is read where it shows conversations: its
		// Frames panel speaks of git branches, rightly.
		sessionParts := "#side-conversations, #transcript-section, .cherry-pick"
		pages := []string{
			"/sessions/" + sessionID,
			"/sessions/" + sessionID + "?c=" + rp.ConversationID,
			"/conversations/" + rp.ConversationID + "/replay",
			"/conversations/" + rp.ConversationID + "/continue",
			"/conversations/" + mainConv + "/cherry-pick",
			"/messages/" + itoa(ids[0]) + "/replay",
			"/messages/" + itoa(ids[0]) + "/matrix",
			"/comparisons",
			"/comparisons/" + cmpID,
			matrix,
		}
		branch := regexp.MustCompile(`(?i)\bbranch(es)?\b`)
		recorded := regexp.MustCompile(`(?i)recorded (run|conversation)\b`)
		for _, p := range pages {
			doc, r := ada.Get(p)
			if r.StatusCode != 200 {
				t.Errorf("GET %s = %d", p, r.StatusCode)
				continue
			}
			sel := doc.Find("main")
			if strings.HasPrefix(p, "/sessions/") {
				sel = doc.Find(sessionParts)
				if sel.Length() < 2 {
					t.Fatalf("%s: the conversations' parts are not found", p)
				}
			}
			words := wordsOf(sel)
			if m := branch.FindString(words); m != "" {
				t.Errorf("%s speaks of %q: %s", p, m, around(words, m))
			}
			if m := recorded.FindString(words); m != "" {
				t.Errorf("%s calls the original %q", p, m)
			}
		}
		doc, _ := ada.Get("/sessions/" + sessionID)
		if got := strings.TrimSpace(doc.Find("#side-conversations .side-section-title").Text()); !strings.HasPrefix(got, "Conversations") {
			t.Errorf("the session's panel is %q, want Conversations", got)
		}
		doc, _ = ada.Get("/comparisons")
		if !strings.Contains(doc.Find("main").Text(), "Conversations panel") {
			t.Errorf("/comparisons does not name the Conversations panel")
		}
	})
}

// wordsOf is what a reader meets in sel: its text and its labels and titles.
func wordsOf(sel *goquery.Selection) string {
	var b strings.Builder
	b.WriteString(sel.Text())
	sel.Find("[aria-label], [title]").Each(func(_ int, s *goquery.Selection) {
		b.WriteString(" " + s.AttrOr("aria-label", "") + " " + s.AttrOr("title", ""))
	})
	return b.String()
}

func around(text, m string) string {
	i := strings.Index(text, m)
	return strings.Join(strings.Fields(text[max(0, i-60):min(len(text), i+len(m)+60)]), " ")
}
