package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store"
)

// rankCorpus writes n frames over the 120 days before recallNow whose
// texts vary as real ones do: captions of 3 to 20 words, a common word
// ("auth", in about half of them) in one or several fields, sometimes
// twice, a few frames superseded by the next, and a few about it above
// all, older than most.
func rankCorpus(n int) []byte {
	rng := rand.New(rand.NewPCG(7, 26))
	vocab := []string{"token", "cache", "deploy", "retry", "schema", "index", "queue", "login", "refresh", "session",
		"tokenizer", "router", "billing", "export", "import", "tokens", "worker", "lock", "timeout", "migration"}
	word := func() string { return vocab[int(rng.ExpFloat64()*4)%len(vocab)] }
	var out []byte
	for i := range n {
		caption := make([]string, 3+rng.IntN(18))
		for j := range caption {
			caption[j] = word()
		}
		keywords := []string{word()}
		ref := word() + "-" + word()
		next := "look at " + word()
		if rng.IntN(2) == 0 {
			switch rng.IntN(40) % 5 {
			case 0:
				keywords = append(keywords, "auth")
			case 1:
				ref = "auth-" + ref
			case 2:
				caption[rng.IntN(len(caption))] = "auth"
			case 3:
				next += " auth"
			default:
				// the strongest, rarely: a keyword and the caption's first word
				if rng.IntN(8) == 0 {
					keywords, caption[0] = append(keywords, "auth"), "auth"
				} else {
					next += " auth"
				}
			}
		}
		at := recallNow.Add(-time.Duration(rng.Int64N(int64(120 * 24 * time.Hour))))
		if i%300 == 150 {
			// a frame about auth above all, a month or more ago
			keywords, ref, caption, next = []string{"auth"}, "auth", []string{"auth", "auth", word()}, "auth"
			at = recallNow.Add(-time.Duration(30+i%70) * 24 * time.Hour)
		}
		m := map[string]any{
			"id": fmt.Sprintf("r-%05d", i), "timestamp": at.Format(time.RFC3339Nano), "branch": fmt.Sprintf("b%d", rng.IntN(5)),
			"module_scope": []string{fmt.Sprintf("m%d", rng.IntN(10))}, "summary_caption": strings.Join(caption, " "),
			"reference_point": ref, "status_snapshot": map[string]any{"next_action": next}, "keywords": keywords,
		}
		if i%97 == 5 {
			m["superseded_by"] = fmt.Sprintf("r-%05d", i+1)
		}
		b, _ := json.Marshal(m)
		out = append(append(out, b...), '\n')
	}
	return out
}

// TestRecallTopTenIsTheBruteForceRanking checks that recall's best frames,
// found by walking the impact-ordered postings, are those of a ranking of
// every match by the documented score, for a common word (where the
// newest 200 matches would miss most of them) and every kind of query.
func TestRecallTopTenIsTheBruteForceRanking(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "brute")
		data := rankCorpus(2400)
		// One large write (each word's frames segments of their own, a
		// common word's cut into stretches of time), then smaller ones
		// (into the stored small segments).
		s.SetMaxSegment(300)
		first := 0
		for i, start := 0, 0; start < len(data); i++ {
			end, size := start, 600
			if i == 0 {
				size = 1200
			}
			for k := 0; k < size && end < len(data); k++ {
				end += strings.IndexByte(string(data[end:]), '\n') + 1
			}
			if _, err := frames.Import(ctx, s, st.ID, data[start:end]); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = end
			}
			start = end
		}
		// Delete a few, so the counts and bounds have seen a delete; import
		// the first write again (the deleted frames come back, at their
		// rids, the others are duplicates) and delete one of them again.
		for _, id := range []string{"r-00010", "r-00011", "r-00500", "r-01500"} {
			if err := s.DeleteFrame(ctx, st.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		res, err := frames.Import(ctx, s, st.ID, data[:first])
		if err != nil {
			t.Fatal(err)
		}
		created := 0
		for _, r := range res {
			if r.Status == baton.FrameCreated {
				created++
			}
		}
		if created != 3 {
			t.Fatalf("the first write again created %d frames, want the 3 deleted", created)
		}
		if err := s.DeleteFrame(ctx, st.ID, "r-00011"); err != nil {
			t.Fatal(err)
		}
		cases := []frames.RecallRequest{
			{Q: "auth"},
			{Q: "auth", Limit: "25"},
			{Q: "auth token"},
			{Q: "auth-token"},
			{Q: "auth billing", Mode: "any"},
			{Q: "tok*"},
			{Q: "auth", Module: "m3"},
			{Q: "auth token", Module: "m3"},
			{Q: "token cache"},
			{Q: "auth billing", Mode: "any", Module: "m2"},
			{Q: "tok* auth", Mode: "any"},
			{Q: "auth", Branch: "b2", Since: "2025-10-01", Until: "2025-11-15"},
			{Q: "auth", Superseded: "include"},
			{Q: "session"},
			// Deep into the levels: a hundred frames.
			{Q: "auth", Limit: "100"},
			{Q: "tok* auth", Limit: "100"},
			{Q: "auth", Module: "m3", Limit: "100"},
			// A prefix's words read together, with a module and a time range;
			// a module filter whose frames are the candidates, with mode any.
			{Q: "tok*", Module: "m3"},
			{Q: "tok* cache", Since: "2025-11-01", Limit: "25"},
			{Q: "auth token", Mode: "any", Module: "m1", Limit: "25"},
			{Q: "tok*", Until: "2025-10-01", Limit: "50"},
		}
		// With the default, the corpus's words are all in few enough frames
		// for their postings to be read whole; with 20, the walk reads the
		// impact levels piece by piece, as for words in many frames.
		for _, known := range []int64{0, 20} {
			s.SetRecallKnownPostings(known)
			for ci, c := range cases {
				n, err := frames.Normalise(c)
				if err != nil {
					t.Fatal(err)
				}
				wantIDs, wantScores, err := s.RankAllFrames(ctx, st.ID, n.Recall)
				if err != nil {
					t.Fatal(err)
				}
				res := recall(t, s, st.ID, c)
				k := min(n.Recall.Limit, len(wantIDs))
				if len(res.Hits) != k || k == 0 {
					t.Fatalf("%+v (known %d): %d hits of %d matches", c, known, len(res.Hits), len(wantIDs))
				}
				for i, h := range res.Hits {
					if h.Frame.ID != wantIDs[i] || math.Abs(h.Score-wantScores[i]) > 1e-4 {
						t.Fatalf("%+v: hit %d is %s (%.4f), the ranking of every match has %s (%.4f)\ngot  %s\nwant %s",
							c, i, h.Frame.ID, h.Score, wantIDs[i], wantScores[i], hitIDs(res), strings.Join(wantIDs[:k], ","))
					}
				}
				if ci == 0 {
					// The newest 200 matches would not do: the true top ten reach further back.
					if len(wantIDs) < 1000 {
						t.Fatalf("only %d frames have auth", len(wantIDs))
					}
					newest := newestMatches(t, s, st.ID, n.Recall, 200)
					outside := 0
					for _, id := range wantIDs[:10] {
						if !newest[id] {
							outside++
						}
					}
					if outside == 0 {
						t.Fatalf("every one of the top ten is among the newest 200 matches: the corpus does not test the ranking")
					}
					if res.Checked >= len(wantIDs)/2 {
						t.Errorf("checked %d candidates of %d matches: the index walk did not save work", res.Checked, len(wantIDs))
					}
				}
			}
		}
	})
}

// newestMatches returns the ids of the n newest frames matching q.
func newestMatches(t *testing.T, s *store.Store, stewardID int64, q baton.FrameRecall, n int) map[string]bool {
	t.Helper()
	page, err := s.FrameTimeline(context.Background(), stewardID, baton.FrameFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range page.Frames {
		if len(out) == n {
			break
		}
		if strings.Contains(fmt.Sprint(f.Keywords, f.ReferencePoint, f.SummaryCaption, f.StatusSnapshot.NextAction), q.Terms[0].Words[0]) {
			out[f.ID] = true
		}
	}
	return out
}

// TestModulesFromPostingsAfterFrameModulesGo: a database from before 0041
// (frame_modules, and a steward whose frames were stored before the
// postings) migrates; module timelines, pages and counts, and recall's
// module filter answer from the postings as the frames' modules say, and
// a deleted frame leaves them.
func TestModulesFromPostingsAfterFrameModulesGo(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "modules")
		if _, err := frames.Import(ctx, s, st.ID, rankCorpus(700)); err != nil {
			t.Fatal(err)
		}
		for {
			ms, err := s.Migrations(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, on := applied(ms, "frame_modules_in_postings"); !on {
				break
			}
			if _, err := s.MigrateDown(ctx); err != nil {
				t.Fatal(err)
			}
		}
		var before int
		if err := s.DB().NewRaw("SELECT count(*) FROM frame_modules WHERE steward_id = ? AND module = 'm3'", st.ID).Scan(ctx, &before); err != nil || before == 0 {
			t.Fatalf("frame_modules before 0041: %d rows of m3, %v", before, err)
		}
		// As if stored before the postings: they are built on the first read.
		for _, table := range []string{"frame_levels", "frame_vocab", "frame_text"} {
			if _, err := s.DB().NewRaw("DELETE FROM "+table+" WHERE steward_id = ?", st.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.MigrateUp(ctx); err != nil {
			t.Fatal(err)
		}
		all, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Limit: 1000, IncludeSuperseded: true})
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		var m3 []string // m3's frames not superseded, newest first
		for _, f := range all.Frames {
			for _, m := range f.ModuleScope {
				counts[m]++
			}
			if slices.Contains(f.ModuleScope, "m3") && f.SupersededBy() == "" {
				m3 = append(m3, f.ID)
			}
		}
		if len(m3) == 0 || counts["m3"] != before {
			t.Fatalf("m3: %d frames, %d counted, %d before", len(m3), counts["m3"], before)
		}
		var got []string
		for cursor := ""; ; {
			page, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Module: "m3", Limit: 7, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range page.Frames {
				got = append(got, f.ID)
			}
			if cursor = page.NextCursor; cursor == "" {
				break
			}
		}
		if !slices.Equal(got, m3) {
			t.Fatalf("m3's timeline %d frames, want %d:\n%v\n%v", len(got), len(m3), got, m3)
		}
		stats, err := s.FrameStats(ctx, st.ID, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(stats.Modules) != len(counts) {
			t.Fatalf("modules %+v, want %v", stats.Modules, counts)
		}
		for i, c := range stats.Modules {
			if c.Frames != counts[c.Module] || (i > 0 && c.Frames > stats.Modules[i-1].Frames) {
				t.Fatalf("modules %+v, want %v", stats.Modules, counts)
			}
		}
		if names, err := s.FrameModules(ctx, st.ID, 2); err != nil || len(names) != 2 || names[0] != stats.Modules[0].Module {
			t.Fatalf("FrameModules %v %v", names, err)
		}
		q, err := frames.Normalise(frames.RecallRequest{Q: "auth", Module: "m3", Limit: "100"})
		if err != nil {
			t.Fatal(err)
		}
		hits, _, err := s.RecallFrames(ctx, st.ID, q.Recall)
		if err != nil || len(hits) == 0 {
			t.Fatalf("recall in m3: %d hits, %v", len(hits), err)
		}
		for _, h := range hits {
			if !slices.Contains(h.Frame.ModuleScope, "m3") {
				t.Fatalf("recall in m3 found %s of %v", h.Frame.ID, h.Frame.ModuleScope)
			}
		}
		if err := s.DeleteFrame(ctx, st.ID, m3[0]); err != nil {
			t.Fatal(err)
		}
		page, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Module: "m3", Limit: 1})
		if err != nil || len(page.Frames) != 1 || page.Frames[0].ID != m3[1] {
			t.Fatalf("after a delete: %v %v", page, err)
		}
	})
}
