// Package replay is what Baton does with two runs of one conversation:
// the provider-shaped context of a replay, the semantic diff of two
// conversations (actions, reasoning, outcome, verdict), deterministic
// scores, secret redaction for shared links, and the optional runner.
// It reads messages and never touches storage itself.
package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Verdicts, from closest to furthest.
const (
	Equivalent = "equivalent"
	Similar    = "similar"
	Mixed      = "mixed"
	Divergent  = "divergent"
)

// Action pair statuses.
const (
	ActionSame     = "same"
	ActionArgsDiff = "different_arguments"
	ActionOnlyA    = "only_a"
	ActionOnlyB    = "only_b"
)

// Diff is the semantic diff of two conversations A and B.
type Diff struct {
	// PrefixLength is how many leading messages A and B share (the same
	// message, or one with the same role, content and tool calls).
	PrefixLength int `json:"prefix_length"`
	// DivergenceSeqA/B are the sequence numbers of the first messages that
	// differ (0 when that side has no message there).
	DivergenceSeqA int64          `json:"divergence_seq_a"`
	DivergenceSeqB int64          `json:"divergence_seq_b"`
	Actions        ActionDiff     `json:"actions"`
	Reasoning      ReasoningDiff  `json:"reasoning"`
	Outcome        OutcomeDiff    `json:"outcome"`
	Verdict        string         `json:"verdict"`
	VerdictRule    string         `json:"verdict_rule"`
	Counts         map[string]int `json:"counts"`
}

// Action is one tool call of a conversation after the shared prefix.
type Action struct {
	MessageID int64           `json:"message_id"`
	Seq       int64           `json:"seq"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input,omitempty"`
	Error     bool            `json:"error"`
}

// ActionPair is one row of the action alignment.
type ActionPair struct {
	Key     string     `json:"key"`
	Status  string     `json:"status"`
	A       *Action    `json:"a,omitempty"`
	B       *Action    `json:"b,omitempty"`
	ArgDiff []WordDiff `json:"argument_diff,omitempty"`
}

// ToolCount is how often each side called one tool.
type ToolCount struct {
	Name string `json:"name"`
	A    int    `json:"a"`
	B    int    `json:"b"`
}

// ActionDiff is the action level: tool-call sequences aligned by the
// longest common subsequence of tool names.
type ActionDiff struct {
	Pairs   []ActionPair `json:"pairs"`
	Same    int          `json:"same"`
	ArgDiff int          `json:"different_arguments"`
	OnlyA   int          `json:"only_a"`
	OnlyB   int          `json:"only_b"`
	ErrorsA int          `json:"errors_a"`
	ErrorsB int          `json:"errors_b"`
	Tools   []ToolCount  `json:"tools"`
	// MatchRatio is matched calls over the longer sequence (1 when both are empty).
	MatchRatio float64 `json:"match_ratio"`
}

// ReasoningPair is one row of the reasoning alignment.
type ReasoningPair struct {
	Key        string     `json:"key"`
	ASeq       int64      `json:"a_seq,omitempty"`
	BSeq       int64      `json:"b_seq,omitempty"`
	AMessageID int64      `json:"a_message_id,omitempty"`
	BMessageID int64      `json:"b_message_id,omitempty"`
	Similarity float64    `json:"similarity"`
	Measure    string     `json:"measure"` // lexical or embedding
	Diverged   bool       `json:"diverged"`
	Words      []WordDiff `json:"word_diff,omitempty"`
}

// ReasoningDiff is the reasoning level: assistant messages aligned by
// content similarity.
type ReasoningDiff struct {
	Pairs          []ReasoningPair `json:"pairs"`
	Matched        int             `json:"matched"`
	OnlyA          int             `json:"only_a"`
	OnlyB          int             `json:"only_b"`
	Diverged       int             `json:"diverged"`
	MeanSimilarity float64         `json:"mean_similarity"`
}

// Side is the outcome of one conversation.
type Side struct {
	Messages       int      `json:"messages"`
	Tokens         int64    `json:"tokens"`
	ToolCalls      int      `json:"tool_calls"`
	Errors         int      `json:"errors"`
	Models         []string `json:"models"`
	FinalAnswer    string   `json:"final_answer"`
	TasksCompleted int      `json:"tasks_completed"`
	FilesChanged   []string `json:"files_changed"`
}

// OutcomeDiff is the outcome level: each side and B minus A.
type OutcomeDiff struct {
	A     Side `json:"a"`
	B     Side `json:"b"`
	Delta struct {
		Messages       int   `json:"messages"`
		Tokens         int64 `json:"tokens"`
		ToolCalls      int   `json:"tool_calls"`
		Errors         int   `json:"errors"`
		TasksCompleted int   `json:"tasks_completed"`
		FilesChanged   int   `json:"files_changed"`
	} `json:"delta"`
	ModelsChanged         bool       `json:"models_changed"`
	FinalAnswerSimilarity float64    `json:"final_answer_similarity"`
	FinalAnswerDiff       []WordDiff `json:"final_answer_diff,omitempty"`
	FilesOnlyA            []string   `json:"files_only_a"`
	FilesOnlyB            []string   `json:"files_only_b"`
}

// Thresholds of the reasoning alignment and the verdict.
const (
	// PairThreshold is the least similarity at which two assistant
	// messages are aligned at all.
	PairThreshold = 0.2
	// DivergedBelow marks an aligned pair as diverged.
	DivergedBelow = 0.5
	// band bounds the reasoning alignment to this many messages either
	// side of the diagonal, so two 2,000-message runs stay fast.
	band = 400
)

// Compute diffs two conversations' transcripts (each in order, prefix included).
func Compute(a, b []*baton.Message) *Diff {
	d := &Diff{}
	d.PrefixLength = sharedPrefix(a, b)
	if d.PrefixLength < len(a) {
		d.DivergenceSeqA = a[d.PrefixLength].Seq
	}
	if d.PrefixLength < len(b) {
		d.DivergenceSeqB = b[d.PrefixLength].Seq
	}
	ta, tb := a[d.PrefixLength:], b[d.PrefixLength:]
	d.Actions = diffActions(actionsOf(ta, a), actionsOf(tb, b))
	d.Reasoning = diffReasoning(reasoningOf(ta), reasoningOf(tb))
	d.Outcome = diffOutcome(a, b)
	d.Verdict, d.VerdictRule = verdict(d)
	d.Counts = map[string]int{"a": len(a), "b": len(b), "tail_a": len(ta), "tail_b": len(tb)}
	return d
}

// sharedPrefix counts the leading messages A and B have in common.
func sharedPrefix(a, b []*baton.Message) int {
	n := 0
	for n < len(a) && n < len(b) && sameMessage(a[n], b[n]) {
		n++
	}
	return n
}

func sameMessage(x, y *baton.Message) bool {
	if x.ID != 0 && x.ID == y.ID {
		return true
	}
	if x.Role != y.Role || x.Content != y.Content || len(x.ToolCalls) != len(y.ToolCalls) {
		return false
	}
	for i := range x.ToolCalls {
		if x.ToolCalls[i].Name != y.ToolCalls[i].Name || !sameJSON(x.ToolCalls[i].Input, y.ToolCalls[i].Input) {
			return false
		}
	}
	return (x.ToolResult == nil) == (y.ToolResult == nil)
}

// actionsOf lists the tool calls of a tail, with whether each failed: a
// tool result anywhere in the whole transcript that answers it with is_error.
func actionsOf(tail, all []*baton.Message) []Action {
	failed := map[string]bool{}
	for _, m := range all {
		if m.ToolResult != nil && m.ToolResult.IsError {
			failed[m.ToolResult.ToolUseID] = true
		}
	}
	var out []Action
	for _, m := range tail {
		for _, tc := range m.ToolCalls {
			out = append(out, Action{MessageID: m.ID, Seq: m.Seq, CallID: tc.ID, Name: tc.Name, Input: tc.Input, Error: tc.ID != "" && failed[tc.ID]})
		}
	}
	return out
}

// diffActions aligns two tool-call sequences by the longest common
// subsequence of tool names (dynamic programming, not a greedy walk).
func diffActions(a, b []Action) ActionDiff {
	n, m := len(a), len(b)
	// lcs[i][j] is the LCS length of a[i:] and b[j:], in one flat slice.
	w := m + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i].Name == b[j].Name:
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				lcs[i*w+j] = lcs[(i+1)*w+j]
			default:
				lcs[i*w+j] = lcs[i*w+j+1]
			}
		}
	}
	var out ActionDiff
	add := func(p ActionPair) {
		p.Key = fmt.Sprintf("a%d", len(out.Pairs)+1)
		out.Pairs = append(out.Pairs, p)
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i].Name == b[j].Name && lcs[i*w+j] == lcs[(i+1)*w+j+1]+1:
			p := ActionPair{Status: ActionSame, A: &a[i], B: &b[j]}
			if !sameJSON(a[i].Input, b[j].Input) {
				p.Status = ActionArgsDiff
				p.ArgDiff = Words(prettyJSON(a[i].Input), prettyJSON(b[j].Input))
				out.ArgDiff++
			} else {
				out.Same++
			}
			add(p)
			i, j = i+1, j+1
		case j >= m || (i < n && lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
			add(ActionPair{Status: ActionOnlyA, A: &a[i]})
			out.OnlyA++
			i++
		default:
			add(ActionPair{Status: ActionOnlyB, B: &b[j]})
			out.OnlyB++
			j++
		}
	}
	tools := map[string]*ToolCount{}
	for _, x := range a {
		if tools[x.Name] == nil {
			tools[x.Name] = &ToolCount{Name: x.Name}
		}
		tools[x.Name].A++
		if x.Error {
			out.ErrorsA++
		}
	}
	for _, x := range b {
		if tools[x.Name] == nil {
			tools[x.Name] = &ToolCount{Name: x.Name}
		}
		tools[x.Name].B++
		if x.Error {
			out.ErrorsB++
		}
	}
	out.Tools = []ToolCount{}
	for _, t := range tools {
		out.Tools = append(out.Tools, *t)
	}
	sort.Slice(out.Tools, func(i, j int) bool { return out.Tools[i].Name < out.Tools[j].Name })
	if out.Pairs == nil {
		out.Pairs = []ActionPair{}
	}
	out.MatchRatio = 1
	if longer := max(n, m); longer > 0 {
		out.MatchRatio = float64(out.Same+out.ArgDiff) / float64(longer)
	}
	return out
}

// sameJSON compares two JSON values by meaning, not bytes.
func sameJSON(x, y json.RawMessage) bool {
	if bytes.Equal(x, y) {
		return true
	}
	var vx, vy any
	if json.Unmarshal(x, &vx) != nil || json.Unmarshal(y, &vy) != nil {
		return false
	}
	bx, _ := json.Marshal(vx)
	by, _ := json.Marshal(vy)
	return bytes.Equal(bx, by)
}

func prettyJSON(r json.RawMessage) string {
	var v any
	if json.Unmarshal(r, &v) != nil {
		return string(r)
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

// reasoningText is one assistant message's text, tokenised once.
type reasoningText struct {
	msg   *baton.Message
	text  string
	terms termVector
	ids   []int32 // terms' numbers in the alignment's wordTable
}

func reasoningOf(tail []*baton.Message) []reasoningText {
	var out []reasoningText
	for _, m := range tail {
		if m.Role != baton.RoleAssistant {
			continue
		}
		text := strings.TrimSpace(m.Content)
		if text == "" {
			text = strings.TrimSpace(m.Thinking)
		}
		if text == "" {
			continue
		}
		out = append(out, reasoningText{msg: m, text: text, terms: vectorOf(text)})
	}
	return out
}

// similarity of two assistant messages: the cosine of their client-supplied
// embeddings when both have one, else the cosine of their word counts.
func similarity(x, y *reasoningText) (float64, string) {
	ex, ey := x.msg.Semantic.Embedding, y.msg.Semantic.Embedding
	if len(ex) > 0 && len(ex) == len(ey) {
		var dot, nx, ny float64
		for i := range ex {
			dot += float64(ex[i]) * float64(ey[i])
			nx += float64(ex[i]) * float64(ex[i])
			ny += float64(ey[i]) * float64(ey[i])
		}
		if nx == 0 || ny == 0 {
			return 0, "embedding"
		}
		return math.Max(0, dot/math.Sqrt(nx*ny)), "embedding"
	}
	return x.terms.cosine(y.terms), "lexical"
}

// diffReasoning aligns assistant messages by content similarity: the
// order-preserving alignment with the greatest total similarity (pairs
// below PairThreshold are never aligned), found by dynamic programming.
// Position alone pairs nothing.
func diffReasoning(a, b []reasoningText) ReasoningDiff {
	n, m := len(a), len(b)
	w := m + 1
	score := make([]float64, (n+1)*w)
	sims := make([]float64, (n+1)*w)
	inBand := func(i, j int) bool {
		// The diagonal, scaled when the sides differ in length.
		diag := 0
		if n > 0 {
			diag = i * m / n
		}
		return j >= diag-band && j <= diag+band
	}
	words := numberWords(a, b)
	for i := n - 1; i >= 0; i-- {
		words.spread(&a[i])
		for j := m - 1; j >= 0; j-- {
			best := score[(i+1)*w+j]
			if s := score[i*w+j+1]; s > best {
				best = s
			}
			sims[i*w+j] = -1
			if inBand(i, j) {
				s := words.similarity(&a[i], &b[j])
				sims[i*w+j] = s
				if s >= PairThreshold {
					if t := score[(i+1)*w+j+1] + s; t > best {
						best = t
					}
				}
			}
			score[i*w+j] = best
		}
		words.clear(&a[i])
	}
	var out ReasoningDiff
	out.Pairs = []ReasoningPair{}
	add := func(p ReasoningPair) {
		p.Key = fmt.Sprintf("r%d", len(out.Pairs)+1)
		out.Pairs = append(out.Pairs, p)
	}
	var total float64
	i, j := 0, 0
	for i < n || j < m {
		if i < n && j < m {
			s := sims[i*w+j]
			if s >= PairThreshold && math.Abs(score[i*w+j]-(score[(i+1)*w+j+1]+s)) < 1e-9 {
				_, measure := similarity(&a[i], &b[j])
				p := ReasoningPair{ASeq: a[i].msg.Seq, BSeq: b[j].msg.Seq, AMessageID: a[i].msg.ID, BMessageID: b[j].msg.ID,
					Similarity: round3(s), Measure: measure, Diverged: s < DivergedBelow}
				if s < 1 {
					p.Words = Words(a[i].text, b[j].text)
				}
				add(p)
				out.Matched++
				total += s
				if p.Diverged {
					out.Diverged++
				}
				i, j = i+1, j+1
				continue
			}
		}
		if j >= m || (i < n && score[i*w+j] == score[(i+1)*w+j]) {
			add(ReasoningPair{ASeq: a[i].msg.Seq, AMessageID: a[i].msg.ID, Diverged: true, Measure: "unmatched"})
			out.OnlyA++
			i++
		} else {
			add(ReasoningPair{BSeq: b[j].msg.Seq, BMessageID: b[j].msg.ID, Diverged: true, Measure: "unmatched"})
			out.OnlyB++
			j++
		}
	}
	// Unmatched messages count as similarity 0 in the mean.
	if k := out.Matched + out.OnlyA + out.OnlyB; k > 0 {
		out.MeanSimilarity = round3(total / float64(k))
	} else {
		out.MeanSimilarity = 1
	}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// fileTools are tools whose file_path / path input is a file they change.
var fileTools = []string{"edit", "write", "multiedit", "notebookedit", "apply_patch", "str_replace", "create"}

func sideOf(msgs []*baton.Message) Side {
	s := Side{Messages: len(msgs), Models: []string{}, FilesChanged: []string{}}
	models, files := map[string]bool{}, map[string]bool{}
	for _, m := range msgs {
		s.Tokens += m.Usage.Total()
		if m.Model != "" && !models[m.Model] {
			models[m.Model] = true
			s.Models = append(s.Models, m.Model)
		}
		if m.ToolResult != nil && m.ToolResult.IsError {
			s.Errors++
		}
		if m.Role == baton.RoleAssistant && strings.TrimSpace(m.Content) != "" {
			s.FinalAnswer = m.Content
		}
		for _, tc := range m.ToolCalls {
			s.ToolCalls++
			var in map[string]any
			_ = json.Unmarshal(tc.Input, &in)
			name := strings.ToLower(tc.Name)
			for _, ft := range fileTools {
				if strings.Contains(name, ft) {
					for _, k := range []string{"file_path", "path", "notebook_path"} {
						if p, ok := in[k].(string); ok && p != "" && !files[p] {
							files[p] = true
							s.FilesChanged = append(s.FilesChanged, p)
						}
					}
					break
				}
			}
			// A task list update (TodoWrite and the like): items marked completed.
			if todos, ok := in["todos"].([]any); ok {
				for _, t := range todos {
					if tm, ok := t.(map[string]any); ok && tm["status"] == "completed" {
						s.TasksCompleted++
					}
				}
			}
		}
	}
	sort.Strings(s.FilesChanged)
	return s
}

func diffOutcome(a, b []*baton.Message) OutcomeDiff {
	var o OutcomeDiff
	o.A, o.B = sideOf(a), sideOf(b)
	// Task lists are rewritten whole, so the last count is what was done;
	// sideOf sums every update. Keep the sum: the rule is stated on the page.
	o.Delta.Messages = o.B.Messages - o.A.Messages
	o.Delta.Tokens = o.B.Tokens - o.A.Tokens
	o.Delta.ToolCalls = o.B.ToolCalls - o.A.ToolCalls
	o.Delta.Errors = o.B.Errors - o.A.Errors
	o.Delta.TasksCompleted = o.B.TasksCompleted - o.A.TasksCompleted
	o.Delta.FilesChanged = len(o.B.FilesChanged) - len(o.A.FilesChanged)
	o.ModelsChanged = strings.Join(o.A.Models, ",") != strings.Join(o.B.Models, ",")
	va, vb := vectorOf(o.A.FinalAnswer), vectorOf(o.B.FinalAnswer)
	switch {
	case o.A.FinalAnswer == o.B.FinalAnswer:
		o.FinalAnswerSimilarity = 1
	default:
		o.FinalAnswerSimilarity = round3(va.cosine(vb))
		o.FinalAnswerDiff = Words(o.A.FinalAnswer, o.B.FinalAnswer)
	}
	inA := map[string]bool{}
	for _, f := range o.A.FilesChanged {
		inA[f] = true
	}
	inB := map[string]bool{}
	for _, f := range o.B.FilesChanged {
		inB[f] = true
		if !inA[f] {
			o.FilesOnlyB = append(o.FilesOnlyB, f)
		}
	}
	for _, f := range o.A.FilesChanged {
		if !inB[f] {
			o.FilesOnlyA = append(o.FilesOnlyA, f)
		}
	}
	return o
}

// VerdictRules states every rule, in the order they are tried.
var VerdictRules = []string{
	"equivalent: every action the same, no reasoning pair diverged or unmatched, the same error count and a final answer at least 0.9 similar",
	"similar: actions match at least 80% (LCS on tool names), reasoning mean similarity at least 0.6, error counts within 1",
	"divergent: actions match under 40% and reasoning mean similarity under 0.3",
	"mixed: anything else",
}

func verdict(d *Diff) (string, string) {
	act, rsn, out := d.Actions, d.Reasoning, d.Outcome
	errDelta := out.Delta.Errors
	if act.ArgDiff == 0 && act.OnlyA == 0 && act.OnlyB == 0 && rsn.Diverged == 0 && rsn.OnlyA == 0 && rsn.OnlyB == 0 && errDelta == 0 && out.FinalAnswerSimilarity >= 0.9 {
		return Equivalent, fmt.Sprintf("every action the same (%d), no reasoning pair diverged, error delta 0, final answer similarity %.2f ≥ 0.9",
			act.Same, out.FinalAnswerSimilarity)
	}
	if act.MatchRatio >= 0.8 && rsn.MeanSimilarity >= 0.6 && abs(errDelta) <= 1 {
		return Similar, fmt.Sprintf("actions match %.0f%% ≥ 80%%, reasoning mean similarity %.2f ≥ 0.6, error delta %+d within 1",
			act.MatchRatio*100, rsn.MeanSimilarity, errDelta)
	}
	if act.MatchRatio < 0.4 && rsn.MeanSimilarity < 0.3 {
		return Divergent, fmt.Sprintf("actions match %.0f%% < 40%% and reasoning mean similarity %.2f < 0.3",
			act.MatchRatio*100, rsn.MeanSimilarity)
	}
	return Mixed, fmt.Sprintf("neither equivalent, similar nor divergent: actions match %.0f%%, reasoning mean similarity %.2f, error delta %+d",
		act.MatchRatio*100, rsn.MeanSimilarity, errDelta)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
