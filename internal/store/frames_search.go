package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/fulltext"
	"github.com/uptrace/bun"
)

// Frame recall: the one place where SQLite (FTS5) and PostgreSQL
// (tsvector) differ for frames. Both index the same words, made by
// internal/fulltext, in the same fields:
//
//	keywords (weight 3) · reference_point (2) · summary_caption (1.5)
//	· status_snapshot.next_action (1) · jira, module_scope, branch (0.5)
//
// and one token per module and one for the branch (filterToken), so the
// module and branch filters are part of the match, before any limit; the
// time filter is a range of rid, which is the frame's real instant.
//
// Ranking: see frames_rank.go.
const recencyHalfLife = 30 * 24 * time.Hour

// frameIndexText is a frame's text for each indexed field.
type frameIndexText struct {
	keywords, reference, summary, next, other, filters string
}

func frameText(f *baton.Frame) frameIndexText {
	other := []string{f.Branch}
	if f.Jira != nil {
		other = append(other, *f.Jira)
	}
	other = append(other, f.ModuleScope...)
	filters := []string{filterToken('b', f.Branch)}
	for _, m := range f.ModuleScope {
		filters = append(filters, filterToken('m', m))
	}
	return frameIndexText{
		keywords:  fulltext.Text(f.Keywords...),
		reference: fulltext.Text(f.ReferencePoint),
		summary:   fulltext.Text(f.SummaryCaption),
		next:      fulltext.Text(f.StatusSnapshot.NextAction),
		other:     fulltext.Text(other...),
		filters:   strings.Join(filters, " "),
	}
}

// sqliteIndexFrames adds frames to the FTS5 index, rowid = rid; texts
// are their indexed words.
func (s *Store) sqliteIndexFrames(ctx context.Context, tx bun.Tx, rids []int64, texts []frameIndexText) error {
	args := make([]any, 0, len(rids)*7)
	for i, t := range texts {
		args = append(args, rids[i], t.keywords, t.reference, t.summary, t.next, t.other, t.filters)
	}
	return s.insertBound(ctx, tx, "INSERT INTO frames_fts (rowid, keywords, reference_point, summary_caption, next_action, other, filters)", "", 7, args)
}

// pgFrameVector writes a frame's tsvector literal: every word with its
// position and weight (A keywords, B reference point, C summary caption and
// next action, D the rest). Building it here instead of with to_tsvector
// keeps PostgreSQL's parser from splitting words differently from FTS5.
func pgFrameVector(t frameIndexText) string {
	var b strings.Builder
	pos := 0
	add := func(text string, weight byte) {
		for _, w := range strings.Fields(text) {
			pos++
			b.WriteString(pgLexeme(w))
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(min(pos, 16383)))
			b.WriteByte(weight)
			b.WriteByte(' ')
		}
		pos++ // a gap, so a phrase never spans two fields
	}
	add(t.keywords, 'A')
	add(t.reference, 'B')
	add(t.summary, 'C')
	add(t.next, 'C')
	add(t.other, 'D')
	add(t.filters, 'D')
	return strings.TrimSpace(b.String())
}

func pgLexeme(w string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(w) + "'"
}

// ftsMatchFrames writes the FTS5 MATCH expression: each term a quoted
// phrase (its last word a prefix when asked) over the text columns, joined
// by AND or OR, and the filter tokens over the filters column. Words hold
// only letters, digits and marks, so nothing in them is FTS5 syntax.
func ftsMatchFrames(q baton.FrameRecall) string {
	terms := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		terms[i] = `"` + strings.Join(t.Words, " ") + `"`
		if t.Prefix {
			terms[i] += "*"
		}
	}
	op := " AND "
	if q.Mode == baton.RecallAny {
		op = " OR "
	}
	m := "{keywords reference_point summary_caption next_action other} : (" + strings.Join(terms, op) + ")"
	for _, tok := range filterTokens(q) {
		m += ` AND filters : "` + tok + `"`
	}
	return m
}

func filterTokens(q baton.FrameRecall) []string {
	var toks []string
	if q.Module != "" {
		toks = append(toks, filterToken('m', q.Module))
	}
	if q.Branch != "" {
		toks = append(toks, filterToken('b', q.Branch))
	}
	return toks
}

// pgQueryFrames writes the tsquery literal: each term a phrase of its words
// (<->), the last a prefix when asked, joined by & or |, and the filter
// tokens.
func pgQueryFrames(q baton.FrameRecall) string {
	terms := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		words := make([]string, len(t.Words))
		for j, w := range t.Words {
			words[j] = pgLexeme(w)
			if t.Prefix && j == len(t.Words)-1 {
				words[j] += ":*"
			}
		}
		terms[i] = "(" + strings.Join(words, " <-> ") + ")"
	}
	op := " & "
	if q.Mode == baton.RecallAny {
		op = " | "
	}
	out := "(" + strings.Join(terms, op) + ")"
	for _, tok := range filterTokens(q) {
		out += " & " + pgLexeme(tok)
	}
	return out
}
