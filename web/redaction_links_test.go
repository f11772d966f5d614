package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
)

// The secrets a red-team run found left in plain text on a redacted link.
var leakedSecrets = []struct{ text, secret string }{
	{"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY", "wJalrXUtnFEMI"},
	{"AWS_SECRET_ACCESS_KEY=Zq8rT2vLp9XkW4mN7bYc3HdJ6fGs1AeR0uTiOyPl", "Zq8rT2vLp9Xk"},
	{"Authorization: Basic YWRtaW46aHVudGVyMg==", "YWRtaW46aHVudGVyMg"},
	{"stripe sk_live_51HxQ2mKz8y7Lq0PaBcDeFgHiJ", "sk_live_51HxQ2"},
	{"open https://admin:pw@intranet.example.com/", "admin:pw@"},
	{"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7", "MIIEvQIBADAN"},
	{"token glpat-xY7abc123DEF456ghi789J", "glpat-xY7abc"},
	{"HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh", "hf_AbCdEf"},
	{"and my password is Tr0ub4dor&3 ok", "Tr0ub4dor"},
}

// A session's share link (/s/…) is public: it hides the secrets in the
// transcript (it showed them all), in messages and in tool results alike.
func TestSessionShareLinkRedactsSecrets(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		var sess baton.Session
		a.api(a.adaToken, "POST", "/api/v1/sessions", map[string]any{"title": "deploy notes"}, &sess)
		var msgs []map[string]any
		for i, l := range leakedSecrets {
			role := "steward"
			if i%2 == 1 {
				role = "tool_result"
			}
			msgs = append(msgs, map[string]any{"source_id": "m" + string(rune('a'+i)), "role": role, "content": l.text, "timestamp": "2026-03-01T10:00:0" + string(rune('0'+i)) + "Z"})
		}
		if code := a.api(a.adaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": msgs}, nil); code != 201 && code != 200 {
			t.Fatalf("append = %d", code)
		}
		path := a.signIn("ada").share(sess.ID, "7d")
		doc, resp := a.anonymous().get(path)
		if resp.StatusCode != 200 {
			t.Fatalf("shared page = %d", resp.StatusCode)
		}
		html, _ := doc.Html()
		for _, l := range leakedSecrets {
			if strings.Contains(html, l.secret) {
				t.Errorf("the shared page shows %q", l.secret)
			}
		}
		if n := strings.Count(doc.Text(), "[redacted"); n < len(leakedSecrets) {
			t.Errorf("%d redactions on the shared page, want %d", n, len(leakedSecrets))
		}
	})
}

// A comparison's redacted link hides every one of them too, and its
// preview says what redaction cannot judge instead of calling the runs
// clean.
func TestComparisonLinkRedactsReportedSecretsAndSaysItsLimits(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		_, mainConv, ids := replayFixture(t, a)
		var rp baton.Replay
		a.api(a.adaToken, "POST", "/api/v1/conversations/"+mainConv+"/replays", map[string]any{"at_message_id": ids[0]}, &rp)
		var msgs []map[string]any
		for i, l := range leakedSecrets {
			msgs = append(msgs, map[string]any{"source_id": "k" + string(rune('a'+i)), "role": "assistant", "content": l.text})
		}
		a.api(a.adaToken, "POST", "/api/v1/conversations/"+rp.ConversationID+"/messages", map[string]any{"messages": msgs}, nil)
		var created struct{ ID string }
		a.api(a.adaToken, "POST", "/api/v1/comparisons", map[string]any{"a": mainConv, "b": rp.ConversationID}, &created)
		ada := a.signIn("ada")
		postDoc := func(path string, form url.Values) *goquery.Document {
			resp := ada.post(path, form)
			defer resp.Body.Close()
			doc, _ := goquery.NewDocumentFromReader(resp.Body)
			return doc
		}
		doc := postDoc("/comparisons/"+created.ID+"/links/preview", url.Values{"redact": {"on"}, "expires": {"7d"}})
		if limits := doc.Find("#redactions-limits").Text(); !strings.Contains(limits, "patterns checked") || !strings.Contains(limits, "my password is") {
			t.Errorf("the preview does not say its limits: %q", limits)
		}
		doc = postDoc("/comparisons/"+created.ID+"/links", url.Values{"redact": {"on"}, "expires": {"7d"}})
		link, err := url.Parse(doc.Find("#link-url").Text())
		if err != nil {
			t.Fatal(err)
		}
		shared, _ := a.anonymous().get(link.Path)
		html, _ := shared.Html()
		for _, l := range leakedSecrets {
			if strings.Contains(html, l.secret) {
				t.Errorf("the comparison's redacted link shows %q", l.secret)
			}
		}
	})
}
