package ui

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
)

// comparisonRowsPerPage is how many rows of the two columns one page
// shows: a page of two 2,000-message runs stays under 3,000 elements.
const comparisonRowsPerPage = 60

// comparisonRow is one row of the two columns before it is drawn: the
// message on each side (nil: none) and, for an aligned reasoning pair,
// the pair.
type comparisonRow struct {
	a, b *baton.Message
	pair *replay.ReasoningPair
}

// comparisonRows lays the two runs after the shared prefix side by side:
// each aligned reasoning pair is one row with its word diff; the messages
// between two pairs sit beside each other in order. Only the rows of the
// page shown are drawn (drawRows).
func comparisonRows(d *replay.Diff, a, b []*baton.Message) []comparisonRow {
	ta, tb := a[d.PrefixLength:], b[d.PrefixLength:]
	indexA, indexB := seqIndex(ta), seqIndex(tb)
	var rows []comparisonRow
	i, j := 0, 0
	fill := func(toA, toB int) {
		for i < toA || j < toB {
			var r comparisonRow
			if i < toA {
				r.a = ta[i]
				i++
			}
			if j < toB {
				r.b = tb[j]
				j++
			}
			rows = append(rows, r)
		}
	}
	for k := range d.Reasoning.Pairs {
		p := &d.Reasoning.Pairs[k]
		if p.ASeq == 0 || p.BSeq == 0 {
			continue // an unmatched message shows in the gap it falls in
		}
		ia, ib := indexA[p.ASeq], indexB[p.BSeq]
		fill(ia, ib)
		rows = append(rows, comparisonRow{a: ta[ia], b: tb[ib], pair: p})
		i, j = ia+1, ib+1
	}
	fill(len(ta), len(tb))
	return rows
}

// drawRows makes the cells of rows.
func drawRows(rows []comparisonRow) []views.ComparisonRow {
	out := make([]views.ComparisonRow, len(rows))
	for k, r := range rows {
		if p := r.pair; p != nil {
			out[k] = views.ComparisonRow{Key: p.Key, Similarity: p.Similarity, Diverged: p.Diverged,
				A: sideOf(r.a, p.Words, "insert"), B: sideOf(r.b, p.Words, "delete")}
			continue
		}
		if r.a != nil {
			out[k].A = sideOf(r.a, nil, "")
		}
		if r.b != nil {
			out[k].B = sideOf(r.b, nil, "")
		}
	}
	return out
}

func seqIndex(msgs []*baton.Message) map[int64]int {
	out := make(map[int64]int, len(msgs))
	for i, m := range msgs {
		out[m.Seq] = i
	}
	return out
}

// What folds: a tool output longer than its preview, any message longer
// than foldAbove bytes or foldLines lines; the preview is the first
// foldPreview bytes of its first lines.
const (
	foldPreview = 160
	foldAbove   = 700
	foldLines   = 8
)

func previewOf(s string) string {
	lines := strings.SplitN(s, "\n", 3)
	if len(lines) > 2 {
		lines = lines[:2]
	}
	return clip(strings.Join(lines, " ⏎ "), foldPreview)
}

// maxCellText bounds the text one cell shows; the transcript has the rest.
const maxCellText = 4000

// sideOf is one message as a cell. With a word diff, the side keeps every
// run but the other side's (skip: "insert" for A, "delete" for B).
func sideOf(m *baton.Message, words []replay.WordDiff, skip string) *views.ComparisonSide {
	s := &views.ComparisonSide{Seq: m.Seq, Role: string(m.Role), IsError: m.ToolResult != nil && m.ToolResult.IsError,
		Unfinished: views.UnfinishedTitle(m)}
	for _, tc := range m.ToolCalls {
		s.ToolNames = append(s.ToolNames, tc.Name)
	}
	if m.Role != baton.RoleToolCall || len(m.ToolCalls) == 0 {
		s.Text = clip(m.Content, maxCellText)
	}
	// Tool outputs and long messages fold to a preview; the page opens
	// them one at a time (details/summary: no script needed).
	if lines := strings.Count(s.Text, "\n") + 1; s.Text != "" && (m.Role == baton.RoleToolResult && len(s.Text) > foldPreview || len(s.Text) > foldAbove || lines > foldLines) {
		s.Fold, s.Chars, s.Preview = true, len([]rune(m.Content)), previewOf(s.Text)
	}
	if len(words) > 0 {
		for _, w := range words {
			if w.Op != skip {
				s.Words = append(s.Words, w)
			}
		}
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + " …"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
