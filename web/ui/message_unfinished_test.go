package ui_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// unfinishedExport is a ChatGPT export of our own whose second answer the
// export marks unfinished (status in_progress: it was still being written)
// and whose first answer is finished.
func unfinishedExport(t *testing.T) string {
	t.Helper()
	const t0 = 1730000000.0
	msg := func(id, role, text string, at float64, status string) map[string]any {
		m := map[string]any{"id": id, "author": map[string]any{"role": role}, "create_time": t0 + at,
			"content": map[string]any{"content_type": "text", "parts": []string{text}}, "status": status}
		return m
	}
	mapping := map[string]any{
		"root": map[string]any{"id": "root", "message": nil, "parent": nil, "children": []string{"u1"}},
		"u1":   map[string]any{"id": "u1", "message": msg("u1", "user", "Draft a packing list for Kyoto", 1, "finished_successfully"), "parent": "root", "children": []string{"a1"}},
		"a1":   map[string]any{"id": "a1", "message": msg("a1", "assistant", "Light layers, a rain jacket, walking shoes.", 2, "finished_successfully"), "parent": "u1", "children": []string{"u2"}},
		"u2":   map[string]any{"id": "u2", "message": msg("u2", "user", "And for the temples?", 3, "finished_successfully"), "parent": "a1", "children": []string{"a2"}},
		"a2":   map[string]any{"id": "a2", "message": msg("a2", "assistant", "Socks without holes, since you take your shoes", 4, "in_progress"), "parent": "u2", "children": []string{}},
	}
	b, err := json.Marshal([]any{map[string]any{"conversation_id": "cg-unfinished", "title": "Packing for Kyoto",
		"create_time": t0, "update_time": t0 + 5, "mapping": mapping, "current_node": "a2"}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUnfinishedMessageShownOnTranscriptAndShare: a ChatGPT answer the
// export marks unfinished carries an "unfinished" badge, with a title that
// says why, in its meta line on the session page and on the read-only
// share page; a finished answer carries none.
func TestUnfinishedMessageShownOnTranscriptAndShare(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		doc := ada.Upload("/import", map[string]string{"conversations.json": unfinishedExport(t)})
		if n := doc.Find("#import-results tbody tr.import-stored").Length(); n != 1 {
			t.Fatalf("%d stored: %s", n, doc.Find("#import-results").Text())
		}
		list, err := a.St.ListSessions(t.Context(), a.Ada.ID, baton.SessionFilter{})
		if err != nil || len(list.Sessions) != 1 {
			t.Fatalf("sessions %v %v", list, err)
		}
		id := list.Sessions[0].ID

		check := func(page string, doc *goquery.Document) {
			t.Helper()
			badges := doc.Find("#transcript li.msg .msg-meta .badge-unfinished")
			if badges.Length() != 1 {
				t.Fatalf("%s: %d unfinished badges, want 1", page, badges.Length())
			}
			if got := strings.TrimSpace(badges.Text()); got != "unfinished" {
				t.Errorf("%s: badge text %q", page, got)
			}
			title, _ := badges.Attr("title")
			if !strings.Contains(title, "export marked this response unfinished") || !strings.Contains(title, "in progress") {
				t.Errorf("%s: badge title %q", page, title)
			}
			body := badges.Closest("li.msg").Find(".msg-body").Text()
			if !strings.Contains(body, "Socks without holes") {
				t.Errorf("%s: the badge is on %q, not the unfinished answer", page, body)
			}
			finished := doc.Find("#transcript li.msg").FilterFunction(func(_ int, s *goquery.Selection) bool {
				return strings.Contains(s.Find(".msg-body").Text(), "Light layers")
			})
			if finished.Length() != 1 || finished.Find(".badge-unfinished").Length() != 0 {
				t.Errorf("%s: the finished answer (%d found) is marked unfinished", page, finished.Length())
			}
		}
		page, _ := ada.Get("/sessions/" + id)
		check("session page", page)

		shared, resp := a.Anonymous().Get(ada.Share(id, "7d"))
		if resp.StatusCode != 200 {
			t.Fatalf("share page = %d", resp.StatusCode)
		}
		check("share page", shared)
	})
}
