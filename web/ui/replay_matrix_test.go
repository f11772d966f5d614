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
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/webtest"
)

// matrixModel is an OpenAI-compatible model whose behaviour is its name:
// "same" makes the recorded call and then answers as the recording did,
// "stray" calls a tool the recording never called (the run fails),
// "short" answers at once.
func matrixModel(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string `json:"model"`
			Messages []struct {
				Role string `json:"role"`
			} `json:"messages"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		lastIsTool := len(req.Messages) > 0 && req.Messages[len(req.Messages)-1].Role == "tool"
		call := func(name, args string) string {
			return `{"model":"` + req.Model + `","choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}]}}],"usage":{"prompt_tokens":40,"completion_tokens":4}}`
		}
		say := func(text string, tokens int) string {
			return `{"model":"` + req.Model + `","choices":[{"message":{"role":"assistant","content":"` + text + `"}}],"usage":{"prompt_tokens":` + itoa(int64(tokens)) + `,"completion_tokens":12}}`
		}
		var answer string
		switch {
		case req.Model == "same" && !lastIsTool:
			answer = call("Bash", `"{\"command\":\"go test\"}"`)
		case req.Model == "same":
			answer = say("The tokenizer drops the last token; I fixed it.", 60)
		case req.Model == "stray":
			answer = call("Rm", `"{\"path\":\"/\"}"`)
		default:
			answer = say("Done.", 900)
		}
		_, _ = w.Write([]byte(answer))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// pageOf parses a page a post ended on.
func pageOf(t *testing.T, resp *http.Response) *goquery.Document {
	t.Helper()
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

type matrixJSON struct {
	Matrix struct {
		ID string `json:"id"`
	} `json:"matrix"`
	Access string `json:"access"`
	Rows   []struct {
		Replay struct {
			ID             string `json:"id"`
			Status         string `json:"status"`
			Model          string `json:"model"`
			MatrixPosition int    `json:"matrix_position"`
		} `json:"replay"`
		Verdict     string `json:"verdict"`
		Tokens      int64  `json:"tokens"`
		TokensDelta int64  `json:"tokens_delta"`
		ErrorsDelta int    `json:"errors_delta"`
		Scores      []struct {
			Name  string   `json:"name"`
			Delta *float64 `json:"delta"`
		} `json:"scores"`
	} `json:"rows"`
}

// TestReplayMatrix replays one fork point with three parameter sets
// against a local model: bad input is refused naming the set's field with
// nothing written; the runs go on in the background; the matrix lists one
// row per run against the recorded run, worst (the failed run) first; a
// selection has its own address; each row opens its comparison; another
// steward reads none of it until it is shared with their team.
func TestReplayMatrix(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		model := matrixModel(t)
		client, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: model.URL + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		a.RunReplaysWith(&replay.Runner{Model: client})
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)
		countReplays := func() int {
			var tree struct {
				Conversations []struct {
					Children []webtest.ConversationJSON `json:"children"`
				} `json:"conversations"`
			}
			a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sessionID+"/conversations", nil, &tree)
			return len(tree.Conversations[0].Children)
		}

		// Bad input: the set's field is named and nothing is written.
		var e webtest.APIError
		code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/matrices", map[string]any{"at_message_id": ids[0],
			"runs": []map[string]any{{"model": "same"}, {"model": "short", "temperature": 7}}}, &e)
		if code != 400 || e.Error.Field != "runs[1].temperature" || countReplays() != 0 {
			t.Fatalf("bad temperature = %d %+v, %d replays written", code, e, countReplays())
		}
		nine := make([]map[string]any, 9)
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/matrices", map[string]any{"at_message_id": ids[0], "runs": nine}, &e); code != 400 || e.Error.Field != "runs" {
			t.Fatalf("nine sets = %d %+v", code, e)
		}

		// The browser's form: a refused set comes back with what was typed.
		ada := a.SignIn("ada")
		form := url.Values{"key": {"k-matrix-1"}, "title": {"Models at the parser fix"},
			"runs[0].model": {"same"}, "runs[1].model": {"stray"}, "runs[2].model": {"short"}, "runs[2].max_tokens": {"lots"}}
		resp := ada.Post("/messages/"+itoa(ids[0])+"/matrix", form)
		doc := pageOf(t, resp)
		if resp.StatusCode != 400 || !strings.Contains(doc.Find(".flash-error").Text(), "max_tokens") ||
			doc.Find(`#matrix-2-max_tokens[aria-invalid="true"]`).Length() != 1 || doc.Find(`#matrix-1-model`).AttrOr("value", "") != "stray" {
			t.Fatalf("refused form = %d: %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		if countReplays() != 0 {
			t.Fatalf("a refused form wrote replays")
		}
		form.Set("runs[2].max_tokens", "1,000")
		resp = ada.Post("/messages/"+itoa(ids[0])+"/matrix", form)
		resp.Body.Close()
		if !strings.HasPrefix(resp.Request.URL.Path, "/matrices/") {
			t.Fatalf("the form ended on %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		matrixPath := resp.Request.URL.Path
		// Sent twice (a double click), the form makes one matrix.
		resp = ada.Post("/messages/"+itoa(ids[0])+"/matrix", form)
		resp.Body.Close()
		if resp.Request.URL.Path != matrixPath || countReplays() != 3 {
			t.Fatalf("the form sent twice ended on %s with %d replays", resp.Request.URL.Path, countReplays())
		}

		var mx matrixJSON
		for i := 0; i < 500; i++ {
			a.API(a.AdaToken, "GET", "/api/v1"+matrixPath, nil, &mx)
			done := len(mx.Rows) == 3
			for _, r := range mx.Rows {
				done = done && (r.Replay.Status == "completed" || r.Replay.Status == "failed")
			}
			if done {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if len(mx.Rows) != 3 || mx.Access != "owner" {
			t.Fatalf("matrix: %+v", mx)
		}
		if r := mx.Rows[0]; r.Replay.Model != "stray" || r.Replay.Status != "failed" {
			t.Errorf("the worst row is %+v, want the failed run first", r)
		}
		for _, r := range mx.Rows {
			if r.Replay.Status == "running" || r.Replay.Status == "prepared" {
				t.Errorf("run %s did not end: %s", r.Replay.Model, r.Replay.Status)
			}
			if r.Replay.Model == "same" && (r.Verdict != replay.Equivalent || r.ErrorsDelta != 0) {
				t.Errorf("the run that repeats the recording: verdict %s, errors %+d", r.Verdict, r.ErrorsDelta)
			}
			if r.Replay.Model == "short" && (r.TokensDelta != 912 || r.Tokens != 912) {
				t.Errorf("the short run: tokens %d (%+d), want 912 against a baseline without usage", r.Tokens, r.TokensDelta)
			}
		}

		// The page: one row per run, a selection with its own address.
		doc, _ = ada.Get(matrixPath)
		if n := doc.Find(".matrix-row").Length(); n != 3 {
			t.Fatalf("the matrix page shows %d rows", n)
		}
		if got := doc.Find(".matrix-row").First().Find(".replay-status").Text(); got != "failed" {
			t.Errorf("the first row is %q, want the failed run", got)
		}
		doc, _ = ada.Get(matrixPath + "?runs=1,3")
		if n := doc.Find(".matrix-row").Length(); n != 2 || doc.Find("#selection-url").Text() != matrixPath+"?runs=1%2C3" {
			t.Errorf("the selection shows %d rows, link %q", n, doc.Find("#selection-url").Text())
		}
		if _, resp := ada.Get(matrixPath + "?runs=9"); resp.StatusCode != 400 {
			t.Errorf("a selection of set 9 = %d", resp.StatusCode)
		}
		// A row opens its run's comparison with the original.
		doc, resp = ada.Get(matrixPath + "/runs/1")
		if !strings.HasPrefix(resp.Request.URL.Path, "/comparisons/") || doc.Find("#verdict").Length() != 1 {
			t.Errorf("row 1 opens %s", resp.Request.URL)
		}

		// Bob sees nothing of it.
		bob := a.SignIn("bob")
		for _, p := range []string{matrixPath, matrixPath + "/runs/1"} {
			if _, resp := bob.Get(p); resp.StatusCode != 404 {
				t.Errorf("bob GET %s = %d", p, resp.StatusCode)
			}
		}
		if code := a.API(a.BobToken, "GET", "/api/v1"+matrixPath, nil, nil); code != 404 {
			t.Errorf("bob's API read of the matrix = %d", code)
		}
	})
}
