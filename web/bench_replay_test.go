package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// replayBenchFixture stores a 2,000-message conversation and a fork of it
// at message 50 with 1,950 messages of its own (wording changed every few
// messages, an extra failing call every 20th step), and a comparison of
// the two. It returns the conversations and the comparison.
func replayBenchFixture(b *testing.B, a *app) (convA, convB, comparison string) {
	words := []string{"parser", "tokenizer", "buffer", "migration", "index", "session", "handler", "query", "cache", "test"}
	msg := func(seq, variant int) map[string]any {
		w1, w2 := words[seq%len(words)], words[(seq*7+variant)%len(words)]
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
			m["role"], m["content"] = "tool_result", "ok "+w2
			m["tool_result"] = map[string]any{"tool_use_id": fmt.Sprintf("c%d-%d", variant, seq-1), "is_error": variant == 1 && seq%20 == 3}
		}
		return m
	}
	var sess baton.Session
	a.apiB(b, "POST", "/api/v1/sessions", []byte(`{"title":"bench replay"}`), &sess)
	post := func(path string, from, to, variant int) {
		for lo := from; lo <= to; lo += 1000 {
			var batch []map[string]any
			for i := lo; i <= min(to, lo+999); i++ {
				batch = append(batch, msg(i, variant))
			}
			body, _ := json.Marshal(map[string]any{"messages": batch})
			a.apiB(b, "POST", path, body, nil)
		}
	}
	post("/api/v1/sessions/"+sess.ID+"/messages", 1, 2000, 0)
	var list struct {
		Messages []struct {
			ID             int64  `json:"id"`
			ConversationID string `json:"conversation_id"`
		} `json:"messages"`
	}
	a.apiB(b, "GET", "/api/v1/sessions/"+sess.ID+"/messages?limit=50", nil, &list)
	convA = list.Messages[0].ConversationID
	var fork struct{ ID string }
	body, _ := json.Marshal(map[string]any{"at_message_id": list.Messages[49].ID})
	a.apiB(b, "POST", "/api/v1/conversations/"+convA+"/fork", body, &fork)
	convB = fork.ID
	post("/api/v1/conversations/"+convB+"/messages", 51, 2000, 1)
	var cmp struct{ ID string }
	body, _ = json.Marshal(map[string]any{"a": convA, "b": convB})
	a.apiB(b, "POST", "/api/v1/comparisons", body, &cmp)
	return convA, convB, cmp.ID
}

// BenchmarkConversationDiff2000 is GET /api/v1/conversations/{a}/diff/{b}
// for two 2,000-message conversations that part at message 50.
func BenchmarkConversationDiff2000(b *testing.B) {
	a := newApp(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	convA, convB, _ := replayBenchFixture(b, a)
	var d struct {
		PrefixLength int `json:"prefix_length"`
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.apiB(b, "GET", "/api/v1/conversations/"+convA+"/diff/"+convB, nil, &d)
	}
	if d.PrefixLength < 50 {
		b.Fatalf("prefix %d", d.PrefixLength)
	}
}

// BenchmarkComparisonPage2000 is GET /comparisons/{id} (first page of rows)
// for the same two conversations; it reports the p95 of the requests.
func BenchmarkComparisonPage2000(b *testing.B) {
	a := newApp(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	_, _, id := replayBenchFixture(b, a)
	br := a.signIn("ada")
	times := make([]time.Duration, 0, b.N)
	// The document's elements before anything is unfolded.
	doc, _ := br.get("/comparisons/" + id)
	nodes := doc.Find("*").Length()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		resp, err := br.client.Get(a.srv.URL + "/comparisons/" + id)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("page = %d", resp.StatusCode)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(nodes), "nodes")
}
