package analysis

import (
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Pattern is a recurring shape of a conversation (a conversation
// pattern).
type Pattern struct {
	Type      string `json:"type"` // question_answer, problem_solving, emotional, collaboration
	Subtype   string `json:"subtype"`
	Frequency int    `json:"frequency"`
	// Examples are up to three occurrences, each the sequence numbers of
	// its messages in order.
	Examples [][]int64 `json:"examples"`
	Insight  string    `json:"insight"`
}

// Pattern types.
const (
	PatternQuestionAnswer = "question_answer"
	PatternProblemSolving = "problem_solving"
	PatternEmotional      = "emotional"
	PatternCollaboration  = "collaboration"
)

const (
	maxExamples = 3
	// sequenceWindow bounds a debugging sequence: the fix must come within
	// this many messages of the error.
	sequenceWindow = 50
	swingThreshold = 0.3
)

// patternsOf finds the four kinds of pattern.
func patternsOf(vs []view, ex []Exchange) []Pattern {
	var ps []Pattern
	ps = append(ps, questionAnswer(vs)...)
	ps = append(ps, problemSolving(vs)...)
	ps = append(ps, emotional(vs)...)
	ps = append(ps, collaboration(vs, ex)...)
	if ps == nil {
		ps = []Pattern{}
	}
	return ps
}

func examples(seqs [][]int64) [][]int64 {
	if len(seqs) > maxExamples {
		return seqs[:maxExamples]
	}
	return seqs
}

// questionAnswer pairs each steward question (intent question or
// learning, or prose ending in "?") with the first assistant prose after
// it, before the steward speaks again.
func questionAnswer(vs []view) []Pattern {
	var answered, unanswered [][]int64
	toolCalls := 0
	for i := range vs {
		v := &vs[i]
		if !v.text || !v.steward() {
			continue
		}
		if in := v.sem.Intent; in != IntentQuestion && in != IntentLearning && !strings.HasSuffix(v.prose, "?") {
			continue
		}
		answer, calls := -1, 0
		for j := i + 1; j < len(vs); j++ {
			w := &vs[j]
			if w.text && w.steward() {
				break
			}
			calls += len(w.calls)
			if w.text && w.assistant() {
				answer = j
				break
			}
		}
		if answer < 0 {
			unanswered = append(unanswered, []int64{v.m.Seq})
			continue
		}
		toolCalls += calls
		answered = append(answered, []int64{v.m.Seq, vs[answer].m.Seq})
	}
	total := len(answered) + len(unanswered)
	if total == 0 {
		return nil
	}
	var ps []Pattern
	if len(answered) > 0 {
		insight := fmt.Sprintf("%d of %d questions got an answer before the steward spoke again", len(answered), total)
		if toolCalls > 0 {
			insight += fmt.Sprintf(", after %.1f tool calls on average", float64(toolCalls)/float64(len(answered)))
		}
		ps = append(ps, Pattern{Type: PatternQuestionAnswer, Subtype: "answered", Frequency: len(answered),
			Examples: examples(answered), Insight: insight + "."})
	}
	if len(unanswered) > 0 {
		ps = append(ps, Pattern{Type: PatternQuestionAnswer, Subtype: "unanswered", Frequency: len(unanswered),
			Examples: examples(unanswered),
			Insight:  fmt.Sprintf("%d of %d questions got no answer in prose before the steward moved on.", len(unanswered), total)})
	}
	return ps
}

// problemSolving finds debugging sequences: a message whose
// content mentions "error", then a message whose intent is debugging, then
// a message whose content says "fixed" or "solved" — three messages in
// that order, the last within 50 messages of the first. Sequences do not
// overlap.
func problemSolving(vs []view) []Pattern {
	hasError := make([]bool, len(vs))
	debugging := make([]bool, len(vs))
	fixed := make([]bool, len(vs))
	for i := range vs {
		c := vs[i].m.Content
		hasError[i] = containsFoldASCII(c, "error")
		debugging[i] = vs[i].sem.Intent == IntentDebugging
		fixed[i] = containsFoldASCII(c, "fixed") || containsFoldASCII(c, "solved")
	}
	seqs := findSequences(sequenceWindow, hasError, debugging, fixed)
	if len(seqs) == 0 {
		return nil
	}
	span, byAssistant := 0, 0
	var ex [][]int64
	for _, s := range seqs {
		span += s[2] - s[0]
		if vs[s[2]].assistant() {
			byAssistant++
		}
		ex = append(ex, []int64{vs[s[0]].m.Seq, vs[s[1]].m.Seq, vs[s[2]].m.Seq})
	}
	insight := fmt.Sprintf("%s from error to fix, %.1f messages apart on average; the assistant announced %d of the fixes, the steward %d.",
		plural(len(seqs), "debugging sequence"), float64(span)/float64(len(seqs)), byAssistant, len(seqs)-byAssistant)
	return []Pattern{{Type: PatternProblemSolving, Subtype: "debugging", Frequency: len(seqs), Examples: examples(ex), Insight: insight}}
}

// findSequences returns the non-overlapping runs of indices i < j < …
// with preds[0][i], preds[1][j], …, each within window of its first.
func findSequences(window int, preds ...[]bool) [][]int {
	var out [][]int
	n := len(preds[0])
	for start := 0; start < n; {
		if !preds[0][start] {
			start++
			continue
		}
		seq := []int{start}
		j := start + 1
		for _, p := range preds[1:] {
			for j < n && j <= start+window && !p[j] {
				j++
			}
			if j >= n || j > start+window {
				seq = nil
				break
			}
			seq = append(seq, j)
			j++
		}
		if seq == nil {
			start++
			continue
		}
		out = append(out, seq)
		start = seq[len(seq)-1] + 1
	}
	return out
}

// containsFoldASCII reports whether s contains the lower-case ASCII word
// w in any case, looking at the first maxScanText bytes.
func containsFoldASCII(s, w string) bool {
	s = truncate(s, maxScanText)
	n := len(w)
	for i := 0; i+n <= len(s); i++ {
		if s[i]|0x20 != w[0] {
			continue
		}
		k := 1
		for k < n && s[i+k]|0x20 == w[k] {
			k++
		}
		if k == n {
			return true
		}
	}
	return false
}

// emotional finds swings — consecutive steward messages one at most −0.3
// and the other at least +0.3 in sentiment — and the steward's most
// recurring emotion, when it shows in three messages or more.
func emotional(vs []view) []Pattern {
	var ps []Pattern
	var swings [][]int64
	up := 0
	prev := -1
	counts := map[string]int{}
	firstSeen := map[string][]int64{}
	var order []string
	stewardTurns := 0
	for i := range vs {
		v := &vs[i]
		if !v.text || !v.steward() {
			continue
		}
		stewardTurns++
		for _, e := range v.sem.Emotions {
			if counts[e] == 0 {
				order = append(order, e)
			}
			counts[e]++
			if len(firstSeen[e]) < maxExamples {
				firstSeen[e] = append(firstSeen[e], v.m.Seq)
			}
		}
		if prev >= 0 {
			a, b := vs[prev].sem.Sentiment, v.sem.Sentiment
			if (a <= -swingThreshold && b >= swingThreshold) || (a >= swingThreshold && b <= -swingThreshold) {
				swings = append(swings, []int64{vs[prev].m.Seq, v.m.Seq})
				if b > a {
					up++
				}
			}
		}
		prev = i
	}
	if len(swings) > 0 {
		ps = append(ps, Pattern{Type: PatternEmotional, Subtype: "swing", Frequency: len(swings), Examples: examples(swings),
			Insight: fmt.Sprintf("%s in the steward's mood: %d from negative to positive, %d from positive to negative.",
				plural(len(swings), "swing"), up, len(swings)-up)})
	}
	sortStable(order, func(a, b string) bool { return counts[a] > counts[b] })
	if len(order) > 0 && counts[order[0]] >= 3 {
		e := order[0]
		var ex [][]int64
		for _, s := range firstSeen[e] {
			ex = append(ex, []int64{s})
		}
		ps = append(ps, Pattern{Type: PatternEmotional, Subtype: e, Frequency: counts[e], Examples: ex,
			Insight: fmt.Sprintf("The steward showed %s in %d of %d messages.", e, counts[e], stewardTurns)})
	}
	return ps
}

// collaboration finds delegation (a steward message followed by three or
// more tool calls before the steward speaks again), course corrections
// (clarifications, or a negative steward message after assistant work)
// and confirmations.
func collaboration(vs []view, ex []Exchange) []Pattern {
	var ps []Pattern
	var delegated [][]int64
	calls := 0
	for _, e := range ex {
		if e.ToolCalls >= 3 {
			delegated = append(delegated, []int64{e.StartSeq, e.EndSeq})
			calls += e.ToolCalls
		}
	}
	if len(delegated) > 0 {
		ps = append(ps, Pattern{Type: PatternCollaboration, Subtype: "delegation", Frequency: len(delegated),
			Examples: examples(delegated),
			Insight: fmt.Sprintf("The steward handed over %s of %d; the assistant ran %s for each on its own.",
				plural(len(delegated), "task"), len(ex), toolCallsEach(calls, len(delegated)))})
	}
	var corrections, confirmations [][]int64
	worked := false
	for i := range vs {
		v := &vs[i]
		if !v.steward() || !v.text {
			if v.m.Role != baton.RoleSteward && v.m.Role != baton.RoleSystem {
				worked = true
			}
			continue
		}
		switch {
		case v.sem.Intent == IntentClarification, worked && v.sem.Sentiment <= -swingThreshold:
			corrections = append(corrections, []int64{v.m.Seq})
		case v.sem.Intent == IntentConfirmation:
			confirmations = append(confirmations, []int64{v.m.Seq})
		}
		worked = false
	}
	if len(corrections) > 0 {
		ps = append(ps, Pattern{Type: PatternCollaboration, Subtype: "course_correction", Frequency: len(corrections),
			Examples: examples(corrections),
			Insight:  fmt.Sprintf("The steward corrected course %s, by clarifying or pushing back.", times(len(corrections)))})
	}
	if len(confirmations) > 0 {
		ps = append(ps, Pattern{Type: PatternCollaboration, Subtype: "confirmation", Frequency: len(confirmations),
			Examples: examples(confirmations),
			Insight:  fmt.Sprintf("The steward confirmed the assistant's direction %s.", times(len(confirmations)))})
	}
	return ps
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// toolCallsEach says how many tool calls each delegated task took: a
// whole count as an integer ("3 tool calls"), a mean that is not whole
// with one decimal ("about 3.5 tool calls").
func toolCallsEach(calls, tasks int) string {
	if calls%tasks == 0 {
		return plural(calls/tasks, "tool call")
	}
	return fmt.Sprintf("about %.1f tool calls", float64(calls)/float64(tasks))
}
