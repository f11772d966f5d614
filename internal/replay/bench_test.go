package replay

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// twoRuns is a 2,000-message conversation and a replay forked from it at
// message 50 with 1,950 messages of its own: the same rhythm of prompt,
// answer, tool call and result, its wording changed every few messages and
// an extra failing call now and then.
func twoRuns(n, fork int) (a, b []*baton.Message) {
	words := []string{"parser", "tokenizer", "buffer", "migration", "index", "session", "handler", "query", "cache", "test"}
	mk := func(id int64, seq int, variant int) *baton.Message {
		m := &baton.Message{ID: id, Seq: int64(seq)}
		w1, w2 := words[seq%len(words)], words[(seq*7+variant)%len(words)]
		switch seq % 4 {
		case 0:
			m.Role, m.Content = baton.RoleSteward, fmt.Sprintf("Now look at the %s and the %s, step %d.", w1, w2, seq)
		case 1:
			m.Role = baton.RoleAssistant
			m.Content = fmt.Sprintf("I read the %s code: the %s keeps state between calls, so step %d changes how the %s flushes. I will run the tests.", w1, w2, seq, w1)
			m.Usage = baton.Usage{InputTokens: 1200, OutputTokens: 80}
		case 2:
			in, _ := json.Marshal(map[string]string{"command": "go test ./" + w1})
			m.Role, m.ToolCalls = baton.RoleToolCall, []baton.ToolCall{{ID: fmt.Sprintf("c%d-%d", variant, seq), Name: []string{"Bash", "Read", "Edit"}[seq%3], Input: in}}
			if variant == 1 {
				m.ToolCalls = append(m.ToolCalls, baton.ToolCall{ID: fmt.Sprintf("g%d", seq), Name: "Grep", Input: in})
			}
		case 3:
			m.Role, m.Content = baton.RoleToolResult, "ok "+w2
			m.ToolResult = &baton.ToolResult{ToolUseID: fmt.Sprintf("c%d-%d", variant, seq-1), IsError: variant == 1 && seq%50 == 3}
		}
		return m
	}
	for i := 1; i <= n; i++ {
		a = append(a, mk(int64(i), i, 0))
	}
	b = append(b, a[:fork]...)
	for i := fork + 1; i <= n; i++ {
		variant := 0
		if i%5 == 0 {
			variant = 1
		}
		b = append(b, mk(int64(100000+i), i, variant))
	}
	return a, b
}

// BenchmarkCompute2000 diffs two 2,000-message conversations (the
// messages already loaded): prefix, action LCS, reasoning alignment with
// word diffs, outcome and verdict.
func BenchmarkCompute2000(b *testing.B) {
	ra, rb := twoRuns(2000, 50)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := Compute(ra, rb)
		if d.PrefixLength < 50 || d.Actions.OnlyB == 0 {
			b.Fatalf("prefix %d", d.PrefixLength)
		}
	}
}

// BenchmarkMatrix8x500 measures a replay matrix of 8 runs of 500 messages
// from a cold cache: each run diffed against the baseline, then the rows
// measured and sorted (what /matrices/{id} computes before it renders).
func BenchmarkMatrix8x500(b *testing.B) {
	base, _ := twoRuns(500, 50)
	runs := make([]MatrixRun, 8)
	for i := range runs {
		_, rb := twoRuns(500, 50)
		runs[i] = MatrixRun{Replay: &baton.Replay{ID: fmt.Sprint(i), MatrixPosition: i, Status: baton.ReplayCompleted}, Messages: rb}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range runs {
			runs[j].Diff = Compute(base, runs[j].Messages)
		}
		_, rows := MatrixRows(base, base[49].ID, runs, base[len(base)-1].Timestamp)
		if len(rows) != 8 || rows[0].Verdict == "" {
			b.Fatalf("rows %d", len(rows))
		}
	}
}
