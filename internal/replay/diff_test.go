package replay

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// run builds a transcript from a compact script: "u:text" steward,
// "a:text" assistant, "t:Name:{json}:id" tool call, "r:id:ok|err:text" result.
func run(startID int64, script ...string) []*baton.Message {
	var out []*baton.Message
	for i, line := range script {
		m := &baton.Message{ID: startID + int64(i), Seq: int64(i + 1)}
		parts := strings.SplitN(line, ":", 2)
		switch parts[0] {
		case "u":
			m.Role, m.Content = baton.RoleSteward, parts[1]
		case "a":
			m.Role, m.Content = baton.RoleAssistant, parts[1]
		case "t":
			f := strings.SplitN(parts[1], "|", 3)
			m.Role = baton.RoleToolCall
			m.ToolCalls = []baton.ToolCall{{ID: f[2], Name: f[0], Input: json.RawMessage(f[1])}}
		case "r":
			f := strings.SplitN(parts[1], "|", 3)
			m.Role, m.Content = baton.RoleToolResult, f[2]
			m.ToolResult = &baton.ToolResult{ToolUseID: f[0], IsError: f[1] == "err"}
		}
		out = append(out, m)
	}
	return out
}

var base = []string{
	"u:Fix the failing parser test",
	"a:I will read the parser and run the tests first.",
	`t:Read|{"file_path":"parser.go"}|c1`,
	"r:c1|ok|package parser",
	`t:Bash|{"command":"go test ./..."}|c2`,
	"r:c2|ok|ok",
	"a:The tests pass now after the change to the tokenizer.",
}

func TestIdenticalRunsAreEquivalent(t *testing.T) {
	// Two runs with the same content but their own message ids.
	d := Compute(run(1, base...), run(100, base...))
	if d.Verdict != Equivalent {
		t.Fatalf("verdict = %s (%s), want equivalent", d.Verdict, d.VerdictRule)
	}
	if d.PrefixLength != len(base) {
		t.Errorf("prefix = %d, want %d", d.PrefixLength, len(base))
	}
	if d.Outcome.Delta.Errors != 0 || d.Actions.OnlyA+d.Actions.OnlyB != 0 {
		t.Errorf("deltas %+v", d.Outcome.Delta)
	}
}

func TestExtraFailingToolCallIsOnlyInB(t *testing.T) {
	// B forks after message 2 (shares ids 1-2) and adds one failing Grep.
	a := run(1, base...)
	bScript := append([]string{}, base[:4]...)
	bScript = append(bScript, `t:Grep|{"pattern":"Tokenize"}|c9`, "r:c9|err|grep: no such file")
	bScript = append(bScript, base[4:]...)
	b := run(100, bScript...)
	b[0].ID, b[1].ID = a[0].ID, a[1].ID
	d := Compute(a, b)
	if d.PrefixLength != 4 {
		t.Errorf("prefix = %d, want 4 (two shared messages, then two equal ones)", d.PrefixLength)
	}
	if d.DivergenceSeqA != 5 || d.DivergenceSeqB != 5 {
		t.Errorf("divergence at %d / %d, want 5 / 5", d.DivergenceSeqA, d.DivergenceSeqB)
	}
	var got []string
	for _, p := range d.Actions.Pairs {
		name := ""
		if p.A != nil {
			name = p.A.Name
		} else {
			name = p.B.Name
		}
		got = append(got, p.Status+":"+name)
	}
	if want := "only_b:Grep same:Bash"; strings.Join(got, " ") != want {
		t.Errorf("actions = %v, want %s", got, want)
	}
	if d.Actions.OnlyB != 1 || d.Actions.OnlyA != 0 || d.Actions.Same != 1 {
		t.Errorf("counts %+v", d.Actions)
	}
	if d.Outcome.Delta.Errors != 1 || d.Actions.ErrorsB-d.Actions.ErrorsA != 1 {
		t.Errorf("error delta = %d / %d, want 1", d.Outcome.Delta.Errors, d.Actions.ErrorsB-d.Actions.ErrorsA)
	}
	if d.Outcome.Delta.ToolCalls != 1 || d.Outcome.Delta.Messages != 2 {
		t.Errorf("delta %+v", d.Outcome.Delta)
	}
	if d.Verdict == Equivalent {
		t.Errorf("verdict equivalent despite an extra failing call: %s", d.VerdictRule)
	}
}

func TestActionLCSIsNotGreedy(t *testing.T) {
	// A greedy walk pairs A's first Read with B's Read and loses the
	// Bash, Bash, Bash run; the LCS keeps the longer common run.
	mk := func(names ...string) []Action {
		var out []Action
		for _, n := range names {
			out = append(out, Action{Name: n, Input: json.RawMessage(`{}`)})
		}
		return out
	}
	d := diffActions(mk("Read", "Bash", "Bash", "Bash"), mk("Bash", "Bash", "Bash", "Read"))
	if d.Same != 3 || d.OnlyA != 1 || d.OnlyB != 1 {
		t.Fatalf("same %d only_a %d only_b %d, want 3 1 1", d.Same, d.OnlyA, d.OnlyB)
	}
}

func TestDifferentArgumentsAreDiffed(t *testing.T) {
	a := run(1, "u:go", `t:Bash|{"command":"go test ./parser"}|c1`)
	b := run(1, "u:go", `t:Bash|{"command":"go test ./..."}|c1`)
	b[1].ID = 50
	d := Compute(a, b)
	if len(d.Actions.Pairs) != 1 || d.Actions.Pairs[0].Status != ActionArgsDiff {
		t.Fatalf("pairs %+v", d.Actions.Pairs)
	}
	var del, ins string
	for _, w := range d.Actions.Pairs[0].ArgDiff {
		switch w.Op {
		case "delete":
			del += w.Text
		case "insert":
			ins += w.Text
		}
	}
	if !strings.Contains(del, "parser") || !strings.Contains(ins, "...") {
		t.Errorf("argument diff deletes %q inserts %q", del, ins)
	}
}

func TestReasoningAlignsByContentNotPosition(t *testing.T) {
	// B answers the same two things in the other order, with an extra
	// message first: position pairing would pair unrelated texts.
	a := run(1, "u:q",
		"a:The database migration adds an index on the sessions table.",
		"a:Rate limiting uses a token bucket per API key.")
	b := run(1, "u:q",
		"a:Unrelated chatter about the weather today.",
		"a:The database migration adds an index on the sessions table, concurrently.")
	for _, m := range b[1:] {
		m.ID += 100
	}
	d := Compute(a, b)
	r := d.Reasoning
	if r.Matched != 1 || r.OnlyA != 1 || r.OnlyB != 1 {
		t.Fatalf("matched %d only_a %d only_b %d: %+v", r.Matched, r.OnlyA, r.OnlyB, r.Pairs)
	}
	for _, p := range r.Pairs {
		if p.ASeq != 0 && p.BSeq != 0 && (p.ASeq != 2 || p.BSeq != 3) {
			t.Errorf("paired A#%d with B#%d, want A#2 with B#3", p.ASeq, p.BSeq)
		}
		if p.ASeq == 2 && (p.Similarity < 0.8 || p.Diverged || len(p.Words) == 0) {
			t.Errorf("pair %+v", p)
		}
	}
}

func TestEmbeddingsWinOverWords(t *testing.T) {
	a := run(1, "u:q", "a:alpha beta gamma")
	b := run(1, "u:q", "a:delta epsilon zeta")
	b[1].ID = 9
	ea, eb := make([]float32, 4), make([]float32, 4)
	ea[0], eb[0] = 1, 1
	a[1].Semantic.Embedding, b[1].Semantic.Embedding = ea, eb
	d := Compute(a, b)
	if len(d.Reasoning.Pairs) != 1 || d.Reasoning.Pairs[0].Measure != "embedding" || d.Reasoning.Pairs[0].Similarity != 1 {
		t.Fatalf("pairs %+v", d.Reasoning.Pairs)
	}
}

func TestWordsSemanticCleanup(t *testing.T) {
	w := Words("the quick brown fox jumps", "the quick red fox leaps")
	var sb []string
	for _, x := range w {
		sb = append(sb, fmt.Sprintf("%s[%s]", x.Op, x.Text))
	}
	got := strings.Join(sb, "")
	if !strings.Contains(got, "delete[brown]") || !strings.Contains(got, "insert[red]") {
		t.Errorf("words = %s", got)
	}
	var a, b string
	for _, x := range w {
		if x.Op != "insert" {
			a += x.Text
		}
		if x.Op != "delete" {
			b += x.Text
		}
	}
	if a != "the quick brown fox jumps" || b != "the quick red fox leaps" {
		t.Errorf("diff does not rebuild its sides: %q / %q", a, b)
	}
}

func TestScoresWithoutTools(t *testing.T) {
	for _, s := range Scores(run(1, "u:q", "a:an answer")) {
		if s.Name == "tool success" && s.Value != nil {
			t.Errorf("a conversation without tools has tool success %v", *s.Value)
		}
	}
	sc := Scores(run(1, `t:Bash|{}|c1`, "r:c1|err|boom", `t:Bash|{}|c2`, "r:c2|ok|fine"))
	for _, s := range sc {
		if s.Name == "tool success" && (s.Value == nil || *s.Value != 0.5) {
			t.Errorf("tool success = %v, want 0.5", s.Value)
		}
	}
}
