package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/ingest/structured"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// bigStructured is one structured conversation document of n messages of
// about 300 bytes each: the size of the document that held every other
// writer up for seconds.
func bigStructured(n int) []byte {
	var buf bytes.Buffer
	buf.WriteString(`{"id":"big-1","conversation":{"source":"chat","people":["ada","assistant"],"user":"ada","conversation":[`)
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		speaker := "ada"
		if i%2 == 1 {
			speaker = "assistant"
		}
		fmt.Fprintf(&buf, `{"speaker":%q,"content":"Message %d: the cache invalidation in the order service misses the price change event, so the cart keeps the old total until the session expires. Check the subscriber and the test that should have caught it.","time":%q}`,
			speaker, i, t0.Add(time.Duration(i)*time.Second).Format(time.RFC3339))
	}
	buf.WriteString(`]}}`)
	return buf.Bytes()
}

// peakHeap samples the heap in use while fn runs and returns the highest
// value seen, in bytes.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	var peak uint64
	var ms runtime.MemStats
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(stop)
	wg.Wait()
	runtime.ReadMemStats(&ms)
	return max(peak, ms.HeapInuse)
}

// BenchmarkImportStructuredBig imports one structured document of 75,000
// and of 150,000 messages through the whole Importer (parse, validate,
// analysis, store) on SQLite, and reports the peak heap in use during the
// import (peak-heap-MB, sampled every 20 ms) next to the file's size. The
// document is read and written a chunk at a time: what grows with it is
// the input, held until the document is stored, and the session analysis
// that follows, which reads the whole main conversation.
func BenchmarkImportStructuredBig(b *testing.B) {
	for _, n := range []int{75_000, 150_000} {
		b.Run(fmt.Sprint("messages=", n), func(b *testing.B) { benchImportStructured(b, n) })
	}
}

func benchImportStructured(b *testing.B, n int) {
	// The document is read from a file for each import and handed over,
	// as the API handler hands over the request body it read: the
	// benchmark keeps no copy of its own in memory.
	file := filepath.Join(b.TempDir(), "big.json")
	if err := os.WriteFile(file, bigStructured(n), 0o644); err != nil {
		b.Fatal(err)
	}
	info, err := os.Stat(file)
	if err != nil {
		b.Fatal(err)
	}
	st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	im := ingest.New(st)
	var peak uint64
	b.SetBytes(info.Size())
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		steward := &baton.Steward{Username: fmt.Sprint("bench", i)}
		if err := st.CreateSteward(context.Background(), steward); err != nil {
			b.Fatal(err)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		peak = max(peak, peakHeap(func() {
			body := data
			data = nil // handed over
			res, err := im.ImportStructured(context.Background(), steward.ID, body, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored || res[0].Messages != n {
				b.Fatalf("import: %+v, %v", res, err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(info.Size())/(1<<20), "file-MB")
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkStreamStructuredBig is BenchmarkImportStructuredBig without the
// session analysis that follows the import: reading, checking, analysing
// each message and writing in chunks (structured.Scan, then
// store.ImportStream), at 50,000 and 150,000 messages. Its peak heap
// (peak-heap-MB) is the file held in memory (file-MB) and a chunk's worth
// of work, whatever the document's size.
func BenchmarkStreamStructuredBig(b *testing.B) {
	for _, n := range []int{50_000, 150_000} {
		b.Run(fmt.Sprint("messages=", n), func(b *testing.B) {
			data := bytes.Clone(bigStructured(n))
			st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
			svc := analysis.NewService(st)
			var peak uint64
			b.SetBytes(int64(len(data)))
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				steward := &baton.Steward{Username: fmt.Sprint("bench", i)}
				if err := st.CreateSteward(context.Background(), steward); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				peak = max(peak, peakHeap(func() {
					scanned, err := structured.Scan(data)
					if err != nil || len(scanned) != 1 || scanned[0].Err != nil {
						b.Fatalf("scan: %v", err)
					}
					sc := &scanned[0]
					doc := sc.Import()
					res, err := st.ImportStream(context.Background(), steward.ID, &doc, sc.Messages(), func(yield func(int, *baton.Message) bool) {
						_ = sc.EachMessage(func(m *baton.Message) error {
							svc.AnalyzeMessage(m)
							if !yield(0, m) {
								return errors.New("stopped")
							}
							return nil
						})
					})
					if err != nil || res.Status != baton.ImportStored || res.Messages != n {
						b.Fatalf("import: %+v, %v", res, err)
					}
				}))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(len(data))/(1<<20), "file-MB")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
		})
	}
}
