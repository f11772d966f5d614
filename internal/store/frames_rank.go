package store

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Recall ranks by one score, the same on SQLite and PostgreSQL:
//
//	score     = 0.7 × relevance + 0.3 × recency
//	relevance = Σ idf(w) × impact(w, frame) / (64 × Σ idf(w))   over the query's words w
//	recency   = 0.5 ^ (age / 30 days)   (1 for a frame dated after now)
//
// impact(w, frame) is a BM25F weight of the word in the frame, in 1..64:
// the word's count in each field weighted (keywords 3, reference point 2,
// summary caption 1.5, next action 1, jira, modules and branch 0.5),
// saturated as BM25 does (k1 = 1.2, b = 0.75) against the frame's weighted
// length over a fixed 30, as a share of its limit, rounded up to 64ths.
// idf(w) = ln(1 + (N − df + 0.5) / (df + 0.5)) with N the steward's frames
// and df those with the word (a prefix's df is that of all its words,
// at most N; its impact in a frame is its best word's). Relevance is 1 for
// a frame that has every word as strongly as a frame can, so a score does
// not depend on the other matches; a word the frame lacks (mode any) adds 0.
//
// The top results are exact over every match, found without scoring every
// match: frame_segments holds each word's frames in a few blob rows (a
// segment a row: a stretch of time's frames by impact level, each level
// newest first, a level read without decoding the others), so along one
// level the score only falls; a word's frame count, highest impact and
// newest frame are its rows' sum and maxima.
// The ranking takes candidates from the postings of one slot every match
// must have (mode any: one per term), best bound first, where a
// candidate's bound is its score with every other query word at its
// highest impact; it checks candidates against the full query (phrases,
// filters, supersession) in batches and stops when no remaining bound can
// beat the k-th score found. Levels not opened yet are bounded by their
// highest impact and the newest frame they can hold: a common word's
// segments are read a stretch of time at a time (the last half-life
// first, then stretches twice as long before it), a few levels at a time
// (twice as many each read), a prefix's words together, so only the recent top
// of the postings is read while the older and weaker parts cannot matter.
// A query word in at most knownPostings frames has its postings read
// whole, so a candidate's own bound counts what it really adds; a module
// filter reads the module's frames once (its own rows of frame_segments), so
// a candidate outside it is passed over without a check, and when the
// module has fewer frames than the driving words, the module's frames,
// newest first, are the candidates themselves.

const (
	impactLevels    = 64
	frameK1         = 1.2
	frameB          = 0.75
	frameRefLength  = 30.0
	relevanceWeight = 0.7
	recencyWeight   = 0.3
)

// fieldWeights are the weights of frameIndexText's fields, in its order.
var fieldWeights = [5]float64{3, 2, 1.5, 1, 0.5}

// fieldSep separates a frame's fields in frame_text.fields; no word holds it.
const fieldSep = "\x1f"

// fields is a frame's indexed words, by field, as frame_text keeps them.
func (t frameIndexText) fields() string {
	return strings.Join([]string{t.keywords, t.reference, t.summary, t.next, t.other}, fieldSep)
}

// words returns the words of each field: splitFields(t.fields()).
func (t frameIndexText) words() [5][]string {
	return [5][]string{strings.Fields(t.keywords), strings.Fields(t.reference), strings.Fields(t.summary),
		strings.Fields(t.next), strings.Fields(t.other)}
}

// splitFields returns the words of each field of frame_text.fields.
func splitFields(fields string) [5][]string {
	var out [5][]string
	for i, text := range strings.SplitN(fields, fieldSep, 5) {
		out[i] = strings.Fields(text)
	}
	return out
}

// frameImpacts returns every word of the frame's indexed text with its
// impact.
func frameImpacts(f *baton.Frame) map[string]int {
	return impactsOf(splitFields(frameText(f).fields()))
}

func impactsOf(fields [5][]string) map[string]int {
	words := wordImpacts(fields)
	out := make(map[string]int, len(words))
	for _, wi := range words {
		out[wi.word] = wi.impact
	}
	return out
}

// wordImpact is a word of a frame's indexed text and its impact there.
type wordImpact struct {
	word   string
	impact int
}

// wordImpacts returns every word of a frame's fields once, with its
// impact: impactsOf as a list, which an import makes for every frame (two
// maps a frame were a fifth of what it allocated). The words come in the
// order they first stand in the fields; a frame of many words has them
// sorted to find repeats, a usual one (a few dozen) looks back instead,
// which costs less than sorting them.
func wordImpacts(fields [5][]string) []wordImpact {
	n := 0
	for _, words := range fields {
		n += len(words)
	}
	type weighted struct {
		word string
		x    float64
	}
	all := make([]weighted, 0, n)
	length := 0.0
	for i, words := range fields {
		for _, w := range words {
			all = append(all, weighted{w, fieldWeights[i]})
			length += fieldWeights[i]
		}
	}
	if n > 64 {
		slices.SortStableFunc(all, func(a, b weighted) int { return strings.Compare(a.word, b.word) })
	}
	// Weights are halves, so their sums are exact in any order.
	once := all[:0]
next:
	for _, w := range all {
		for j := len(once) - 1; j >= 0 && (n <= 64 || j == len(once)-1); j-- {
			if once[j].word == w.word {
				once[j].x += w.x
				continue next
			}
		}
		once = append(once, w)
	}
	norm := impactNorm(length)
	out := make([]wordImpact, len(once))
	for i, w := range once {
		out[i] = wordImpact{w.word, impactOf(w.x, norm)}
	}
	return out
}

// impactNorm is BM25's length normalisation of a frame whose weighted
// length is length.
func impactNorm(length float64) float64 {
	return frameK1 * (1 - frameB + frameB*length/frameRefLength)
}

// impactOf is the impact of a word of weighted count x in a frame of
// length normalisation norm.
func impactOf(x, norm float64) int {
	share := x / (x + norm) // tf·(k1+1)/(tf+norm) over its limit k1+1
	return min(impactLevels, max(1, int(math.Ceil(share*impactLevels-1e-9))))
}

// matchesFields tells whether a frame's fields match the recall's terms
// as the full-text index does: each term's words next to each other in
// one field, the last a prefix when asked; every term, or one (mode any).
func matchesFields(q baton.FrameRecall, fields [5][]string) bool {
	for _, t := range q.Terms {
		found := termIn(t, fields)
		if found && q.Mode == baton.RecallAny {
			return true
		}
		if !found && q.Mode != baton.RecallAny {
			return false
		}
	}
	return q.Mode != baton.RecallAny
}

func termIn(t baton.FrameTerm, fields [5][]string) bool {
	n := len(t.Words)
	for _, words := range fields {
	next:
		for i := 0; i+n <= len(words); i++ {
			for j, w := range t.Words {
				if words[i+j] != w && !(t.Prefix && j == n-1 && strings.HasPrefix(words[i+j], w)) {
					continue next
				}
			}
			return true
		}
	}
	return false
}

// recencyAt is the recency of a frame whose rid is rid.
func recencyAt(now int64, rid int64) float64 {
	age := now - rid
	if age <= 0 {
		return 1
	}
	return math.Pow(0.5, float64(age)/float64(recencyHalfLife.Microseconds()))
}

// vocabEntry is a word's frame count, highest impact and newest frame:
// frame_vocab's row for the steward's frames (the empty word), and for a word
// its segments' sum and maxima (segmentCounts).
type vocabEntry struct {
	Word      string `bun:"word"`
	DF        int64  `bun:"df"`
	MaxImpact int    `bun:"max_impact"`
	Newest    int64  `bun:"newest"`
}

// boundInserts caches boundInsert's statements by shape.
var boundInserts sync.Map // boundShape → string

type boundShape struct {
	head, row, suffix string
	cols, rows        int
}

// insertBound writes rows of cols values each (args, flat) with prepared
// multi-row INSERTs "head VALUES (…),… suffix" of at most about a thousand
// values, the remainder in statements of half as many rows, and half
// again: a few shapes, each parsed once per connection (bound.go).
func (s *Store) insertBound(ctx context.Context, tx bun.Tx, head, suffix string, cols int, args []any) error {
	return s.insertRows(ctx, tx, head, "("+strings.Repeat("?,", cols-1)+"?)", suffix, cols, args)
}

// insertRows is insertBound with each row written as row: cols
// placeholders, and values the rows share written in it.
//
// On SQLite the INSERTs are OR FAIL. A plain multi-row INSERT may abort
// half way (a constraint failing) and undo its own rows alone, so SQLite
// keeps a statement journal for it: a copy of every page it changes. OR
// FAIL stops without undoing them and needs no journal; every caller
// rolls its whole transaction back on an error anyway.
func (s *Store) insertRows(ctx context.Context, tx bun.Tx, head, row, suffix string, cols int, args []any) error {
	if s.dialect == SQLite {
		head = strings.Replace(head, "INSERT INTO ", "INSERT OR FAIL INTO ", 1)
	}
	per := 1
	for per*2*cols <= 1024 {
		per *= 2
	}
	for n := len(args) / cols; n > 0; {
		rows := per
		for rows > n {
			rows /= 2
		}
		shape := boundShape{head, row, suffix, cols, rows}
		q, ok := boundInserts.Load(shape)
		if !ok {
			q = head + " VALUES " + strings.Repeat(row+",", rows-1) + row + suffix
			boundInserts.Store(shape, q)
		}
		if _, err := s.execBound(ctx, tx, q.(string), args[:rows*cols]...); err != nil {
			return err
		}
		args, n = args[rows*cols:], n-rows
	}
	return nil
}

// postings are a write's rows of frame_segments and its count of
// frames, built from its frames alone.
type postings struct {
	words []string // the words the frames have, in the index's order
	// groups, for a write of fewer than mergeBelow frames, is each word's
	// frames, to be put into the word's stored small segment.
	groups map[string]wordSegment
	// fresh, for a write of mergeBelow frames or more, is every word's
	// frames as segments of their own: the values of their rows.
	fresh  *segmentRows
	frames int64 // the write's frames
	newest int64 // its newest frame
}

// startPostings builds the frames' postings (rids are theirs, prep has
// their words and impacts) in the background, so the frames' own rows
// are written meanwhile.
func (s *Store) startPostings(stewardID int64, frames []*baton.Frame, rids []int64, prep []framePrep) <-chan *postings {
	cut := maxSegment
	if s.segmentCut > 0 {
		cut = s.segmentCut
	}
	built := make(chan *postings, 1)
	go func() { built <- buildPostings(stewardID, frames, rids, prep, cut) }()
	return built
}

func buildPostings(stewardID int64, frames []*baton.Frame, rids []int64, prep []framePrep, cut int) *postings {
	// One map lookup a word of a frame: the word's frames by impact are a
	// short list, looked through (a word has a few impacts in a write).
	byWord := map[string]*wordPostings{}
	p := &postings{newest: -1 << 63}
	for i, f := range frames {
		rid := rids[i]
		p.frames++
		p.newest = max(p.newest, rid)
		for _, wi := range prep[i].impacts {
			wp := byWord[wi.word]
			if wp == nil {
				wp = &wordPostings{}
				byWord[wi.word] = wp
			}
			wp.add(wi.impact, rid)
		}
		for _, m := range f.ModuleScope {
			w := moduleWord(m)
			wp := byWord[w]
			if wp == nil {
				wp = &wordPostings{}
				byWord[w] = wp
			}
			wp.add(moduleImpact, rid)
		}
	}
	p.words = make([]string, 0, len(byWord))
	for w := range byWord {
		p.words = append(p.words, w)
	}
	// In the index's order, so each statement writes to neighbouring
	// pages; and one order for every writer, so two imports never wait on
	// each other in a cycle.
	slices.Sort(p.words)
	large := len(frames) >= mergeBelow
	if large {
		p.fresh = &segmentRows{args: make([]any, 0, 8*len(p.words))}
	} else {
		p.groups = make(map[string]wordSegment, len(p.words))
	}
	for _, w := range p.words {
		wp := byWord[w]
		slices.SortFunc(wp.levels, func(a, b level) int { return b.impact - a.impact })
		for j := range wp.levels {
			wp.levels[j].rids = newestFirst(wp.levels[j].rids)
		}
		if !large {
			p.groups[w] = wp.levels
			continue
		}
		for _, sg := range cutSegment(wp.levels, wp.n, cut) {
			_, _, newest := sg.counts()
			p.fresh.add(stewardID, w, newest, sg)
		}
	}
	return p
}

// cutSegment cuts a word's levels (n frames) into segments of at most
// cut frames, each the frames of a stretch of time: the newest first, so
// a recall of recent frames reads the first alone.
func cutSegment(sg wordSegment, n, cut int) []wordSegment {
	if n <= cut {
		return []wordSegment{sg}
	}
	all := make([]int64, 0, n)
	for _, l := range sg {
		all = append(all, l.rids...)
	}
	all = newestFirst(all)
	var out []wordSegment
	for start := 0; start < len(all); start += cut {
		end := min(start+cut, len(all))
		newest, oldest := all[start], all[end-1]
		var part wordSegment
		for _, l := range sg {
			i, _ := slices.BinarySearchFunc(l.rids, newest, func(a, b int64) int { return cmp.Compare(b, a) })
			j, _ := slices.BinarySearchFunc(l.rids, oldest-1, func(a, b int64) int { return cmp.Compare(b, a) })
			if i < j {
				part = append(part, level{l.impact, l.rids[i:j]})
			}
		}
		out = append(out, part)
	}
	return out
}

// wordPostings is one word's frames in a write, by impact (a module's
// word: its frames at moduleImpact).
type wordPostings struct {
	levels wordSegment
	n      int
}

// add puts the frame (rid) into its impact's list, once.
func (wp *wordPostings) add(impact int, rid int64) {
	for j := range wp.levels {
		if l := &wp.levels[j]; l.impact == impact {
			if l.rids[len(l.rids)-1] != rid {
				l.rids = append(l.rids, rid)
				wp.n++
			}
			return
		}
	}
	wp.levels = append(wp.levels, level{impact, []int64{rid}})
	wp.n++
}

// writePostings adds the frames' postings (built by startPostings) and
// their rows of frame_text, and counts them in frame_vocab.
func (s *Store) writePostings(ctx context.Context, tx bun.Tx, stewardID int64, frames []*baton.Frame, rids []int64, prep []framePrep, built <-chan *postings) error {
	if err := s.writeFrameText(ctx, tx, stewardID, frames, rids, prep); err != nil {
		return err
	}
	p := <-built
	if err := s.writeSegments(ctx, tx, stewardID, len(frames), p); err != nil {
		return err
	}
	greatest := "max"
	if s.dialect == Postgres {
		greatest = "GREATEST"
	}
	_, err := tx.NewRaw("INSERT INTO frame_vocab (steward_id, word, df, max_impact, newest) VALUES (?, '', ?, 0, ?)"+
		" ON CONFLICT (steward_id, word) DO UPDATE SET df = frame_vocab.df + excluded.df, newest = "+greatest+"(frame_vocab.newest, excluded.newest)",
		stewardID, p.frames, p.newest).Exec(ctx)
	return err
}

// writeFrameText adds the frames' rows of frame_text.
func (s *Store) writeFrameText(ctx context.Context, tx bun.Tx, stewardID int64, frames []*baton.Frame, rids []int64, prep []framePrep) error {
	args := make([]any, 0, 5*len(frames))
	for i, f := range frames {
		superseded := int64(0)
		if f.SupersededBy() != "" {
			superseded = 1
		}
		args = append(args, rids[i], stewardID, f.Branch, superseded, prep[i].fields)
	}
	return s.insertBound(ctx, tx, "INSERT INTO frame_text (rid, steward_id, branch, superseded, fields)", "", 5, args)
}

// deletePostings removes a frame's postings and counts it out; the
// steward's newest frame stays, still true as a bound.
func (s *Store) deletePostings(ctx context.Context, tx bun.Tx, stewardID int64, f *baton.Frame, rid int64) error {
	impacts := frameImpacts(f)
	words := make([]string, 0, len(impacts)+len(f.ModuleScope))
	for w := range impacts {
		words = append(words, w)
	}
	for _, m := range f.ModuleScope {
		if w := moduleWord(m); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	if err := s.deleteFromSegments(ctx, tx, stewardID, words, rid); err != nil {
		return err
	}
	if _, err := tx.NewRaw("UPDATE frame_vocab SET df = df - 1 WHERE steward_id = ? AND word = ''", stewardID).Exec(ctx); err != nil {
		return err
	}
	_, err := tx.NewRaw("DELETE FROM frame_text WHERE rid = ? AND steward_id = ?", rid, stewardID).Exec(ctx)
	return err
}

// postingsReady makes sure the steward's frames are indexed (see
// ensurePostings) before a read of the postings outside recall: a look
// at frame_vocab, and a write only when the count is missing.
func (s *Store) postingsReady(ctx context.Context, stewardID int64) error {
	counted, err := s.readVocab(ctx, "SELECT word, df, max_impact, newest FROM frame_vocab WHERE steward_id = ? AND word = ''", stewardID)
	if err != nil || len(counted) > 0 {
		return err
	}
	return s.inTx(ctx, func(tx bun.Tx) error { return s.ensurePostings(ctx, tx, stewardID) })
}

// ensurePostings indexes the steward's frames stored before the postings
// existed in their present form: when frame_vocab has no count for the
// steward but frames exist.
func (s *Store) ensurePostings(ctx context.Context, tx bun.Tx, stewardID int64) error {
	var n int
	if err := tx.NewRaw("SELECT count(*) FROM frame_vocab WHERE steward_id = ? AND word = ''", stewardID).Scan(ctx, &n); err != nil || n > 0 {
		return err
	}
	after := int64(-1 << 62)
	for {
		var rows []frameRow
		if err := tx.NewRaw("SELECT "+frameColumns+" FROM frames WHERE steward_id = ? AND rid > ? ORDER BY rid LIMIT 1000", stewardID, after).
			Scan(ctx, &rows); err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		fs := make([]*baton.Frame, len(rows))
		rids := make([]int64, len(rows))
		for i := range rows {
			f, err := rows[i].frame()
			if err != nil {
				return err
			}
			fs[i], rids[i] = f, rows[i].RID
		}
		prep, err := prepareFrames(fs)
		if err != nil {
			return err
		}
		if err := s.writePostings(ctx, tx, stewardID, fs, rids, prep, s.startPostings(stewardID, fs, rids, prep)); err != nil {
			return err
		}
		after = rids[len(rids)-1]
	}
}

// rankSlot is one word of the query (or a prefix and the words it stands
// for) with its idf and highest impact.
type rankSlot struct {
	word   string
	prefix bool
	words  []vocabEntry
	df     int64
	idf    float64
	maxImp int
}

func (sl *rankSlot) impactIn(impacts map[string]int) int {
	if !sl.prefix {
		return impacts[sl.word]
	}
	best := 0
	for w, imp := range impacts {
		if strings.HasPrefix(w, sl.word) {
			best = max(best, imp)
		}
	}
	return best
}

// ranking is a query's slots and how their impacts make a score.
type ranking struct {
	slots []*rankSlot
	terms [][]int // per term, its slots
	norm  float64
	now   int64
	total int64 // the steward's frames
}

func (r *ranking) score(relNum float64, rid int64) float64 {
	return relevanceWeight*relNum/r.norm + recencyWeight*recencyAt(r.now, rid)
}

// relNum is the numerator of a frame's relevance, from its impacts.
func (r *ranking) relNum(impacts map[string]int) float64 {
	x := 0.0
	for _, sl := range r.slots {
		x += sl.idf * float64(sl.impactIn(impacts))
	}
	return x
}

// relNumOf is relNum from a frame's fields, counting only the query's
// words: what a check of a candidate computes.
func (r *ranking) relNumOf(fields [5][]string) float64 {
	length := 0.0
	var words []string
	var tf []float64
	for i, list := range fields {
		for _, w := range list {
			length += fieldWeights[i]
			if !r.wants(w) {
				continue
			}
			j := slices.Index(words, w)
			if j < 0 {
				j = len(words)
				words, tf = append(words, w), append(tf, 0)
			}
			tf[j] += fieldWeights[i]
		}
	}
	norm := impactNorm(length)
	x := 0.0
	for _, sl := range r.slots {
		best := 0
		for j, w := range words {
			if w == sl.word || (sl.prefix && strings.HasPrefix(w, sl.word)) {
				best = max(best, impactOf(tf[j], norm))
			}
		}
		x += sl.idf * float64(best)
	}
	return x
}

// wants tells whether a word counts in the score: a query word, or one a
// query prefix stands for.
func (r *ranking) wants(w string) bool {
	for _, sl := range r.slots {
		if w == sl.word || (sl.prefix && strings.HasPrefix(w, sl.word)) {
			return true
		}
	}
	return false
}

// prefixEnd is the first string after every string starting with p.
func prefixEnd(p string) string { return p + "\U0010FFFF" }

// newRanking reads the query's words from frame_vocab; nil when nothing
// can match.
func (s *Store) newRanking(ctx context.Context, stewardID int64, q baton.FrameRecall) (*ranking, error) {
	r := &ranking{now: s.clock().UnixMicro()}
	bySlot := map[string]int{}
	var plain []string
	for _, t := range q.Terms {
		var idx []int
		for j, w := range t.Words {
			prefix := t.Prefix && j == len(t.Words)-1
			key := w
			if prefix {
				key += "*"
			}
			i, ok := bySlot[key]
			if !ok {
				i = len(r.slots)
				bySlot[key] = i
				r.slots = append(r.slots, &rankSlot{word: w, prefix: prefix})
				if !prefix {
					plain = append(plain, w)
				}
			}
			idx = append(idx, i)
		}
		r.terms = append(r.terms, idx)
	}
	// The steward's frame count, and each plain word's from its segments.
	query := "SELECT word, df, max_impact, newest FROM frame_vocab WHERE steward_id = ? AND word = '' AND df > 0"
	args := []any{stewardID}
	if len(plain) > 0 {
		query += " UNION ALL " + segmentCounts + " AND word IN (" + placeholders(len(plain)) + ") GROUP BY word"
		args = append(args, stewardID)
		for i := range listSize(len(plain)) {
			args = append(args, plain[min(i, len(plain)-1)])
		}
	}
	rows, err := s.readVocab(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	byWord := map[string]vocabEntry{}
	for _, v := range rows {
		byWord[v.Word] = v
	}
	total := byWord[""].DF
	if total == 0 {
		return nil, nil
	}
	r.total = total
	for _, sl := range r.slots {
		if sl.prefix {
			if sl.words, err = s.readVocab(ctx, segmentCounts+" AND word >= ? AND word < ? GROUP BY word",
				stewardID, sl.word, prefixEnd(sl.word)); err != nil {
				return nil, err
			}
		} else if v, ok := byWord[sl.word]; ok {
			sl.words = []vocabEntry{v}
		}
		for _, v := range sl.words {
			sl.df += v.DF
			sl.maxImp = max(sl.maxImp, v.MaxImpact)
		}
		df := float64(min(sl.df, total))
		sl.idf = math.Log(1 + (float64(total)-df+0.5)/(df+0.5))
		r.norm += sl.idf * impactLevels
	}
	return r, nil
}

// segmentCounts reads words' vocabEntry from their segments; the query
// goes on with the words' condition and GROUP BY word.
const segmentCounts = "SELECT word, CAST(sum(n) AS BIGINT), max(max_impact), max(newest) FROM frame_segments WHERE steward_id = ?"

// readVocab runs a query of vocabEntry rows.
func (s *Store) readVocab(ctx context.Context, query string, args ...any) ([]vocabEntry, error) {
	rows, err := s.queryRead(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []vocabEntry
	for rows.Next() {
		var v vocabEntry
		if err := rows.Scan(&v.Word, &v.DF, &v.MaxImpact, &v.Newest); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// drivers are the slots whose postings hold every match: mode all, the
// rarest slot; mode any, each term's rarest (a term with a word no frame
// has matches nothing). None when nothing can match.
func (r *ranking) drivers(mode string) []int {
	rarest := func(idx []int) int {
		best := -1
		for _, i := range idx {
			if len(r.slots[i].words) == 0 {
				return -1
			}
			if best < 0 || r.slots[i].df < r.slots[best].df {
				best = i
			}
		}
		return best
	}
	if mode != baton.RecallAny {
		var all []int
		for _, t := range r.terms {
			all = append(all, t...)
		}
		if i := rarest(all); i >= 0 {
			return []int{i}
		}
		return nil
	}
	var out []int
	for _, t := range r.terms {
		if i := rarest(t); i >= 0 && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}
