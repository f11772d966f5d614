package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"slices"

	"github.com/uptrace/bun"
)

// frame_levels: recall's postings, a segment of one word's frames at one
// impact a row (see the migration). Segments that stay small take the
// next frames of their word and impact, so each level is a few rows
// however its frames came.
const (
	// smallSegment is the size under which a segment takes more frames.
	smallSegment = 256
	// moduleImpact is the impact of a module's segments; words have 1..64.
	moduleImpact = 0
)

// moduleWord is the frame_levels word of a module's frames.
func moduleWord(module string) string { return "\x01" + module }

// encodeRIDs writes rids (newest first, no repeats) as varints: the first
// zig-zagged, then each one's distance from the one before.
func encodeRIDs(rids []int64) []byte {
	b := make([]byte, 0, 2+3*len(rids))
	b = binary.AppendVarint(b, rids[0])
	for i := 1; i < len(rids); i++ {
		b = binary.AppendUvarint(b, uint64(rids[i-1]-rids[i]))
	}
	return b
}

var errSegment = errors.New("store: a frame_levels segment is not a list of rids")

// appendRIDs appends a segment's rids to out.
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

// newestFirst sorts rids newest first and drops repeats.
func newestFirst(rids []int64) []int64 {
	slices.SortFunc(rids, func(a, b int64) int { return cmp.Compare(b, a) })
	return slices.Compact(rids)
}

// levelKey is one word at one impact.
type levelKey struct {
	word   string
	impact int
}

// segmentRow is a row of frame_levels as the writes and deletes read it.
type segmentRow struct {
	Word   string `bun:"word"`
	Impact int    `bun:"impact"`
	Seg    int64  `bun:"seg"`
	RIDs   []byte `bun:"rids"`
}

// writeLevels adds the frames each key of p holds. A write of few
// frames puts them into a small segment of their key when one is stored
// (remembering frames one at a time leaves few rows); a large one writes
// each key's frames as a segment of their own (p.fresh), already large or
// a word few frames have, without looking up what is stored.
func (s *Store) writeLevels(ctx context.Context, tx bun.Tx, stewardID int64, frames int, p *postings) error {
	const insert = "INSERT INTO frame_levels (steward_id, word, impact, seg, n, newest, rids)"
	if p.fresh != nil {
		return s.insertBound(ctx, tx, insert, "", 7, p.fresh)
	}
	var fresh, merged []any
	for _, k := range p.keys {
		rids := p.groups[k]
		var old *segmentRow
		if frames < mergeBelow && len(rids) < smallSegment {
			var err error
			if old, err = s.smallSegment(ctx, tx, stewardID, k); err != nil {
				return err
			}
		}
		if old == nil {
			rids = newestFirst(rids)
			fresh = append(fresh, stewardID, k.word, k.impact, rids[0], len(rids), rids[0], encodeRIDs(rids))
			continue
		}
		rids, err := appendRIDs(rids, old.RIDs)
		if err != nil {
			return err
		}
		rids = newestFirst(rids)
		merged = append(merged, stewardID, k.word, k.impact, old.Seg, len(rids), rids[0], encodeRIDs(rids))
	}
	if err := s.insertBound(ctx, tx, insert, "", 7, fresh); err != nil {
		return err
	}
	return s.insertBound(ctx, tx, insert,
		" ON CONFLICT (steward_id, word, impact, seg) DO UPDATE SET n = excluded.n, newest = excluded.newest, rids = excluded.rids", 7, merged)
}

// mergeBelow is the most frames a write may have for its frames to go
// into stored small segments.
const mergeBelow = 1000

// smallSegment reads a segment of the key with fewer than smallSegment
// frames; nil when there is none.
func (s *Store) smallSegment(ctx context.Context, tx bun.Tx, stewardID int64, k levelKey) (*segmentRow, error) {
	var rows []segmentRow
	if err := tx.NewRaw("SELECT word, impact, seg, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact = ? AND n < ? LIMIT 1",
		stewardID, k.word, k.impact, smallSegment).Scan(ctx, &rows); err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// deleteFromLevels removes a frame (rid) from its keys' segments. A
// segment named by the frame takes the name of its newest other frame,
// so a later frame given the same rid never meets it.
func (s *Store) deleteFromLevels(ctx context.Context, tx bun.Tx, stewardID int64, keys []levelKey, rid int64) error {
	for _, k := range keys {
		var rows []segmentRow
		if err := tx.NewRaw("SELECT word, impact, seg, rids FROM frame_levels WHERE steward_id = ? AND word = ? AND impact = ? AND newest >= ?",
			stewardID, k.word, k.impact, rid).Scan(ctx, &rows); err != nil {
			return err
		}
		for _, r := range rows {
			rids, err := appendRIDs(nil, r.RIDs)
			if err != nil {
				return err
			}
			i := slices.Index(rids, rid)
			if i < 0 {
				continue
			}
			rids = slices.Delete(rids, i, i+1)
			if _, err := tx.NewRaw("DELETE FROM frame_levels WHERE steward_id = ? AND word = ? AND impact = ? AND seg = ?",
				stewardID, k.word, k.impact, r.Seg).Exec(ctx); err != nil {
				return err
			}
			if len(rids) > 0 {
				seg := r.Seg
				if seg == rid {
					seg = rids[0]
				}
				if _, err := tx.NewRaw("INSERT INTO frame_levels (steward_id, word, impact, seg, n, newest, rids) VALUES (?, ?, ?, ?, ?, ?, ?)",
					stewardID, k.word, k.impact, seg, len(rids), rids[0], encodeRIDs(rids)).Exec(ctx); err != nil {
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

// readLevels runs a query of (impact, rids) segment rows and answers
// their levels, highest impact first, each level's frames within lo..hi
// and, unless within is nil, among within (newest first, as the levels),
// newest first; a level keeps its place when none of its frames is kept.
func (s *Store) readLevels(ctx context.Context, lo, hi int64, within []int64, query string, args ...any) ([]level, error) {
	rows, err := s.queryRead(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	segs := map[int][][]int64{} // by impact
	var all []int64
	var blob sql.RawBytes
	for rows.Next() {
		var impact int
		if err := rows.Scan(&impact, &blob); err != nil {
			return nil, err
		}
		start := len(all)
		if all, err = appendRIDs(all, blob); err != nil {
			return nil, err
		}
		all = all[:start+len(keepRIDs(all[start:], lo, hi, within))]
		segs[impact] = append(segs[impact], all[start:len(all):len(all)])
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]level, 0, len(segs))
	for impact, list := range segs {
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
