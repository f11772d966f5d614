package ui_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/webtest"
)

// TestRunButtonRunsAReplay drives a replay against a tiny OpenAI-compatible
// server started by the test: the model makes the recorded call (its
// recorded result is reused) and answers; the replay completes.
func TestRunButtonRunsAReplay(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		answers := []string{
			`{"model":"tiny","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function","function":{"name":"Bash","arguments":"{\"command\":\"go test\"}"}}]}}],"usage":{"prompt_tokens":40,"completion_tokens":4}}`,
			`{"model":"tiny","choices":[{"message":{"role":"assistant","content":"The parser test fails; the tokenizer drops the last token."}}],"usage":{"prompt_tokens":60,"completion_tokens":12}}`,
		}
		var sent []map[string]any
		model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var req map[string]any
			_ = json.NewDecoder(r.Body).Decode(&req)
			sent = append(sent, req)
			if r.URL.Path != "/v1/chat/completions" || len(answers) == 0 {
				http.Error(w, "no", http.StatusNotFound)
				return
			}
			_, _ = w.Write([]byte(answers[0]))
			answers = answers[1:]
		}))
		defer model.Close()
		client, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: model.URL + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		a.RunReplaysWith(&replay.Runner{Model: client})

		_, mainConv, ids := webtest.ReplayFixture(t, a)
		var rp baton.Replay
		a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/replays", map[string]any{"at_message_id": ids[0], "model": "tiny"}, &rp)
		ada := a.SignIn("ada")
		doc, _ := ada.Get("/conversations/" + rp.ConversationID + "/replay")
		if doc.Find("#replay-run").Length() != 1 || strings.TrimSpace(doc.Find("#replay-status").Text()) != "prepared" {
			t.Fatalf("replay page before the run: %q", doc.Find("main").Text())
		}
		resp := ada.Post("/replays/"+rp.ID+"/run", url.Values{})
		resp.Body.Close()
		// The run goes on in the background: the page shows it running until it ends.
		for i := 0; i < 500; i++ {
			doc, _ = ada.Get("/conversations/" + rp.ConversationID + "/replay")
			if strings.TrimSpace(doc.Find("#replay-status").Text()) != "running" {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if got := strings.TrimSpace(doc.Find("#replay-status").Text()); got != "completed" || doc.Find("#replay-run").Length() != 0 {
			t.Fatalf("after the run the status is %q (%s)", got, doc.Find("#replay-failure").Text())
		}
		var msgs webtest.MessagesJSON
		a.API(a.AdaToken, "GET", "/api/v1/conversations/"+rp.ConversationID+"/messages", nil, &msgs)
		if len(msgs.Messages) != 4 || msgs.Messages[2].Content != "FAIL parser" || !strings.Contains(msgs.Messages[3].Content, "tokenizer") {
			t.Fatalf("the run's transcript: %+v", msgs.Messages)
		}
		if len(sent) != 2 || sent[0]["model"] != "tiny" {
			t.Errorf("requests sent: %v", sent)
		}
		// Bob cannot run or see it.
		bob := a.SignIn("bob")
		if resp := bob.Post("/replays/"+rp.ID+"/run", url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Errorf("bob runs ada's replay = %d", resp.StatusCode)
		}
	})
}
