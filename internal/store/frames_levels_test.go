package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
)

// TestSegmentRIDsRoundTripAndFilter: a segment's varints give back its
// levels and rids (before 1970 too), a read of some impacts gives those
// alone, and the filters keep exactly the rids in range and in the
// module's list.
func TestSegmentRIDsRoundTripAndFilter(t *testing.T) {
	rids := []int64{1 << 50, 1<<50 - 1, 70_000, 3, 0, -5, -1 << 40}
	got, err := appendRIDs(nil, encodeRIDs(nil, rids))
	if err != nil || !slices.Equal(got, rids) {
		t.Fatalf("round trip: %v, %v", got, err)
	}
	if _, err := appendRIDs(nil, []byte{0x80}); err == nil {
		t.Fatal("a cut varint decoded")
	}
	sg := wordSegment{{64, []int64{90, 7}}, {12, rids}, {1, []int64{-3}}}
	back, err := decodeSegment(sg.encode())
	if err != nil || fmt.Sprint(back) != fmt.Sprint(sg) {
		t.Fatalf("segment round trip: %v, %v", back, err)
	}
	if n, maxImpact, newest := sg.counts(); n != 10 || maxImpact != 64 || newest != 1<<50 {
		t.Fatalf("counts %d %d %d", n, maxImpact, newest)
	}
	var impacts []int
	if _, err := eachLevel(sg.encode(), 2, 63, nil, func(impact int, got []int64) {
		impacts = append(impacts, impact)
		if !slices.Equal(got, rids) {
			t.Fatalf("level 12: %v", got)
		}
	}); err != nil || !slices.Equal(impacts, []int{12}) {
		t.Fatalf("levels 2..63: %v, %v", impacts, err)
	}
	if _, err := decodeSegment(sg.encode()[:9]); err == nil {
		t.Fatal("a cut segment decoded")
	}
	// A large write's word cut into stretches of time, newest first.
	many := wordSegment{{5, nil}, {2, nil}}
	for r := int64(3*maxSegment - 1); r >= 0; r-- {
		many[r%2].rids = append(many[r%2].rids, r)
	}
	parts := cutSegment(many, 3*maxSegment, maxSegment)
	if len(parts) != 3 {
		t.Fatalf("%d parts", len(parts))
	}
	for i, p := range parts {
		n, _, newest := p.counts()
		if n != maxSegment || newest != int64((3-i)*maxSegment-1) {
			t.Fatalf("part %d: %d frames, newest %d", i, n, newest)
		}
	}
	within := []int64{1 << 51, 1<<50 - 1, 3, 2, -5}
	if kept := keepRIDs(slices.Clone(rids), -10, 1<<50, within); !slices.Equal(kept, []int64{1<<50 - 1, 3, -5}) {
		t.Fatalf("kept %v", kept)
	}
	if kept := keepRIDs(slices.Clone(rids), 0, 70_000, nil); !slices.Equal(kept, []int64{70_000, 3, 0}) {
		t.Fatalf("kept %v", kept)
	}
	// Apart stretches joined as they are; overlapping ones sorted.
	if m := mergeNewestFirst([][]int64{{5, 4}, {9, 8}, {}}); !slices.Equal(m, []int64{9, 8, 5, 4}) {
		t.Fatalf("merged %v", m)
	}
	if m := mergeNewestFirst([][]int64{{9, 5, 1}, {8, 6, 2}}); !slices.Equal(m, []int64{9, 8, 6, 5, 2, 1}) {
		t.Fatalf("merged %v", m)
	}
}

// TestFramesRememberedOneAtATimeShareSegments: frames written one at a
// time go into their word's small segment instead of a row each, a
// large import writes a segment per word, and a delete takes the frame
// out of its segment.
func TestFramesRememberedOneAtATimeShareSegments(t *testing.T) {
	s := openRankSQLite(t)
	ctx := context.Background()
	st := &baton.Steward{Username: "segments"}
	if err := s.CreateSteward(ctx, st); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	frame := func(i int) *baton.Frame {
		f, err := frames.Parse(fmt.Appendf(nil, `{"id":"f-%d","timestamp":%q,"branch":"main","module_scope":["core"],
			"summary_caption":"alpha beta","reference_point":"alpha","status_snapshot":{"next_action":"go"}}`, i, t0.Add(time.Duration(i)*time.Minute).Format(time.RFC3339)))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	for i := range 300 {
		if _, err := s.CreateFrames(ctx, st.ID, []*baton.Frame{frame(i)}); err != nil {
			t.Fatal(err)
		}
	}
	var batch []*baton.Frame
	for i := 300; i < 1500; i++ {
		batch = append(batch, frame(i))
	}
	if _, err := s.CreateFrames(ctx, st.ID, batch); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFrame(ctx, st.ID, "f-7"); err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"alpha", moduleWord("core")} {
		var segs []struct {
			N        int    `bun:"n"`
			Newest   int64  `bun:"newest"`
			Postings []byte `bun:"postings"`
		}
		if err := s.db.NewRaw("SELECT s.n, s.newest, "+segmentPostings+" WHERE s.steward_id = ? AND s.word = ?", st.ID, word).Scan(ctx, &segs); err != nil {
			t.Fatal(err)
		}
		// 300 one at a time: two segments (256 and 44); 1,200 at once: one.
		if len(segs) != 3 {
			t.Errorf("%q: %d segments, want 3", word, len(segs))
		}
		var all []int64
		for _, sg := range segs {
			levels, err := decodeSegment(sg.Postings)
			if err != nil {
				t.Fatal(err)
			}
			n, _, newest := levels.counts()
			if n != sg.N || newest != sg.Newest {
				t.Fatalf("%q: segment of %d, newest %d, holds %d, newest %d", word, sg.N, sg.Newest, n, newest)
			}
			for _, l := range levels {
				all = append(all, l.rids...)
			}
		}
		deleted := t0.Add(7 * time.Minute).UnixMicro()
		if len(all) != 1499 || slices.Contains(all, deleted) {
			t.Errorf("%q: %d frames in the segments (want 1,499, without the deleted one)", word, len(all))
		}
	}
	// Segments of 256 frames keep their postings apart, and those replaced
	// by a merge or a delete leave no row behind.
	var apart, orphans int
	if err := s.db.NewRaw("SELECT count(*) FROM frame_postings WHERE steward_id = ?", st.ID).Scan(ctx, &apart); err != nil || apart == 0 {
		t.Errorf("%d rows of frame_postings (%v)", apart, err)
	}
	if err := s.db.NewRaw("SELECT count(*) FROM frame_postings p WHERE p.steward_id = ? AND NOT EXISTS (SELECT 1 FROM frame_segments s WHERE s.steward_id = p.steward_id AND s.blob = p.id)",
		st.ID).Scan(ctx, &orphans); err != nil || orphans != 0 {
		t.Errorf("%d rows of frame_postings no segment names (%v)", orphans, err)
	}
}
