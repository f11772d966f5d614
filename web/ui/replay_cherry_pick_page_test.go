package ui_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/web/webtest"
)

// A cherry-pick with nothing ticked, or a range typed wrong, comes back as
// the form naming what is missing, with what was ticked and typed kept,
// and nothing copied; a range copies; another steward's conversation is
// not found.
func TestCherryPickFormRefusesAndKeeps(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		var fork webtest.ConversationJSON
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/fork", map[string]any{"at_message_id": ids[0], "title": "second try"}, &fork); code != 201 {
			t.Fatalf("fork = %d", code)
		}
		ada := a.SignIn("ada")
		conversations := func() int {
			var tree struct {
				Conversations []struct {
					Children []webtest.ConversationJSON `json:"children"`
				} `json:"conversations"`
			}
			a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sessionID+"/conversations", nil, &tree)
			n := len(tree.Conversations)
			for _, c := range tree.Conversations {
				n += len(c.Children)
			}
			return n
		}
		before := conversations()

		// The transcript's pick boxes say what they are.
		doc, _ := ada.Get("/sessions/" + sessionID)
		if got := strings.TrimSpace(doc.Find("label.pick").First().Text()); !strings.HasPrefix(got, "Pick") {
			t.Errorf("pick label reads %q", got)
		}
		if doc.Find("label.pick .visually-hidden").Length() == 0 || doc.Find(`label.pick`).Length() != len(ids) {
			t.Errorf("%d pick labels for %d messages", doc.Find("label.pick").Length(), len(ids))
		}

		refused := func(form url.Values) *goquery.Document {
			t.Helper()
			resp := ada.Post("/conversations/"+mainConv+"/cherry-pick", form)
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest {
				body, _ := io.ReadAll(resp.Body)
				t.Fatalf("POST %v = %d, want 400: %.300s", form, resp.StatusCode, body)
			}
			doc, err := goquery.NewDocumentFromReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Find("#cherry-pick-page-form").Length() != 1 {
				t.Fatalf("no form in the refusal")
			}
			return doc
		}
		doc = refused(url.Values{"target_conversation_id": {fork.ID}, "title": {"kept title"}})
		if msg := doc.Find(".flash-error").Text(); !strings.Contains(msg, "message_ids") || !strings.Contains(msg, "tick") {
			t.Errorf("empty pick says %q, want the missing field and what to do", msg)
		}
		if doc.Find(`#cherry-page-target option[selected]`).AttrOr("value", "") != fork.ID || doc.Find("#cherry-title").AttrOr("value", "") != "kept title" {
			t.Errorf("target or title not kept")
		}
		if doc.Find(`#cherry-from[aria-invalid="true"]`).Length() != 1 {
			t.Errorf("the range is not marked as the field to fill")
		}

		doc = refused(url.Values{"from_seq": {"two"}, "to_seq": {"3"}})
		if msg := doc.Find(".flash-error").Text(); !strings.Contains(msg, "from_seq") {
			t.Errorf("bad from says %q", msg)
		}
		if doc.Find("#cherry-from").AttrOr("value", "") != "two" || doc.Find("#cherry-to").AttrOr("value", "") != "3" {
			t.Errorf("typed range not kept")
		}
		doc = refused(url.Values{"from_seq": {"3"}, "to_seq": {"2"}})
		if msg := doc.Find(".flash-error").Text(); !strings.Contains(msg, "to_seq") || doc.Find(`#cherry-to[aria-invalid="true"]`).Length() != 1 {
			t.Errorf("backwards range says %q", msg)
		}
		// Ticked messages come back ticked, with their numbers, when the
		// rest of the form is refused.
		doc = refused(url.Values{"message_id": {itoa(ids[1]), itoa(ids[2])}, "from_seq": {"1"}, "to_seq": {"1"}})
		if n := doc.Find(`#cherry-picked input[checked]`).Length(); n != 2 || !strings.Contains(doc.Find("#cherry-picked").Text(), "#2") {
			t.Errorf("ticked messages kept: %d, %q", n, doc.Find("#cherry-picked").Text())
		}
		if got := conversations(); got != before {
			t.Fatalf("refusals wrote conversations: %d, was %d", got, before)
		}

		// A range copies into a new conversation.
		resp := ada.Post("/conversations/"+mainConv+"/cherry-pick", url.Values{"from_seq": {"2"}, "to_seq": {"3"}, "title": {"tool part"}})
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Request.URL.Query().Get("c") == "" {
			t.Fatalf("range copy ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		var ms webtest.MessagesJSON
		a.API(a.AdaToken, "GET", "/api/v1/conversations/"+resp.Request.URL.Query().Get("c")+"/messages", nil, &ms)
		if len(ms.Messages) != 2 || ms.Messages[0].Content != "Bash: go test" {
			t.Fatalf("copied %+v", ms.Messages)
		}

		bob := a.SignIn("bob")
		if _, r := bob.Get("/conversations/" + mainConv + "/cherry-pick"); r.StatusCode != http.StatusNotFound {
			t.Errorf("bob's GET = %d, want 404", r.StatusCode)
		}
		if r := bob.Post("/conversations/"+mainConv+"/cherry-pick", url.Values{"from_seq": {"1"}, "to_seq": {"2"}}); r.StatusCode != http.StatusNotFound {
			t.Errorf("bob's POST = %d, want 404", r.StatusCode)
		}
	})
}
