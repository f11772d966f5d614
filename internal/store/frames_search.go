package store

import (
	"context"
	"math"
	"sort"
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
// Ranking blends relevance with recency:
//
//	score = 0.7 × relevance + 0.3 × recency
//	relevance = bm25 (FTS5) or ts_rank (PostgreSQL), divided by the best
//	            among the ranked matches, so the most relevant is 1
//	recency   = 0.5 ^ (age / 30 days), age from now to the frame's time
//	            (a frame from today ≈ 1, from a month ago 0.5)
//
// Relevance is computed for the newest recallWindow matches that pass the
// filters (newest by frame time). Below that many matches the ranking is
// exact; above it (a word in thousands of frames) older matches are not
// ranked, which is what keeps a common word at 100,000 frames in
// milliseconds instead of scoring every match: each ranked match costs
// about 10 µs (index walk, bm25, the frame's row), so 1,000 of them cost
// 10 ms where 200 cost 2. The answer says so (Capped).
const (
	recallWindow    = 200
	relevanceWeight = 0.7
	recencyWeight   = 0.3
	recencyHalfLife = 30 * 24 * time.Hour
)

// Index weights, in the order of the FTS5 columns.
const ftsWeights = "3.0, 2.0, 1.5, 1.0, 0.5, 0.0"

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

// sqliteIndexFrames adds frames to the FTS5 index, rowid = rid.
func sqliteIndexFrames(ctx context.Context, tx bun.Tx, frames []*baton.Frame, rids []int64) error {
	var sql strings.Builder
	sql.WriteString("INSERT INTO frames_fts (rowid, keywords, reference_point, summary_caption, next_action, other, filters) VALUES ")
	args := make([]any, 0, len(frames)*7)
	for i, f := range frames {
		if i > 0 {
			sql.WriteByte(',')
		}
		sql.WriteString("(?,?,?,?,?,?,?)")
		t := frameText(f)
		args = append(args, rids[i], t.keywords, t.reference, t.summary, t.next, t.other, t.filters)
	}
	_, err := tx.NewRaw(sql.String(), args...).Exec(ctx)
	return err
}

// pgFrameVector writes a frame's tsvector literal: every word with its
// position and weight (A keywords, B reference point, C summary caption and
// next action, D the rest). Building it here instead of with to_tsvector
// keeps PostgreSQL's parser from splitting words differently from FTS5.
func pgFrameVector(f *baton.Frame) string {
	t := frameText(f)
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

// recallCandidate is one match with its raw relevance (higher is better).
type recallCandidate struct {
	RID  int64   `bun:"rid"`
	Rank float64 `bun:"rank"`
}

// recallCandidates returns the steward's newest recallWindow matches
// passing every filter, with their relevance.
func (s *Store) recallCandidates(ctx context.Context, stewardID int64, q baton.FrameRecall) ([]recallCandidate, error) {
	lo, hi, _ := microsRange(q.Since, q.Until)
	var sql strings.Builder
	var args []any
	if s.dialect == SQLite {
		// The index is walked newest first (rowid is the frame's time); each
		// match is checked against its frame's steward, branch and module
		// by primary key; bm25 is computed for the rows kept only. CROSS
		// JOIN keeps that order: left to itself the planner walks the
		// steward's frames and asks FTS5 about each one (100,000 lookups).
		sql.WriteString(`SELECT t.rowid AS rid, -bm25(frames_fts, ` + ftsWeights + `) AS rank
			FROM frames_fts t CROSS JOIN frames f ON f.rid = t.rowid
			WHERE frames_fts MATCH ? AND f.steward_id = ? AND t.rowid BETWEEN ? AND ?`)
		args = append(args, ftsMatchFrames(q), stewardID, lo, hi)
	} else {
		sql.WriteString(`SELECT f.rid, ts_rank(f.search, CAST(? AS tsquery)) AS rank FROM frames f
			WHERE f.steward_id = ? AND f.search @@ CAST(? AS tsquery) AND f.rid BETWEEN ? AND ?`)
		pq := pgQueryFrames(q)
		args = append(args, pq, stewardID, pq, lo, hi)
	}
	if q.Branch != "" {
		sql.WriteString(" AND f.branch = ?")
		args = append(args, q.Branch)
	}
	if !q.IncludeSuperseded {
		sql.WriteString(" AND f.superseded_by IS NULL")
	}
	if q.Module != "" {
		sql.WriteString(" AND EXISTS (SELECT 1 FROM frame_modules m WHERE m.steward_id = f.steward_id AND m.module = ? AND m.rid = f.rid)")
		args = append(args, q.Module)
	}
	if s.dialect == SQLite {
		sql.WriteString(" ORDER BY t.rowid DESC LIMIT ?")
	} else {
		sql.WriteString(" ORDER BY f.rid DESC LIMIT ?")
	}
	args = append(args, recallWindow+1)
	var out []recallCandidate
	err := s.db.NewRaw(sql.String(), args...).Scan(ctx, &out)
	return out, err
}

// RecallFrames runs a normalised recall for the steward: the best q.Limit
// frames by the blend above, and how many matches were ranked. A query with
// no terms finds nothing.
func (s *Store) RecallFrames(ctx context.Context, stewardID int64, q baton.FrameRecall) (hits []*baton.FrameHit, ranked int, capped bool, err error) {
	hits = []*baton.FrameHit{}
	if len(q.Terms) == 0 {
		return hits, 0, false, nil
	}
	if q.Limit <= 0 {
		q.Limit = 10
	}
	cands, err := s.recallCandidates(ctx, stewardID, q)
	if err != nil {
		return nil, 0, false, err
	}
	if len(cands) > recallWindow {
		cands, capped = cands[:recallWindow], true
	}
	best := 0.0
	for _, c := range cands {
		best = math.Max(best, c.Rank)
	}
	now := s.clock()
	type scored struct {
		rid                 int64
		score, rel, recency float64
	}
	all := make([]scored, len(cands))
	for i, c := range cands {
		rel := 1.0
		if best > 0 {
			rel = c.Rank / best
		}
		// rid is the frame's time in microseconds (a collision moves it by one).
		age := now.Sub(time.UnixMicro(c.RID))
		rec := 1.0
		if age > 0 {
			rec = math.Pow(0.5, float64(age)/float64(recencyHalfLife))
		}
		all[i] = scored{c.RID, relevanceWeight*rel + recencyWeight*rec, rel, rec}
	}
	// Ties go to the newer frame.
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].score != all[j].score {
			return all[i].score > all[j].score
		}
		return all[i].rid > all[j].rid
	})
	top := all[:min(q.Limit, len(all))]
	rids := make([]int64, len(top))
	for i, t := range top {
		rids[i] = t.rid
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, 0, false, err
	}
	for _, t := range top {
		if f := byRID[t.rid]; f != nil {
			hits = append(hits, &baton.FrameHit{Frame: f, Score: round4(t.score), Relevance: round4(t.rel), Recency: round4(t.recency)})
		}
	}
	return hits, len(cands), capped, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
