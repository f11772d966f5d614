package ui_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// TestContinueAFork adds the steward's next message to a fork from its
// form, with no model: an empty message comes back naming the field, the
// same form sent twice adds the message once, the recorded conversation
// is not continued here, and another steward's fork is not found.
func TestContinueAFork(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		var fork struct {
			ID        string `json:"id"`
			SessionID string `json:"session_id"`
		}
		a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/fork", map[string]any{"at_message_id": ids[1]}, &fork)
		ada := a.SignIn("ada")
		doc, _ := ada.Get("/conversations/" + fork.ID + "/continue")
		key := doc.Find(`#continue-form input[name="key"]`).AttrOr("value", "")
		if key == "" || doc.Find("#continue-run").Length() != 0 {
			t.Fatalf("the fork's form: key %q, run box %d", key, doc.Find("#continue-run").Length())
		}
		resp := ada.Post("/conversations/"+fork.ID+"/continue", url.Values{"key": {key}, "content": {"   "}})
		doc = pageOf(t, resp)
		if resp.StatusCode != 400 || doc.Find(`#continue-content[aria-invalid="true"]`).Length() != 1 || !strings.Contains(doc.Find(".flash-error").Text(), "content") {
			t.Fatalf("an empty message = %d %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		for i := 0; i < 2; i++ {
			resp = ada.Post("/conversations/"+fork.ID+"/continue", url.Values{"key": {key}, "content": {"Try the lexer instead."}})
			resp.Body.Close()
			if resp.Request.URL.Query().Get("c") != fork.ID {
				t.Fatalf("after the message the page is %s", resp.Request.URL)
			}
		}
		var msgs webtest.MessagesJSON
		a.API(a.AdaToken, "GET", "/api/v1/conversations/"+fork.ID+"/messages", nil, &msgs)
		last := msgs.Messages[len(msgs.Messages)-1]
		if len(msgs.Messages) != 3 || last.Content != "Try the lexer instead." {
			t.Fatalf("the fork holds %d messages, the last %q", len(msgs.Messages), last.Content)
		}
		// The recorded conversation is left as it was.
		resp = ada.Post("/conversations/"+mainConv+"/continue", url.Values{"key": {"k2"}, "content": {"more"}})
		doc = pageOf(t, resp)
		if resp.StatusCode != 400 || !strings.Contains(doc.Find(".flash-error").Text(), "recorded") || doc.Find("#continue-content").Text() != "more" {
			t.Errorf("continuing the recorded conversation = %d %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		// The API does the same; bob reaches none of it.
		var e webtest.APIError
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+fork.ID+"/continue", map[string]any{"content": "x", "key": "k3", "run": true}, &e); code != 400 || e.Error.Field != "run" {
			t.Errorf("run on a fork without a model = %d %+v", code, e)
		}
		bob := a.SignIn("bob")
		if _, resp := bob.Get("/conversations/" + fork.ID + "/continue"); resp.StatusCode != 404 {
			t.Errorf("bob's form of ada's fork = %d", resp.StatusCode)
		}
	})
}
