package store

import (
	"container/heap"
	"context"
	"database/sql"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// knownPostings is the most frames a query word may have for its postings
// to be read whole (but for the one driving word of mode all).
const knownPostings = 2000

// queryRead runs a read outside any transaction with bound values, the
// statement prepared once and kept (SQLite; see bound.go): recall's
// queries are few shapes run many times, and parsing each anew cost more
// than running it.
func (s *Store) queryRead(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s.dialect == Postgres {
		return s.db.DB.QueryContext(ctx, pgQuery(query), args...)
	}
	s.bound.mu.Lock()
	st := s.bound.stmts[query]
	s.bound.mu.Unlock()
	if st == nil {
		prepared, err := s.db.DB.PrepareContext(ctx, query)
		if err != nil {
			return nil, err
		}
		s.bound.mu.Lock()
		if s.bound.stmts == nil {
			s.bound.stmts = map[string]*sql.Stmt{}
		}
		if st = s.bound.stmts[query]; st == nil {
			s.bound.stmts[query], st = prepared, prepared
		} else {
			prepared.Close()
		}
		s.bound.mu.Unlock()
	}
	return st.QueryContext(ctx, args...)
}

// A source gives candidates in falling bound order: the frames of one
// impact level of one word (newest first), or, not yet opened, the levels
// below (bounded by the highest of them and the word's newest frame).
type source struct {
	slot   int
	word   string
	df     int64 // the word's frames
	impact int
	newest int64 // the word's newest frame, a bound on every level's
	bound  float64
	// an opened level: rids not yet taken
	rids []int64
	open bool
}

type sourceHeap []*source

func (h sourceHeap) Len() int           { return len(h) }
func (h sourceHeap) Less(i, j int) bool { return h[i].bound > h[j].bound }
func (h sourceHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sourceHeap) Push(x any)        { *h = append(*h, x.(*source)) }
func (h *sourceHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type scoredRID struct {
	rid          int64
	score, rel   float64
	recency      float64
	impactsKnown bool
}

// topK keeps the k best scores seen, ties to the newer frame.
type topK struct {
	k    int
	list []scoredRID // best first
}

func better(a, b scoredRID) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rid > b.rid
}

func (t *topK) add(c scoredRID) {
	i := sort.Search(len(t.list), func(i int) bool { return better(c, t.list[i]) })
	if i >= t.k {
		return
	}
	t.list = append(t.list, scoredRID{})
	copy(t.list[i+1:], t.list[i:])
	t.list[i] = c
	if len(t.list) > t.k {
		t.list = t.list[:t.k]
	}
}

// beaten tells whether nothing with this bound can enter the k best.
func (t *topK) beaten(bound float64) bool {
	return len(t.list) == t.k && bound < t.list[t.k-1].score-1e-12
}

// RecallFrames runs a normalised recall for the steward: the best q.Limit
// frames by the score of frames_rank.go over every match, and how many
// candidates were checked to know it. A query with no terms finds nothing.
func (s *Store) RecallFrames(ctx context.Context, stewardID int64, q baton.FrameRecall) (hits []*baton.FrameHit, checked int, err error) {
	hits = []*baton.FrameHit{}
	if len(q.Terms) == 0 {
		return hits, 0, nil
	}
	if q.Limit <= 0 {
		q.Limit = 10
	}
	r, err := s.rankingFor(ctx, stewardID, q)
	if err != nil || r == nil {
		return hits, 0, err
	}
	drivers := r.drivers(q.Mode)
	if len(drivers) == 0 {
		return hits, 0, nil
	}
	w := s.newWalk(stewardID, q, r, drivers)
	if err := w.readKnown(ctx); err != nil {
		return nil, 0, err
	}
	if err := w.run(ctx); err != nil {
		return nil, 0, err
	}
	hits, err = s.hitsOf(ctx, stewardID, w.best)
	return hits, w.checked, err
}

// rankingFor reads the query's ranking, first indexing the steward's
// frames when no count of them exists (none, or stored before the
// postings); nil when nothing can match.
func (s *Store) rankingFor(ctx context.Context, stewardID int64, q baton.FrameRecall) (*ranking, error) {
	r, err := s.newRanking(ctx, stewardID, q)
	if err != nil || r != nil {
		return r, err
	}
	if err := s.inTx(ctx, func(tx bun.Tx) error { return s.ensurePostings(ctx, tx, stewardID) }); err != nil {
		return nil, err
	}
	return s.newRanking(ctx, stewardID, q)
}

// walk is one recall's walk over the impact-ordered postings: the sources
// of candidates in falling bound order and the best frames found so far.
type walk struct {
	s         *Store
	stewardID int64
	q         baton.FrameRecall
	r         *ranking
	drivers   []int
	lo, hi    int64           // the time range, as rids
	others    map[int]float64 // per driving slot, what the other slots add at most
	known     []map[int64]int // per slot, its postings when read whole
	inModule  []int64         // the module filter's frames, newest first; nil without one
	single    bool            // one word (or one prefix): scored by its postings alone
	h         sourceHeap
	best      *topK
	seen      map[int64]bool
	checked   int
}

func (s *Store) newWalk(stewardID int64, q baton.FrameRecall, r *ranking, drivers []int) *walk {
	w := &walk{s: s, stewardID: stewardID, q: q, r: r, drivers: drivers, others: map[int]float64{},
		known: make([]map[int64]int, len(r.slots)), best: &topK{k: q.Limit}, seen: map[int64]bool{},
		single: len(r.slots) == 1 && len(q.Terms) == 1}
	w.lo, w.hi, _ = microsRange(q.Since, q.Until)
	for _, d := range drivers {
		for i, sl := range r.slots {
			if i != d {
				w.others[d] += sl.idf * float64(sl.maxImp)
			}
		}
		for _, v := range r.slots[d].words {
			if v.Newest < w.lo {
				continue
			}
			newest := min(v.Newest, w.hi)
			heap.Push(&w.h, &source{slot: d, word: v.Word, df: v.DF, impact: v.MaxImpact, newest: newest, bound: w.bound(d, v.MaxImpact, newest)})
		}
	}
	return w
}

// bound is the best score a frame of a driving slot's level can have.
func (w *walk) bound(slot, impact int, rid int64) float64 {
	return w.r.score(w.r.slots[slot].idf*float64(impact)+w.others[slot], rid)
}

// tight is a candidate's own bound: the other words it has, where known.
func (w *walk) tight(slot, impact int, rid int64) float64 {
	num := w.r.slots[slot].idf * float64(impact)
	for i, sl := range w.r.slots {
		switch {
		case i == slot:
		case w.known[i] != nil:
			num += sl.idf * float64(w.known[i][rid])
		default:
			num += sl.idf * float64(sl.maxImp)
		}
	}
	return w.r.score(num, rid)
}

// readKnown reads whole the postings of the query's words in few frames,
// so a candidate's bound counts what they really add, and a module
// filter's frames, so a candidate outside it costs no check.
func (w *walk) readKnown(ctx context.Context) error {
	if w.q.Module != "" {
		levels, err := w.s.readLevels(ctx, w.lo, w.hi, nil, "SELECT impact, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact = ?",
			w.stewardID, moduleWord(w.q.Module), moduleImpact)
		if err != nil {
			return err
		}
		w.inModule = []int64{}
		if len(levels) > 0 {
			w.inModule = levels[0].rids
		}
	}
	for i, sl := range w.r.slots {
		if sl.df > w.knownPostings() || (len(w.drivers) == 1 && w.drivers[0] == i) {
			continue
		}
		w.known[i] = map[int64]int{}
		for _, v := range sl.words {
			levels, err := w.s.readLevels(ctx, w.lo, w.hi, nil, "SELECT impact, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact > 0",
				w.stewardID, v.Word)
			if err != nil {
				return err
			}
			for _, l := range levels {
				for _, rid := range l.rids {
					w.known[i][rid] = max(w.known[i][rid], l.impact)
				}
			}
		}
	}
	return nil
}

// run takes candidates in batches, best bound first, and scores them,
// until no source's bound can beat the k-th score found.
func (w *walk) run(ctx context.Context) error {
	batchSize := 16
	for {
		batch, err := w.nextBatch(ctx, batchSize)
		if err != nil || len(batch) == 0 {
			return err
		}
		w.checked += len(batch)
		if err := w.s.scoreBatch(ctx, w.stewardID, w.q, w.r, batch, w.best); err != nil {
			return err
		}
		batchSize = min(batchSize*2, 512)
	}
}

// nextBatch takes up to n new candidates from the sources whose bounds
// can still beat the k-th score, opening levels as they come up.
func (w *walk) nextBatch(ctx context.Context, n int) ([]scoredRID, error) {
	var batch []scoredRID
	for w.h.Len() > 0 && len(batch) < n {
		top := w.h[0]
		if w.best.beaten(top.bound) {
			break
		}
		if !top.open {
			heap.Pop(&w.h)
			if err := w.openLevel(ctx, top); err != nil {
				return nil, err
			}
			continue
		}
		rid := top.rids[0]
		top.rids = top.rids[1:]
		if !w.seen[rid] {
			w.seen[rid] = true
			// The levels hold only frames in the time range and the module.
			if !w.best.beaten(w.tight(top.slot, top.impact, rid)) {
				batch = append(batch, scoredRID{rid: rid, score: top.bound, impactsKnown: w.single})
			}
		}
		if len(top.rids) == 0 {
			heap.Pop(&w.h)
		} else {
			top.bound = w.bound(top.slot, top.impact, top.rids[0])
			heap.Fix(&w.h, 0)
		}
	}
	return batch, nil
}

// hitsOf reads the best frames as hits, best first.
func (s *Store) hitsOf(ctx context.Context, stewardID int64, best *topK) ([]*baton.FrameHit, error) {
	rids := make([]int64, len(best.list))
	for i, b := range best.list {
		rids[i] = b.rid
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, err
	}
	hits := []*baton.FrameHit{}
	for _, b := range best.list {
		if f := byRID[b.rid]; f != nil {
			hits = append(hits, &baton.FrameHit{Frame: f, Score: round4(b.score), Relevance: round4(b.rel), Recency: round4(b.recency)})
		}
	}
	return hits, nil
}

// openLevel reads the highest impact level at or below src.impact of
// src's word, whole, and queues the level below it; a word in few frames
// has all its levels read at once.
func (w *walk) openLevel(ctx context.Context, src *source) error {
	var levels []level
	var err error
	if src.df <= w.knownPostings() {
		levels, err = w.s.readLevels(ctx, w.lo, w.hi, w.inModule, "SELECT impact, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact BETWEEN 1 AND ?",
			w.stewardID, src.word, src.impact)
	} else {
		levels, err = w.s.readLevels(ctx, w.lo, w.hi, w.inModule, `SELECT impact, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact =
			(SELECT max(impact) FROM frame_levels WHERE steward_id = ? AND word = ? AND impact BETWEEN 1 AND ? AND newest >= ?) AND newest >= ?`,
			w.stewardID, src.word, w.stewardID, src.word, src.impact, w.lo, w.lo)
	}
	if err != nil {
		return err
	}
	for _, l := range levels {
		if len(l.rids) == 0 {
			continue
		}
		level := &source{slot: src.slot, word: src.word, df: src.df, impact: l.impact, newest: src.newest, rids: l.rids, open: true}
		level.bound = w.bound(level.slot, level.impact, l.rids[0])
		heap.Push(&w.h, level)
	}
	if src.df > w.knownPostings() && len(levels) == 1 && levels[0].impact > 1 {
		w.pushBelow(src, levels[0].impact-1)
	}
	return nil
}

// knownPostings is the store's knownPostings: the constant, unless a test
// set another to walk big words' paths on a small corpus.
func (w *walk) knownPostings() int64 {
	if w.s.recallKnown > 0 {
		return w.s.recallKnown
	}
	return knownPostings
}

// pushBelow queues the levels of src's word at or below impact, not read
// yet: the word's newest frame bounds them; a tighter bound would cost a
// read of each.
func (w *walk) pushBelow(src *source, impact int) {
	below := &source{slot: src.slot, word: src.word, df: src.df, impact: impact, newest: src.newest}
	below.bound = w.bound(src.slot, below.impact, src.newest)
	heap.Push(&w.h, below)
}

// scoreBatch keeps the candidates that match the query and adds their
// exact scores to best. The filters are checked in frame_text (and
// frame_modules); a one-word query's candidates have the word and their
// scores are exact already; otherwise the words are matched and the
// impacts computed from frame_text's fields.
func (s *Store) scoreBatch(ctx context.Context, stewardID int64, q baton.FrameRecall, r *ranking, batch []scoredRID, best *topK) error {
	rids := make([]int64, len(batch))
	for i, b := range batch {
		rids[i] = b.rid
	}
	var sql strings.Builder
	sql.WriteString("SELECT t.rid, t.fields FROM frame_text t WHERE t.steward_id = ? AND t.rid IN (" + placeholders(len(rids)) + ")")
	args := append([]any{stewardID}, ridArgs(rids)...)
	if q.Branch != "" {
		sql.WriteString(" AND t.branch = ?")
		args = append(args, q.Branch)
	}
	if !q.IncludeSuperseded {
		sql.WriteString(" AND t.superseded = 0")
	}
	if q.Module != "" {
		sql.WriteString(" AND EXISTS (SELECT 1 FROM frame_modules m WHERE m.steward_id = t.steward_id AND m.module = ? AND m.rid = t.rid)")
		args = append(args, q.Module)
	}
	rows, err := s.queryRead(ctx, sql.String(), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	fields := make(map[int64]string, len(rids))
	for rows.Next() {
		var rid int64
		var text string
		if err := rows.Scan(&rid, &text); err != nil {
			return err
		}
		fields[rid] = text
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, b := range batch {
		text, ok := fields[b.rid]
		if !ok {
			continue
		}
		b.recency = recencyAt(r.now, b.rid)
		if b.impactsKnown {
			b.rel = (b.score - recencyWeight*b.recency) / relevanceWeight
		} else {
			words := splitFields(text)
			if !matchesFields(q, words) {
				continue
			}
			num := r.relNum(impactsOf(words))
			b.rel, b.score = num/r.norm, r.score(num, b.rid)
		}
		best.add(b)
	}
	return nil
}

// rankAll scores every match of the query: every one of the steward's
// frames read and checked against the query's words and filters, without
// the postings: what RecallFrames must agree with.
func (s *Store) rankAll(ctx context.Context, stewardID int64, q baton.FrameRecall) ([]scoredRID, error) {
	r, err := s.newRanking(ctx, stewardID, q)
	if err != nil || r == nil {
		return nil, err
	}
	var rows []frameRow
	if err := s.db.NewRaw("SELECT "+frameColumns+" FROM frames WHERE steward_id = ?", stewardID).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	lo, hi, _ := microsRange(q.Since, q.Until)
	var out []scoredRID
	for i := range rows {
		f, err := rows[i].frame()
		if err != nil {
			return nil, err
		}
		rid := rows[i].RID
		if rid < lo || rid > hi || (q.Branch != "" && f.Branch != q.Branch) || (q.Module != "" && !slices.Contains(f.ModuleScope, q.Module)) ||
			(!q.IncludeSuperseded && f.SupersededBy() != "") || !matchesFields(q, splitFields(frameText(f).fields())) {
			continue
		}
		num := r.relNum(frameImpacts(f))
		out = append(out, scoredRID{rid: rid, score: r.score(num, rid), rel: num / r.norm, recency: recencyAt(r.now, rid)})
	}
	sort.Slice(out, func(i, j int) bool { return better(out[i], out[j]) })
	return out, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// placeholders writes n placeholders for an IN list, rounded up to a
// power of two so that few statement shapes are prepared and kept;
// ridArgs fills the rounding with repeats of the last value.
func placeholders(n int) string {
	return strings.Repeat("?,", listSize(n)-1) + "?"
}

func listSize(n int) int {
	size := 1
	for size < n {
		size *= 2
	}
	return size
}

func ridArgs(rids []int64) []any {
	out := make([]any, listSize(len(rids)))
	for i := range out {
		out[i] = rids[min(i, len(rids)-1)]
	}
	return out
}
