package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Frame corpus for benchmarks: every frame's caption has five words of a
// 3,000-word vocabulary, and
//   - "deploy" (very common) is in half the frames,
//   - "cache" (medium) in 1 %,
//   - "zanzibar" (rare) in 1 in 10,000;
//
// modules are mod-0 … mod-49, one or two a frame (mod-7 about 3 %).
const (
	benchCommon = "deploy"
	benchMedium = "cache"
	benchRare   = "zanzibar"
	benchModule = "mod-7"
)

func benchFrames(n, from int) []byte {
	rng := rand.New(rand.NewPCG(uint64(from), 42))
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var out []byte
	for i := from; i < from+n; i++ {
		var words []string
		for range 5 {
			words = append(words, fmt.Sprintf("w%d", int(rng.ExpFloat64()*300)%3000))
		}
		if i%2 == 0 {
			words = append(words, benchCommon)
		}
		if i%100 == 7 {
			words = append(words, benchMedium)
		}
		if i%10000 == 1234 {
			words = append(words, benchRare)
		}
		mods := []string{fmt.Sprintf("mod-%d", rng.IntN(50))}
		if rng.IntN(2) == 0 {
			mods = append(mods, fmt.Sprintf("mod-%d", rng.IntN(50)))
		}
		m := map[string]any{
			"id": fmt.Sprintf("f-%07d", i), "timestamp": t0.Add(time.Duration(i) * 97 * time.Second).Format(time.RFC3339),
			"branch": fmt.Sprintf("feature/b%d", i%40), "module_scope": mods,
			"summary_caption": strings.Join(words, " "), "reference_point": fmt.Sprintf("ref-%d-%s", i, words[0]),
			"status_snapshot": map[string]any{"next_action": "follow up on " + words[1]},
			"keywords":        words[2:4], "jira": fmt.Sprintf("TAL-%d", i%5000),
		}
		b, _ := json.Marshal(m)
		out = append(append(out, b...), '\n')
	}
	return out
}

// benchStore is a SQLite database filled with n benchmark frames.
type benchDB struct {
	s  *store.Store
	id int64
}

func newBenchStore(b *testing.B, n int) benchDB {
	dir, err := os.MkdirTemp("", "baton-frames-bench")
	if err != nil {
		b.Fatal(err)
	}
	s, err := store.Open("sqlite:" + filepath.Join(dir, "frames.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close(); os.RemoveAll(dir) })
	ctx := context.Background()
	if _, err := s.MigrateUp(ctx); err != nil {
		b.Fatal(err)
	}
	st := &baton.Steward{Username: "bench"}
	if err := s.CreateSteward(ctx, st); err != nil {
		b.Fatal(err)
	}
	for from := 0; from < n; from += 5000 {
		res, err := frames.Import(ctx, s, st.ID, benchFrames(min(5000, n-from), from))
		if err != nil || len(res) != min(5000, n-from) {
			b.Fatalf("import: %v", err)
		}
	}
	s.SetClock(func() time.Time { return time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC) })
	return benchDB{s, st.ID}
}

// BenchmarkFrameRecall reports p50 and p95 of one recall, limit 10, on
// SQLite at 10,000 and 100,000 frames, for a rare, a medium and a very
// common word, with and without a module filter.
func BenchmarkFrameRecall(b *testing.B) {
	top := b
	for _, n := range []int{10000, 100000} {
		// Filled on first use, so -bench can pick one size without building the other.
		var db *benchDB
		get := func() *benchDB {
			if db == nil {
				d := newBenchStore(top, n)
				db = &d
			}
			return db
		}
		for _, term := range []string{benchRare, benchMedium, benchCommon} {
			for _, module := range []string{"", benchModule} {
				name := fmt.Sprintf("frames=%d/term=%s/module=%v", n, term, module != "")
				b.Run(name, func(b *testing.B) {
					s, id := get().s, get().id
					q, err := frames.Normalise(frames.RecallRequest{Q: term, Module: module, Limit: "10"})
					if err != nil {
						b.Fatal(err)
					}
					ctx := context.Background()
					times := make([]time.Duration, 0, b.N)
					cpu := cpuTime(b)
					b.ResetTimer()
					for b.Loop() {
						start := time.Now()
						hits, _, err := s.RecallFrames(ctx, id, q.Recall)
						times = append(times, time.Since(start))
						if err != nil || (term == benchCommon && len(hits) != 10) {
							b.Fatalf("%d hits, %v", len(hits), err)
						}
					}
					// CPU per recall: on a shared machine its wall time says more about the load.
					b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/float64(len(times)), "cpu-µs/op")
					slices.Sort(times)
					b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
				})
			}
		}
	}
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFrameImport reports how many frames a second an import of
// 5,000-frame NDJSON files stores (validation, rows, modules and index), on
// SQLite and, when configured, PostgreSQL, and the CPU time per 1,000
// frames, which a shared machine's load changes less than the rate.
// -benchtime=20x imports 100k frames, as make bench's frames import does.
func BenchmarkFrameImport(b *testing.B) {
	for dialect := range storetest.Databases(b) {
		b.Run(dialect, func(b *testing.B) {
			// A fresh database each time the benchmark runs (-count runs it
			// again): the same steward's name would be taken.
			url := "sqlite:" + filepath.Join(b.TempDir(), "baton.db")
			if dialect == store.Postgres {
				url = storetest.Databases(b)[store.Postgres]
			}
			s := storetest.Open(b, url)
			ctx := context.Background()
			st := &baton.Steward{Username: "importer"}
			if err := s.CreateSteward(ctx, st); err != nil {
				b.Fatal(err)
			}
			const batch = 5000
			var docs [][]byte
			for i := range 4 {
				docs = append(docs, benchFrames(batch, i*batch))
			}
			stored := 0
			cpu := cpuTime(b)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				data := docs[i%len(docs)]
				if i >= len(docs) {
					// Fresh ids each round, so every frame is stored, not a duplicate.
					data = []byte(strings.ReplaceAll(string(data), `"id":"f-`, fmt.Sprintf(`"id":"r%d-`, i)))
				}
				b.StartTimer()
				res, err := frames.Import(ctx, s, st.ID, data)
				if err != nil || res[0].Status != "created" {
					b.Fatalf("%v %+v", err, res[0])
				}
				stored += len(res)
			}
			b.ReportMetric(float64(stored)/b.Elapsed().Seconds(), "frames/s")
			b.ReportMetric(float64((cpuTime(b)-cpu).Milliseconds())/float64(stored)*1000, "cpu-ms/1k-frames")
		})
	}
}
