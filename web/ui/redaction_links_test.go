package ui_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/webtest"
)

// The secrets an adversarial review found left in plain text on a redacted link.
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
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "deploy notes"}, &sess)
		var msgs []map[string]any
		for i, l := range leakedSecrets {
			role := "steward"
			if i%2 == 1 {
				role = "tool_result"
			}
			msgs = append(msgs, map[string]any{"source_id": "m" + string(rune('a'+i)), "role": role, "content": l.text, "timestamp": "2026-03-01T10:00:0" + string(rune('0'+i)) + "Z"})
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": msgs}, nil); code != 201 && code != 200 {
			t.Fatalf("append = %d", code)
		}
		path := a.SignIn("ada").Share(sess.ID, "7d")
		doc, resp := a.Anonymous().Get(path)
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
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "")
		var msgs []map[string]any
		for i, l := range leakedSecrets {
			msgs = append(msgs, map[string]any{"source_id": "k" + string(rune('a'+i)), "role": "assistant", "content": l.text})
		}
		a.API(a.AdaToken, "POST", "/api/v1/conversations/"+rp.ConversationID+"/messages", map[string]any{"messages": msgs}, nil)
		created := struct{ ID string }{webtest.Compare(t, a, mainConv, rp.ConversationID)}
		ada := a.SignIn("ada")
		postDoc := func(path string, form url.Values) *goquery.Document {
			resp := ada.Post(path, form)
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
		shared, _ := a.Anonymous().Get(link.Path)
		html, _ := shared.Html()
		for _, l := range leakedSecrets {
			if strings.Contains(html, l.secret) {
				t.Errorf("the comparison's redacted link shows %q", l.secret)
			}
		}
	})
}

// A session's share link hides secrets in its panels too, not only in the
// transcript: summary, decisions, tasks, technical context (an error's
// text, a change's description, what showed a technology in use, the
// working directory) and the session's facts. (They showed in plain text:
// a command's environment variable, an error echoing a key.)
func TestSessionShareLinkRedactsItsPanels(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		secret := func(i int) string { return leakedSecrets[i%len(leakedSecrets)].text }
		var sess baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{
			"title":  "deploy " + secret(3),
			"source": "cli",
			"summary": map[string]any{
				"auto_generated": "Rotated " + secret(0), "key_topics": []string{secret(6)}, "main_outcomes": []string{secret(1)},
				"decisions_made": []map[string]any{{"decision": "Keep " + secret(2), "rationale": secret(7), "alternatives": []string{secret(5)}}},
			},
			"progress": map[string]any{"tasks_discussed": []string{secret(8)}, "tasks_completed": []string{secret(4)},
				"tasks_remaining": []string{secret(3)}, "blockers_identified": []string{secret(0)}},
			"technical_context": map[string]any{
				"repositories": []string{secret(4)}, "technologies_discussed": []string{"AWS"},
				"technology_evidence": map[string]string{"AWS": "ran `export " + secret(1) + "`"},
				"code_changes":        []map[string]any{{"file": "deploy.sh", "type": "modified", "description": secret(6)}},
				"errors_encountered":  []map[string]any{{"error": "401 for " + secret(7), "resolution": secret(2), "learned": secret(8)}},
				"working_directory":   "/home/ada/" + secret(5),
			},
		}, &sess); code != 201 {
			t.Fatalf("create = %d", code)
		}
		ada := a.SignIn("ada")
		own, _ := ada.Get("/sessions/" + sess.ID)
		if ownHTML, _ := own.Html(); !strings.Contains(ownHTML, leakedSecrets[1].secret) {
			t.Fatalf("the owner's own page does not show the panels' text (the test would prove nothing)")
		}
		doc, resp := a.Anonymous().Get(ada.Share(sess.ID, "7d"))
		if resp.StatusCode != 200 {
			t.Fatalf("shared page = %d", resp.StatusCode)
		}
		html, _ := doc.Html()
		for _, l := range leakedSecrets {
			if strings.Contains(html, l.secret) {
				t.Errorf("the shared page's panels show %q", l.secret)
			}
		}
		if !strings.Contains(doc.Find(".panel-grid").Text(), "[redacted") {
			t.Errorf("no redaction in the shared page's panels")
		}
	})
}

// A matrix's redacted link (/m/…) hides the secrets in why a run failed:
// the failure quotes the call the model made, and a call's input holds
// what the transcript held (it showed in plain text).
func TestMatrixLinkRedactsFailureReasons(t *testing.T) {
	const key = "Zq8rT2vLp9XkW4mN7bYc3HdJ6fGs1AeR0uTiOyPl"
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Model string }
		_ = json.NewDecoder(r.Body).Decode(&req)
		args, _ := json.Marshal(`{"command":"export AWS_SECRET_ACCESS_KEY=` + key + ` && aws s3 ls"}`)
		_, _ = w.Write([]byte(`{"model":"` + req.Model + `","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function","function":{"name":"Bash","arguments":` + string(args) + `}}]}}]}`))
	}))
	t.Cleanup(model.Close)
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		client, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: model.URL + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		a.RunReplaysWith(&replay.Runner{Model: client})
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		var created struct {
			Matrix struct{ ID string } `json:"matrix"`
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/matrices",
			map[string]any{"at_message_id": ids[0], "runs": []map[string]any{{"model": "leaky"}}}, &created); code != http.StatusCreated {
			t.Fatalf("matrix = %d", code)
		}
		path := "/matrices/" + created.Matrix.ID
		var mx struct {
			Rows []struct {
				Replay struct {
					Status        string `json:"status"`
					FailureReason string `json:"failure_reason"`
				} `json:"replay"`
			} `json:"rows"`
		}
		for i := 0; i < 500; i++ {
			a.API(a.AdaToken, "GET", "/api/v1"+path, nil, &mx)
			if len(mx.Rows) == 1 && mx.Rows[0].Replay.Status == "failed" {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if len(mx.Rows) != 1 || !strings.Contains(mx.Rows[0].Replay.FailureReason, key[:12]) {
			t.Fatalf("the run did not fail quoting its call: %+v", mx.Rows)
		}
		ada := a.SignIn("ada")
		doc := pageOf(t, ada.Post(path+"/links", url.Values{"redact": {"on"}, "expires": {"7d"}}))
		link, err := url.Parse(doc.Find("#link-url").Text())
		if err != nil || !strings.HasPrefix(link.Path, "/m/") {
			t.Fatalf("link %q, %v", doc.Find("#link-url").Text(), err)
		}
		for _, p := range []string{link.Path, link.Path + "/runs/1"} {
			shared, resp := a.Anonymous().Get(p)
			html, _ := shared.Html()
			if resp.StatusCode != http.StatusOK || strings.Contains(html, key[:12]) {
				t.Errorf("%s = %d, shows the key: %v", p, resp.StatusCode, strings.Contains(html, key[:12]))
			}
		}
		if shared, _ := a.Anonymous().Get(link.Path); !strings.Contains(shared.Find(".matrix-failure").Text(), "[redacted") {
			t.Errorf("the failure reads %q", shared.Find(".matrix-failure").Text())
		}
	})
}
