package store

import (
	"container/heap"
	"context"
	"math"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// knownPostings is the most frames a query word may have for its postings
// to be read whole (but for the one driving word of mode all).
const knownPostings = 2000

// matchQuery writes the query that keeps, of the given rids (all of the
// steward's frames when rids is nil), those matching the recall: its
// words, filters, time range and supersession.
func (s *Store) matchQuery(stewardID int64, q baton.FrameRecall, rids []int64) (string, []any) {
	lo, hi, _ := microsRange(q.Since, q.Until)
	var sql strings.Builder
	var args []any
	if s.dialect == SQLite {
		// CROSS JOIN keeps FTS5 first: left to itself the planner walks the
		// steward's frames and asks FTS5 about each one.
		sql.WriteString(`SELECT t.rowid FROM frames_fts t CROSS JOIN frames f ON f.rid = t.rowid
			WHERE frames_fts MATCH ? AND f.steward_id = ? AND t.rowid BETWEEN ? AND ?`)
		args = append(args, ftsMatchFrames(q), stewardID, lo, hi)
		if rids != nil {
			sql.WriteString(" AND t.rowid IN (?)")
			args = append(args, bun.List(rids))
		}
	} else {
		sql.WriteString(`SELECT f.rid FROM frames f WHERE f.steward_id = ? AND f.search @@ CAST(? AS tsquery) AND f.rid BETWEEN ? AND ?`)
		args = append(args, stewardID, pgQueryFrames(q), lo, hi)
		if rids != nil {
			sql.WriteString(" AND f.rid IN (?)")
			args = append(args, bun.List(rids))
		}
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
	return sql.String(), args
}

// A source gives candidates in falling bound order: the frames of one
// impact level of one word (newest first), or, not yet opened, the levels
// below (bounded by the highest of them and the word's newest frame).
type source struct {
	slot   int
	word   string
	impact int
	newest int64 // the word's newest frame, a bound on every level's
	bound  float64
	// an opened level: rids not yet taken, and whether more are stored
	rids []int64
	more bool
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
	r, err := s.newRanking(ctx, stewardID, q)
	if err == nil && r == nil {
		// No count of the steward's frames: none, or stored before the
		// postings existed.
		if err = s.inTx(ctx, func(tx bun.Tx) error { return s.ensurePostings(ctx, tx, stewardID) }); err == nil {
			r, err = s.newRanking(ctx, stewardID, q)
		}
	}
	if err != nil || r == nil {
		return hits, 0, err
	}
	drivers := r.drivers(q.Mode)
	if len(drivers) == 0 {
		return hits, 0, nil
	}
	lo, hi, _ := microsRange(q.Since, q.Until)
	// What the other slots can add at most, per driving slot.
	others := make(map[int]float64, len(drivers))
	for _, d := range drivers {
		for i, sl := range r.slots {
			if i != d {
				others[d] += sl.idf * float64(sl.maxImp)
			}
		}
	}
	bound := func(slot, impact int, rid int64) float64 {
		return r.score(r.slots[slot].idf*float64(impact)+others[slot], rid)
	}
	h := &sourceHeap{}
	for _, d := range drivers {
		for _, v := range r.slots[d].words {
			if v.Newest < lo {
				continue
			}
			newest := min(v.Newest, hi)
			heap.Push(h, &source{slot: d, word: v.Word, impact: v.MaxImpact, newest: newest, bound: bound(d, v.MaxImpact, newest)})
		}
	}
	// A query of one word (or one prefix) is matched by its postings alone.
	single := len(r.slots) == 1 && len(q.Terms) == 1
	// A module filter: the module's frames, read once from frame_modules,
	// so a candidate outside it costs no check.
	var inModule map[int64]bool
	if q.Module != "" {
		var mrids []int64
		if err := s.db.NewRaw("SELECT rid FROM frame_modules WHERE steward_id = ? AND module = ? AND rid BETWEEN ? AND ?",
			stewardID, q.Module, lo, hi).Scan(ctx, &mrids); err != nil {
			return nil, 0, err
		}
		inModule = make(map[int64]bool, len(mrids))
		for _, m := range mrids {
			inModule[m] = true
		}
	}
	// Words of the query in few frames: their impacts read once, so a
	// candidate's bound counts what they really add.
	known := make([]map[int64]int, len(r.slots))
	for i, sl := range r.slots {
		if sl.df > knownPostings || (len(drivers) == 1 && drivers[0] == i) {
			continue
		}
		known[i] = map[int64]int{}
		for _, v := range sl.words {
			var ps []struct {
				RID    int64 `bun:"rid"`
				Impact int   `bun:"impact"`
			}
			if err := s.db.NewRaw("SELECT rid, impact FROM frame_postings WHERE steward_id = ? AND word = ?", stewardID, v.Word).Scan(ctx, &ps); err != nil {
				return nil, 0, err
			}
			for _, p := range ps {
				known[i][p.RID] = max(known[i][p.RID], p.Impact)
			}
		}
	}
	// tight is a candidate's own bound: the other words it has, where known.
	tight := func(slot, impact int, rid int64) float64 {
		num := r.slots[slot].idf * float64(impact)
		for i, sl := range r.slots {
			switch {
			case i == slot:
			case known[i] != nil:
				num += sl.idf * float64(known[i][rid])
			default:
				num += sl.idf * float64(sl.maxImp)
			}
		}
		return r.score(num, rid)
	}
	best := &topK{k: q.Limit}
	seen := map[int64]bool{}
	batchSize := 16
	for h.Len() > 0 {
		var batch []scoredRID
		for h.Len() > 0 && len(batch) < batchSize {
			top := (*h)[0]
			if best.beaten(top.bound) {
				break
			}
			if !top.open {
				heap.Pop(h)
				if err := s.openLevel(ctx, stewardID, top, lo, hi, batchSize, h, bound); err != nil {
					return nil, 0, err
				}
				continue
			}
			rid := top.rids[0]
			top.rids = top.rids[1:]
			if !seen[rid] {
				seen[rid] = true
				if (inModule == nil || inModule[rid]) && !best.beaten(tight(top.slot, top.impact, rid)) {
					batch = append(batch, scoredRID{rid: rid, score: top.bound, impactsKnown: single})
				}
			}
			if len(top.rids) == 0 && top.more {
				if err := s.readLevel(ctx, stewardID, top, lo, rid-1, batchSize*4); err != nil {
					return nil, 0, err
				}
			}
			if len(top.rids) == 0 {
				heap.Pop(h)
			} else {
				top.bound = bound(top.slot, top.impact, top.rids[0])
				heap.Fix(h, 0)
			}
		}
		if len(batch) == 0 {
			break
		}
		checked += len(batch)
		if err := s.scoreBatch(ctx, stewardID, q, r, batch, best); err != nil {
			return nil, 0, err
		}
		batchSize = min(batchSize*2, 512)
	}
	rids := make([]int64, len(best.list))
	for i, b := range best.list {
		rids[i] = b.rid
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, 0, err
	}
	for _, b := range best.list {
		if f := byRID[b.rid]; f != nil {
			hits = append(hits, &baton.FrameHit{Frame: f, Score: round4(b.score), Relevance: round4(b.rel), Recency: round4(b.recency)})
		}
	}
	return hits, checked, nil
}

// openLevel reads the first frames of the highest impact level at or below
// src.impact and queues the level below it.
func (s *Store) openLevel(ctx context.Context, stewardID int64, src *source, lo, hi int64, n int, h *sourceHeap,
	bound func(slot, impact int, rid int64) float64) error {
	var level []int
	if err := s.db.NewRaw("SELECT max(impact) FROM frame_postings WHERE steward_id = ? AND word = ? AND impact <= ?",
		stewardID, src.word, src.impact).Scan(ctx, &level); err != nil {
		return err
	}
	if len(level) == 0 || level[0] == 0 {
		return nil
	}
	src.impact, src.open = level[0], true
	if err := s.readLevel(ctx, stewardID, src, lo, hi, n); err != nil {
		return err
	}
	if len(src.rids) > 0 {
		src.bound = bound(src.slot, src.impact, src.rids[0])
		heap.Push(h, src)
	}
	if src.impact > 1 {
		// The word's newest frame bounds the levels below; a tighter bound
		// would cost a read of each.
		below := &source{slot: src.slot, word: src.word, impact: src.impact - 1, newest: src.newest}
		below.bound = bound(src.slot, below.impact, src.newest)
		heap.Push(h, below)
	}
	return nil
}

// readLevel reads up to n more frames of src's level, newest first, at or
// before hi.
func (s *Store) readLevel(ctx context.Context, stewardID int64, src *source, lo, hi int64, n int) error {
	var rids []int64
	if err := s.db.NewRaw("SELECT rid FROM frame_postings WHERE steward_id = ? AND word = ? AND impact = ? AND rid BETWEEN ? AND ? ORDER BY rid DESC LIMIT ?",
		stewardID, src.word, src.impact, lo, hi, n).Scan(ctx, &rids); err != nil {
		return err
	}
	src.rids, src.more = rids, len(rids) == n
	return nil
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
	sql.WriteString("SELECT t.rid, t.fields FROM frame_text t WHERE t.rid IN (?) AND t.steward_id = ?")
	args := []any{bun.List(rids), stewardID}
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
	var rows []struct {
		RID    int64  `bun:"rid"`
		Fields string `bun:"fields"`
	}
	if err := s.db.NewRaw(sql.String(), args...).Scan(ctx, &rows); err != nil {
		return err
	}
	fields := make(map[int64]string, len(rows))
	for _, row := range rows {
		fields[row.RID] = row.Fields
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

// rankAll scores every match of the query: what RecallFrames finds
// without its index walk, for checking it.
func (s *Store) rankAll(ctx context.Context, stewardID int64, q baton.FrameRecall) ([]scoredRID, error) {
	r, err := s.newRanking(ctx, stewardID, q)
	if err != nil || r == nil {
		return nil, err
	}
	sql, args := s.matchQuery(stewardID, q, nil)
	var rids []int64
	if err := s.db.NewRaw(sql, args...).Scan(ctx, &rids); err != nil {
		return nil, err
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, err
	}
	out := make([]scoredRID, 0, len(rids))
	for _, rid := range rids {
		num := r.relNum(frameImpacts(byRID[rid]))
		out = append(out, scoredRID{rid: rid, score: r.score(num, rid), rel: num / r.norm, recency: recencyAt(r.now, rid)})
	}
	sort.Slice(out, func(i, j int) bool { return better(out[i], out[j]) })
	return out, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
