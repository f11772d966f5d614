package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

var benchWords = []string{"parser", "tokenizer", "buffer", "migration", "index", "session", "handler", "query", "cache", "test"}

// benchToolOutput is what a test run prints: about 30 lines, 1.5 KB, the
// kind of output the comparison page folds to a preview.
func benchToolOutput(seq int, word string, failed bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "$ go test ./internal/%s/...\n", word)
	for i := range 28 {
		fmt.Fprintf(&sb, "=== RUN   Test%s%d\n--- PASS: Test%s%d (0.%02ds)\n", strings.ToUpper(word[:1])+word[1:], i, strings.ToUpper(word[:1])+word[1:], i, (seq+i)%100)
	}
	if failed {
		fmt.Fprintf(&sb, "--- FAIL: Test%sFlush (0.01s)\n    %s_test.go:%d: got 3 tokens, want 4\nFAIL\n", word, word, seq%400)
	} else {
		fmt.Fprintf(&sb, "ok  \tgithub.com/example/app/internal/%s\t0.%03ds\n", word, seq%1000)
	}
	return sb.String()
}

// benchMessage is message seq of a long agent run, in the rhythm of
// prompt, answer, tool call and its output; variant 1 words a few of them
// differently and adds a failing call every 20th step, as a replay with
// other parameters would.
func benchMessage(seq, variant int) map[string]any {
	w1, w2 := benchWords[seq%len(benchWords)], benchWords[(seq*7+variant)%len(benchWords)]
	m := map[string]any{"source_id": fmt.Sprintf("%d-%d", variant, seq), "timestamp": time.Date(2026, 1, 1, 0, 0, seq, 0, time.UTC)}
	switch seq % 4 {
	case 0:
		m["role"], m["content"] = "steward", fmt.Sprintf("Now look at the %s and the %s, step %d.", w1, w2, seq)
	case 1:
		m["role"] = "assistant"
		m["content"] = fmt.Sprintf("I read the %s code: the %s keeps state between calls, so step %d changes how the %s flushes. I will run the tests.", w1, w2, seq, w1)
		m["usage"] = map[string]any{"input_tokens": 1200, "output_tokens": 80}
	case 2:
		calls := []map[string]any{{"id": fmt.Sprintf("c%d-%d", variant, seq), "name": []string{"Bash", "Read", "Edit"}[seq%3], "input": map[string]any{"command": "go test ./" + w1}}}
		if variant == 1 && seq%20 == 2 {
			calls = append(calls, map[string]any{"id": fmt.Sprintf("g%d", seq), "name": "Grep", "input": map[string]any{"pattern": w2}})
		}
		m["role"], m["tool_calls"] = "tool_call", calls
	case 3:
		failed := variant == 1 && seq%20 == 3
		m["role"], m["content"] = "tool_result", benchToolOutput(seq, w2, failed)
		m["tool_result"] = map[string]any{"tool_use_id": fmt.Sprintf("c%d-%d", variant, seq-1), "is_error": failed}
	}
	return m
}

// postBenchMessages appends messages from..to of variant to path, 1,000 a
// request.
func postBenchMessages(b *testing.B, a *webtest.App, path string, from, to, variant int) {
	for lo := from; lo <= to; lo += 1000 {
		var batch []map[string]any
		for i := lo; i <= min(to, lo+999); i++ {
			batch = append(batch, benchMessage(i, variant))
		}
		body, _ := json.Marshal(map[string]any{"messages": batch})
		benchAPI(a, b, "POST", path, body, nil)
	}
}

// benchSession stores a session of n messages and returns its main
// conversation and the id of message fork.
func benchSession(b *testing.B, a *webtest.App, n, fork int) (conv string, forkID int64) {
	var sess baton.Session
	benchAPI(a, b, "POST", "/api/v1/sessions", []byte(`{"title":"bench replay"}`), &sess)
	postBenchMessages(b, a, "/api/v1/sessions/"+sess.ID+"/messages", 1, n, 0)
	var list struct {
		Messages []struct {
			ID             int64  `json:"id"`
			ConversationID string `json:"conversation_id"`
		} `json:"messages"`
	}
	benchAPI(a, b, "GET", "/api/v1/sessions/"+sess.ID+"/messages?limit="+fmt.Sprint(fork), nil, &list)
	return list.Messages[0].ConversationID, list.Messages[fork-1].ID
}

// replayBenchFixture stores a 2,000-message conversation with a tool
// output every fourth message and a fork of it at message 50 with 1,950
// messages of its own, and a comparison of the two. It returns the
// conversations and the comparison.
func replayBenchFixture(b *testing.B, a *webtest.App) (convA, convB, comparison string) {
	convA, forkID := benchSession(b, a, 2000, 50)
	var fork struct{ ID string }
	body, _ := json.Marshal(map[string]any{"at_message_id": forkID})
	benchAPI(a, b, "POST", "/api/v1/conversations/"+convA+"/fork", body, &fork)
	convB = fork.ID
	postBenchMessages(b, a, "/api/v1/conversations/"+convB+"/messages", 51, 2000, 1)
	var cmp struct{ ID string }
	body, _ = json.Marshal(map[string]any{"a": convA, "b": convB})
	benchAPI(a, b, "POST", "/api/v1/comparisons", body, &cmp)
	return convA, convB, cmp.ID
}

// coldRequests times requests, each to a server built afresh over the same
// store (so nothing a request before it computed is cached: every one
// loads, diffs and renders), and the same request repeated on one server
// (a comparison viewed again). It reports the p95 of both, and of the CPU
// time the process spent on each cold request (on a loaded machine the
// wall-clock figures stretch with the load; the CPU time much less), and
// returns the last answer's body.
func coldRequests(b *testing.B, a *webtest.App, req func() *http.Request) string {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cold := make([]time.Duration, 0, b.N)
	warm := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	var body string
	serve := func(h http.Handler) time.Duration {
		rec := httptest.NewRecorder()
		start, startCPU := time.Now(), processCPU()
		h.ServeHTTP(rec, req())
		took := time.Since(start)
		cpu = append(cpu, processCPU()-startCPU)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s = %d", req().URL, rec.Code)
		}
		body = rec.Body.String()
		return took
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		h := webtest.Server(a.St, log, web.Config{MaxUploadBytes: 1 << 20})
		b.StartTimer()
		cold = append(cold, serve(h))
		b.StopTimer()
		warm = append(warm, serve(h))
		cpu = cpu[:len(cpu)-1] // the CPU time of cold requests only
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(p95ms(cold), "p95-ms")
	b.ReportMetric(p95ms(warm), "warm-p95-ms")
	b.ReportMetric(p95ms(cpu), "cpu-p95-ms")
	return body
}

// p95ms is the 95th percentile of times, in milliseconds.
func p95ms(times []time.Duration) float64 {
	slices.Sort(times)
	return float64(times[len(times)*95/100].Microseconds()) / 1000
}

// pageRequest is a signed-in browser's GET of path, with its cookies.
func pageRequest(br *webtest.Browser, path string) func() *http.Request {
	u, _ := url.Parse(br.A.Srv.URL + path)
	cookies := br.Client.Jar.Cookies(u)
	return func() *http.Request {
		r := httptest.NewRequest("GET", path, nil)
		for _, c := range cookies {
			r.AddCookie(c)
		}
		return r
	}
}

// parsePage parses a page's HTML.
func parsePage(b *testing.B, page string) *goquery.Document {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(page))
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkConversationDiff2000 is GET /api/v1/conversations/{a}/diff/{b}
// for two 2,000-message conversations that part at message 50: p95-ms
// loads and diffs both (a fresh server), warm-p95-ms answers from the
// cache.
func BenchmarkConversationDiff2000(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	convA, convB, _ := replayBenchFixture(b, a)
	body := coldRequests(b, a, func() *http.Request {
		r := httptest.NewRequest("GET", "/api/v1/conversations/"+convA+"/diff/"+convB, nil)
		r.Header.Set("Authorization", "Bearer "+a.AdaToken)
		return r
	})
	var d struct {
		PrefixLength int `json:"prefix_length"`
	}
	if err := json.Unmarshal([]byte(body), &d); err != nil || d.PrefixLength < 50 {
		b.Fatalf("prefix %d (%v)", d.PrefixLength, err)
	}
}

// BenchmarkComparisonPage2000 is GET /comparisons/{id} for the same two
// conversations, a tool output every fourth message: the render's p95
// from a cold cache and viewed again, and the document's elements before
// anything is unfolded.
func BenchmarkComparisonPage2000(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	_, _, id := replayBenchFixture(b, a)
	doc := parsePage(b, coldRequests(b, a, pageRequest(a.SignIn("ada"), "/comparisons/"+id)))
	if doc.Find("#verdict").Length() != 1 {
		b.Fatal("the comparison page has no verdict")
	}
	// The elements the browser builds before anything is unfolded.
	b.ReportMetric(float64(doc.Find("*").Length()), "nodes")
}

// BenchmarkMatrixPage8x500 is GET /matrices/{id} for a replay matrix of 8
// runs of 500 messages each (forked at message 50 of a 500-message
// conversation, a tool output every fourth message): the whole page, each
// run loaded and diffed against the baseline, measured, sorted and
// rendered, from a cold cache and viewed again.
func BenchmarkMatrixPage8x500(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	conv, forkID := benchSession(b, a, 500, 50)
	runs := make([]map[string]any, 8)
	for i := range runs {
		runs[i] = map[string]any{"temperature": float64(i) / 10}
	}
	body, _ := json.Marshal(map[string]any{"at_message_id": forkID, "title": "bench matrix", "runs": runs})
	var mx struct {
		Matrix struct{ ID string } `json:"matrix"`
		Runs   []struct {
			ID             string `json:"id"`
			ConversationID string `json:"conversation_id"`
		} `json:"runs"`
	}
	benchAPI(a, b, "POST", "/api/v1/conversations/"+conv+"/matrices", body, &mx)
	if len(mx.Runs) != 8 {
		b.Fatalf("matrix of %d runs", len(mx.Runs))
	}
	for _, r := range mx.Runs {
		postBenchMessages(b, a, "/api/v1/conversations/"+r.ConversationID+"/messages", 51, 500, 1)
		benchAPI(a, b, "POST", "/api/v1/replays/"+r.ID+"/complete", nil, nil)
	}
	doc := parsePage(b, coldRequests(b, a, pageRequest(a.SignIn("ada"), "/matrices/"+mx.Matrix.ID)))
	if n := doc.Find(".matrix-row.matrix-completed").Length(); n != 8 {
		b.Fatalf("the matrix page shows %d completed rows", n)
	}
	b.ReportMetric(float64(doc.Find("*").Length()), "nodes")
}
