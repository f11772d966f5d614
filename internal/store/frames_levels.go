package store

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"slices"

	"github.com/uptrace/bun"
)

// frame_segments: recall's postings, one word's frames in a segment a
// row, by impact level (see the migration). Segments that stay small take
// the next frames of their word, so each word is a few rows however its
// frames came; a large write cuts a word's frames into segments of at
// most maxSegment frames, each a stretch of time, so a read of recent
// frames reads few of them.
const (
	// smallSegment is the size under which a segment takes more frames.
	smallSegment = 256
	// maxSegment is the most frames a large write puts into one segment.
	maxSegment = 4096
	// moduleImpact is the impact of a module's frames; words have 1..64.
	moduleImpact = 0
)

// moduleWord is the frame_segments word of a module's frames.
func moduleWord(module string) string { return "\x01" + module }

// encodeRIDs writes rids (newest first, no repeats) as varints: the first
// zig-zagged, then each one's distance from the one before.
func encodeRIDs(b []byte, rids []int64) []byte {
	b = binary.AppendVarint(b, rids[0])
	for i := 1; i < len(rids); i++ {
		b = binary.AppendUvarint(b, uint64(rids[i-1]-rids[i]))
	}
	return b
}

var errSegment = errors.New("store: a frame_segments row is not a list of levels of rids")

// appendRIDs appends a level's rids (encodeRIDs) to out.
func appendRIDs(out []int64, b []byte) ([]int64, error) {
	if len(b) == 0 {
		return out, nil
	}
	rid, k := binary.Varint(b)
	if k <= 0 {
		return nil, errSegment
	}
	out = append(out, rid)
	for b = b[k:]; len(b) > 0; b = b[k:] {
		var d uint64
		if d, k = binary.Uvarint(b); k <= 0 {
			return nil, errSegment
		}
		rid -= int64(d)
		out = append(out, rid)
	}
	return out, nil
}

// wordSegment is one row's frames: its levels, highest impact first, each
// newest first.
type wordSegment []level

// encode writes the segment's levels (none empty) as frame_segments'
// postings: per level its impact, frame count, byte length and rids.
func (sg wordSegment) encode() []byte {
	n := 0
	for _, l := range sg {
		n += 8 + 3*len(l.rids)
	}
	b := make([]byte, 0, n)
	var rids []byte
	for _, l := range sg {
		rids = encodeRIDs(rids[:0], l.rids)
		b = binary.AppendUvarint(b, uint64(l.impact))
		b = binary.AppendUvarint(b, uint64(len(l.rids)))
		b = binary.AppendUvarint(b, uint64(len(rids)))
		b = append(b, rids...)
	}
	return b
}

// counts answers the segment's frame count, highest impact and newest frame.
func (sg wordSegment) counts() (n, maxImpact int, newest int64) {
	newest = -1 << 63
	for _, l := range sg {
		n += len(l.rids)
		maxImpact = max(maxImpact, l.impact)
		newest = max(newest, l.rids[0])
	}
	return n, maxImpact, newest
}

// eachLevel calls fn with each level of encoded postings whose impact is
// within lo..hi, highest first, skipping the others undecoded; fn's rids
// are appended to buf (and valid until the next call).
func eachLevel(b []byte, lo, hi int, buf []int64, fn func(impact int, rids []int64)) ([]int64, error) {
	for len(b) > 0 {
		var head [3]uint64
		for i := range head {
			v, k := binary.Uvarint(b)
			if k <= 0 {
				return buf, errSegment
			}
			head[i], b = v, b[k:]
		}
		impact, size := int(head[0]), head[2]
		if size > uint64(len(b)) {
			return buf, errSegment
		}
		if impact >= lo && impact <= hi {
			var err error
			if buf, err = appendRIDs(buf[:0], b[:size]); err != nil || uint64(len(buf)) != head[1] {
				return buf, errSegment
			}
			fn(impact, buf)
		}
		b = b[size:]
	}
	return buf, nil
}

// decodeSegment reads encoded postings whole.
func decodeSegment(b []byte) (wordSegment, error) {
	var sg wordSegment
	_, err := eachLevel(b, 0, impactLevels, nil, func(impact int, rids []int64) {
		sg = append(sg, level{impact, slices.Clone(rids)})
	})
	return sg, err
}

// newestFirst sorts rids newest first and drops repeats. An import's
// frames come oldest first as a rule, so a word's are reversed instead.
func newestFirst(rids []int64) []int64 {
	if slices.IsSorted(rids) {
		slices.Reverse(rids)
	} else {
		slices.SortFunc(rids, func(a, b int64) int { return cmp.Compare(b, a) })
	}
	return slices.Compact(rids)
}

// inlinePostings is the longest postings a frame_segments row holds
// itself; longer ones are a row of frame_postings that it names (blob), so
// the rows stay small and an import, which adds rows all over the table,
// changes few of its pages (migration 0046).
const inlinePostings = 64

// segmentRow is a row of frame_segments as the writes and deletes read it.
type segmentRow struct {
	Seg      int64  `bun:"seg"`
	Postings []byte `bun:"postings"`
	Blob     *int64 `bun:"blob"`
}

// segmentPostings selects segments' postings, in their row or in
// frame_postings; the query goes on with conditions on s.
const segmentPostings = "coalesce(s.postings, p.postings) AS postings FROM frame_segments s LEFT JOIN frame_postings p ON p.id = s.blob AND p.steward_id = s.steward_id"

// segmentRows are rows of frame_segments to write, 8 values a row (args).
// A row whose postings are too long to keep has none; its postings are in
// blobs, and its blob value (at long's index in args) is numbered when
// they are written.
type segmentRows struct {
	args  []any
	long  []int
	blobs [][]byte
}

// add appends the row of a segment of the word.
func (r *segmentRows) add(stewardID int64, word string, seg int64, sg wordSegment) {
	n, maxImpact, newest := sg.counts()
	b := sg.encode()
	// int64s: database/sql takes them as they are, an int through reflection.
	if len(b) <= inlinePostings {
		r.args = append(r.args, stewardID, word, seg, int64(n), int64(maxImpact), newest, b, nil)
		return
	}
	r.long = append(r.long, len(r.args)+7)
	r.blobs = append(r.blobs, b)
	r.args = append(r.args, stewardID, word, seg, int64(n), int64(maxImpact), newest, nil, nil)
}

const insertSegments = "INSERT INTO frame_segments (steward_id, word, seg, n, max_impact, newest, postings, blob)"

// writeSegmentRows writes the rows ("VALUES …" then suffix), their long
// postings first, as rows of frame_postings numbered for them.
func (s *Store) writeSegmentRows(ctx context.Context, tx bun.Tx, stewardID int64, rows *segmentRows, suffix string) error {
	if len(rows.long) > 0 {
		ids, err := s.postingIDs(ctx, tx, len(rows.long))
		if err != nil {
			return err
		}
		blobs := make([]any, 0, 3*len(ids))
		for j, id := range ids {
			rows.args[rows.long[j]] = id
			blobs = append(blobs, id, stewardID, rows.blobs[j])
		}
		if err := s.insertBound(ctx, tx, "INSERT INTO frame_postings (id, steward_id, postings)", "", 3, blobs); err != nil {
			return err
		}
	}
	return s.insertBound(ctx, tx, insertSegments, suffix, 8, rows.args)
}

// postingIDs numbers n new rows of frame_postings: from its sequence on
// PostgreSQL; on SQLite after the greatest number taken, which no one
// else takes meanwhile (the transaction holds the write lock).
func (s *Store) postingIDs(ctx context.Context, tx bun.Tx, n int) ([]int64, error) {
	ids := make([]int64, 0, n)
	if s.dialect == Postgres {
		err := tx.NewRaw("SELECT nextval(pg_get_serial_sequence('frame_postings', 'id')) FROM generate_series(1, ?)", n).Scan(ctx, &ids)
		return ids, err
	}
	var last int64
	if err := tx.NewRaw("SELECT coalesce(max(id), 0) FROM frame_postings").Scan(ctx, &last); err != nil {
		return nil, err
	}
	for i := range n {
		ids = append(ids, last+1+int64(i))
	}
	return ids, nil
}

// dropPostings deletes the steward's rows of frame_postings that replaced
// or deleted segments named (blobs; nil for postings kept in the row).
func dropPostings(ctx context.Context, tx bun.Tx, stewardID int64, blobs []*int64) error {
	var ids []int64
	for _, b := range blobs {
		if b != nil {
			ids = append(ids, *b)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	_, err := tx.NewRaw("DELETE FROM frame_postings WHERE steward_id = ? AND id IN (?)", stewardID, bun.List(ids)).Exec(ctx)
	return err
}

// writeSegments adds the frames each word of p holds. A write of few
// frames puts a word's frames into a small segment of the word when one
// is stored (remembering frames one at a time leaves few rows); a large
// one writes each word's frames as segments of their own (p.fresh),
// without looking up what is stored.
func (s *Store) writeSegments(ctx context.Context, tx bun.Tx, stewardID int64, frames int, p *postings) error {
	if p.fresh != nil {
		return s.writeSegmentRows(ctx, tx, stewardID, p.fresh, "")
	}
	var fresh, merged segmentRows
	var replaced []*int64
	for _, w := range p.words {
		sg := p.groups[w]
		var old *segmentRow
		if n, _, _ := sg.counts(); frames < mergeBelow && n < smallSegment {
			var err error
			if old, err = s.smallSegment(ctx, tx, stewardID, w); err != nil {
				return err
			}
		}
		if old == nil {
			_, _, newest := sg.counts()
			fresh.add(stewardID, w, newest, sg)
			continue
		}
		stored, err := decodeSegment(old.Postings)
		if err != nil {
			return err
		}
		merged.add(stewardID, w, old.Seg, mergeSegments(stored, sg))
		replaced = append(replaced, old.Blob)
	}
	if err := s.writeSegmentRows(ctx, tx, stewardID, &fresh, ""); err != nil {
		return err
	}
	if err := dropPostings(ctx, tx, stewardID, replaced); err != nil {
		return err
	}
	return s.writeSegmentRows(ctx, tx, stewardID, &merged,
		" ON CONFLICT (steward_id, word, seg) DO UPDATE SET n = excluded.n, max_impact = excluded.max_impact, newest = excluded.newest, postings = excluded.postings, blob = excluded.blob")
}

// mergeSegments joins two segments' levels, highest impact first, each
// newest first.
func mergeSegments(a, b wordSegment) wordSegment {
	byImpact := map[int][]int64{}
	for _, sg := range []wordSegment{a, b} {
		for _, l := range sg {
			byImpact[l.impact] = append(byImpact[l.impact], l.rids...)
		}
	}
	out := make(wordSegment, 0, len(byImpact))
	for impact, rids := range byImpact {
		out = append(out, level{impact, newestFirst(rids)})
	}
	slices.SortFunc(out, func(a, b level) int { return b.impact - a.impact })
	return out
}

// mergeBelow is the most frames a write may have for its frames to go
// into stored small segments.
const mergeBelow = 1000

// smallSegment reads a segment of the word with fewer than smallSegment
// frames; nil when there is none.
func (s *Store) smallSegment(ctx context.Context, tx bun.Tx, stewardID int64, word string) (*segmentRow, error) {
	var rows []segmentRow
	if err := tx.NewRaw("SELECT s.seg, s.blob, "+segmentPostings+" WHERE s.steward_id = ? AND s.word = ? AND s.n < ? LIMIT 1",
		stewardID, word, smallSegment).Scan(ctx, &rows); err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// deleteFromSegments removes a frame (rid) from its words' segments. A
// segment named by the frame takes the name of its newest other frame,
// so a later frame given the same rid never meets it.
func (s *Store) deleteFromSegments(ctx context.Context, tx bun.Tx, stewardID int64, words []string, rid int64) error {
	for _, w := range words {
		var rows []segmentRow
		if err := tx.NewRaw("SELECT s.seg, s.blob, "+segmentPostings+" WHERE s.steward_id = ? AND s.word = ? AND s.newest >= ?",
			stewardID, w, rid).Scan(ctx, &rows); err != nil {
			return err
		}
		for _, r := range rows {
			sg, err := decodeSegment(r.Postings)
			if err != nil {
				return err
			}
			found := false
			kept := sg[:0]
			for _, l := range sg {
				if i := slices.Index(l.rids, rid); i >= 0 {
					found, l.rids = true, slices.Delete(l.rids, i, i+1)
				}
				if len(l.rids) > 0 {
					kept = append(kept, l)
				}
			}
			if !found {
				continue
			}
			if _, err := tx.NewRaw("DELETE FROM frame_segments WHERE steward_id = ? AND word = ? AND seg = ?",
				stewardID, w, r.Seg).Exec(ctx); err != nil {
				return err
			}
			if err := dropPostings(ctx, tx, stewardID, []*int64{r.Blob}); err != nil {
				return err
			}
			if len(kept) > 0 {
				seg := r.Seg
				if seg == rid {
					_, _, seg = kept.counts()
				}
				var row segmentRows
				row.add(stewardID, w, seg, kept)
				if err := s.writeSegmentRows(ctx, tx, stewardID, &row, ""); err != nil {
					return err
				}
			}
			break
		}
	}
	return nil
}

// level is the frames of one impact level, newest first.
type level struct {
	impact int
	rids   []int64
}

// readLevels runs a query of frame_segments' postings and answers their
// levels of impact lo..hi (levelsIn).
func (s *Store) readLevels(ctx context.Context, lo, hi int, from, to int64, within []int64, query string, args ...any) ([]level, error) {
	segs, err := s.readSegments(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return levelsIn(segs, lo, hi, from, to, within)
}

// readSegments runs a query of frame_segments' postings and answers them.
func (s *Store) readSegments(ctx context.Context, query string, args ...any) ([][]byte, error) {
	rows, err := s.queryRead(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// levelsIn answers the levels of impact lo..hi of segments' postings,
// highest impact first, each level's frames within from..to (rids) and,
// unless within is nil, among within (newest first, as the levels),
// newest first; a level keeps its place when none of its frames is kept.
func levelsIn(segs [][]byte, lo, hi int, from, to int64, within []int64) ([]level, error) {
	byImpact := map[int][][]int64{}
	var buf []int64
	for _, b := range segs {
		var err error
		if buf, err = eachLevel(b, lo, hi, buf, func(impact int, rids []int64) {
			kept := keepRIDs(rids, from, to, within)
			byImpact[impact] = append(byImpact[impact], slices.Clone(kept))
		}); err != nil {
			return nil, err
		}
	}
	out := make([]level, 0, len(byImpact))
	for impact, list := range byImpact {
		out = append(out, level{impact, mergeNewestFirst(list)})
	}
	slices.SortFunc(out, func(a, b level) int { return b.impact - a.impact })
	return out, nil
}

// mergeNewestFirst joins segments, each newest first, into one list newest
// first. Segments written by large imports of frames in time order cover
// apart stretches of time: put in order, they are joined as they are.
func mergeNewestFirst(segs [][]int64) []int64 {
	segs = slices.DeleteFunc(segs, func(s []int64) bool { return len(s) == 0 })
	if len(segs) == 1 {
		return segs[0]
	}
	slices.SortFunc(segs, func(a, b []int64) int { return cmp.Compare(b[0], a[0]) })
	n := 0
	for _, s := range segs {
		n += len(s)
	}
	out := make([]int64, 0, n)
	sorted := true
	for _, s := range segs {
		if len(out) > 0 && s[0] >= out[len(out)-1] {
			sorted = false
		}
		out = append(out, s...)
	}
	if !sorted {
		slices.Sort(out)
		slices.Reverse(out)
		out = slices.Compact(out)
	}
	return out
}

// keepRIDs keeps, in place, the rids (newest first) within lo..hi and,
// unless within is nil, among within (newest first): a walk down both.
func keepRIDs(rids []int64, lo, hi int64, within []int64) []int64 {
	out := rids[:0]
	j := 0
	if within != nil && len(rids) > 0 {
		// The first of within not newer than the newest rid.
		j, _ = slices.BinarySearchFunc(within, rids[0], func(a, b int64) int { return cmp.Compare(b, a) })
	}
	for _, r := range rids {
		if r < lo || r > hi {
			continue
		}
		if within != nil {
			for j < len(within) && within[j] > r {
				j++
			}
			if j == len(within) {
				break
			}
			if within[j] != r {
				continue
			}
		}
		out = append(out, r)
	}
	return out
}
