package store

import (
	"container/heap"
	"context"
	"database/sql"
	"errors"
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
// impact level of a driving slot's words (newest first), or, not yet
// opened, its levels at and below impact among the segments whose newest
// frame is in a stretch of time (bounded by that impact and the stretch's
// end), or the module filter's frames (slot -1, bounded by the query's
// highest impacts and each frame's recency).
type source struct {
	slot   int
	words  []string // the slot's words (a prefix's: every word it stands for)
	df     int64    // the words' frames
	impact int
	span   int   // not opened: how many levels the next read takes
	newest int64 // the words' newest frame, a bound on every level's
	// not opened: the segments whose newest frame is in after..before-1;
	// older tells that opening it queues the stretch before it.
	after, before int64
	older         bool
	bound         float64
	// an opened level: rids not yet taken
	rids []int64
	open bool
	// segs, once a stretch is read, is its segments' postings: the levels
	// below the ones opened are decoded from them, not read again.
	segs [][]byte
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
	oldest    int64           // the steward's oldest frame: no stretch of time goes before it
	others    map[int]float64 // per driving slot, what the other slots add at most
	known     []map[int64]int // per slot, its postings when read whole
	inModule  []int64         // the module filter's frames, newest first; nil without one
	byModule  bool            // the module's frames are the candidates, fewer than the words'
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
		src := &source{slot: d, span: 1, after: -1 << 62, before: 1 << 62}
		for _, v := range r.slots[d].words {
			if v.Newest < w.lo {
				continue
			}
			src.words = append(src.words, v.Word)
			src.df += v.DF
			src.impact = max(src.impact, v.MaxImpact)
			src.newest = max(src.newest, min(v.Newest, w.hi))
		}
		if len(src.words) == 0 {
			continue
		}
		if src.df > w.knownPostings() {
			// A common word's best frames are mostly recent: its levels are
			// read a stretch of time at a time, newest first.
			src.after, src.older = src.newest-recencyHalfLife.Microseconds(), true
		}
		src.bound = w.bound(d, src.impact, src.newest)
		heap.Push(&w.h, src)
	}
	return w
}

// bound is the best score a frame of a driving slot's level can have.
func (w *walk) bound(slot, impact int, rid int64) float64 {
	return w.r.score(w.r.slots[slot].idf*float64(impact)+w.others[slot], rid)
}

// tight is a candidate's own bound: the other words it has, where known
// (slot -1, the module's frames: every word).
func (w *walk) tight(slot, impact int, rid int64) float64 {
	num := 0.0
	if slot >= 0 {
		num = w.r.slots[slot].idf * float64(impact)
	}
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
// filter's frames, so a candidate outside it costs no check. When the
// module has fewer frames than the driving words, its frames, newest
// first, are the candidates instead: every match is among them, and with
// a common word the best are found among the newest few.
func (w *walk) readKnown(ctx context.Context) error {
	w.oldest = -1 << 62
	if slices.ContainsFunc(w.h, func(src *source) bool { return src.older }) {
		rows, err := w.s.queryRead(ctx, "SELECT min(rid) FROM frames WHERE steward_id = ?", w.stewardID)
		if err != nil {
			return err
		}
		var oldest sql.NullInt64
		for rows.Next() {
			err = rows.Scan(&oldest)
		}
		if err := errors.Join(err, rows.Err(), rows.Close()); err != nil {
			return err
		}
		if oldest.Valid {
			w.oldest = oldest.Int64
		}
	}
	if w.q.Module != "" {
		var err error
		if w.inModule, err = w.s.moduleRIDs(ctx, w.stewardID, w.q.Module, w.lo, w.hi); err != nil {
			return err
		}
		var df int64
		for _, src := range w.h {
			df += src.df
		}
		if w.byModule = int64(len(w.inModule)) < df; w.byModule {
			w.h = w.h[:0]
			if len(w.inModule) > 0 {
				heap.Push(&w.h, &source{slot: -1, rids: w.inModule, open: true, bound: w.moduleBound(w.inModule[0])})
			}
		}
	}
	for i, sl := range w.r.slots {
		if sl.df > w.knownPostings() || (!w.byModule && len(w.drivers) == 1 && w.drivers[0] == i) {
			continue
		}
		w.known[i] = map[int64]int{}
		for _, v := range sl.words {
			levels, err := w.s.readLevels(ctx, 1, impactLevels, w.lo, w.hi, nil, "SELECT "+segmentPostings+" WHERE s.steward_id = ? AND s.word = ?",
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

// moduleBound is the best score a frame of the module can have: every
// query word at its highest impact.
func (w *walk) moduleBound(rid int64) float64 {
	num := 0.0
	for _, sl := range w.r.slots {
		num += sl.idf * float64(sl.maxImp)
	}
	return w.r.score(num, rid)
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
				batch = append(batch, scoredRID{rid: rid, score: top.bound, impactsKnown: w.single && top.slot >= 0})
			}
		}
		switch {
		case len(top.rids) == 0:
			heap.Pop(&w.h)
		case top.slot < 0:
			top.bound = w.moduleBound(top.rids[0])
			heap.Fix(&w.h, 0)
		default:
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

// openLevel reads the levels of src's words from src.impact down, in
// src's stretch of time: span levels of them, twice as many as the read
// before, from the stretch's segments (read in one query the first time,
// a prefix's words together); it queues the levels below and, the first
// time in a stretch, the stretch before it. A slot
// whose postings were read whole, or whose words are in few frames, has
// all its levels at once.
func (w *walk) openLevel(ctx context.Context, src *source) error {
	var levels []level
	lowest := 1
	if k := w.known[src.slot]; k != nil {
		levels = levelsOf(k, w.inModule)
	} else {
		if src.df > w.knownPostings() {
			lowest = max(1, src.impact-src.span+1)
		}
		if src.segs == nil {
			args := []any{w.stewardID}
			for i := range listSize(len(src.words)) {
				args = append(args, src.words[min(i, len(src.words)-1)])
			}
			args = append(args, max(src.after, w.lo), src.before)
			var err error
			if src.segs, err = w.s.readSegments(ctx, "SELECT "+segmentPostings+" WHERE s.steward_id = ? AND s.word IN ("+
				placeholders(len(src.words))+") AND s.newest >= ? AND s.newest < ?", args...); err != nil {
				return err
			}
			if src.segs == nil {
				src.segs = [][]byte{}
			}
		}
		var err error
		if levels, err = levelsIn(src.segs, lowest, src.impact, w.lo, w.hi, w.inModule); err != nil {
			return err
		}
	}
	for _, l := range levels {
		if len(l.rids) == 0 {
			continue
		}
		level := &source{slot: src.slot, words: src.words, df: src.df, impact: l.impact, newest: src.newest, rids: l.rids, open: true}
		level.bound = w.bound(level.slot, level.impact, l.rids[0])
		heap.Push(&w.h, level)
	}
	if w.known[src.slot] != nil {
		return nil
	}
	if lowest > 1 {
		below := *src
		below.impact, below.span, below.older = lowest-1, src.span*2, false
		w.push(&below)
	}
	if src.older && src.after > max(w.lo, w.oldest) {
		// The stretch before, twice as long, from the highest impact.
		older := *src
		older.before, older.after = src.after, src.after-2*(min(src.before, src.newest+1)-src.after)
		older.segs = nil
		w.push(&older)
	}
	return nil
}

// push queues a source not opened yet, bounded by its highest impact and
// its newest possible frame.
func (w *walk) push(src *source) {
	src.bound = w.bound(src.slot, src.impact, min(src.newest, src.before-1))
	heap.Push(&w.h, src)
}

// levelsOf puts postings read whole (rid → impact) into levels, highest
// impact first, each newest first, kept to within unless it is nil.
func levelsOf(known map[int64]int, within []int64) []level {
	byImpact := map[int][]int64{}
	for rid, imp := range known {
		byImpact[imp] = append(byImpact[imp], rid)
	}
	out := make([]level, 0, len(byImpact))
	for imp, rids := range byImpact {
		out = append(out, level{imp, keepRIDs(newestFirst(rids), -1<<62, 1<<62, within)})
	}
	slices.SortFunc(out, func(a, b level) int { return b.impact - a.impact })
	return out
}

// knownPostings is the store's knownPostings: the constant, unless a test
// set another to walk big words' paths on a small corpus.
func (w *walk) knownPostings() int64 {
	if w.s.recallKnown > 0 {
		return w.s.recallKnown
	}
	return knownPostings
}

// scoreBatch keeps the candidates that match the query and adds their
// exact scores to best. The filters are checked in frame_text (the
// module's, by the walk: its candidates are the module's frames); a one-word query's candidates have the word and their
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
			num := r.relNumOf(words)
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
