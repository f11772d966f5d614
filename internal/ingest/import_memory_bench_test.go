package ingest_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// chatGPTExport is a ChatGPT conversations.json of convs conversations of
// msgs messages each (user and assistant in turn, about 200 bytes each).
func chatGPTExport(convs, msgs int) []byte {
	var buf bytes.Buffer
	buf.WriteString("[")
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Unix()
	for c := range convs {
		if c > 0 {
			buf.WriteString(",")
		}
		id := func(i int) string { return fmt.Sprintf("6f0c1a2b-%04x-4000-8000-%012x", c, i) }
		fmt.Fprintf(&buf, `{"id":"conv-%d","title":"Conversation %d","create_time":%d,"update_time":%d,"current_node":%q,"mapping":{`,
			c, c, t0, t0+int64(msgs), id(msgs-1))
		for i := range msgs {
			if i > 0 {
				buf.WriteString(",")
			}
			role := "user"
			if i%2 == 1 {
				role = "assistant"
			}
			parent, children := "null", "[]"
			if i > 0 {
				parent = fmt.Sprintf("%q", id(i-1))
			}
			if i < msgs-1 {
				children = fmt.Sprintf("[%q]", id(i+1))
			}
			fmt.Fprintf(&buf, `%q:{"id":%q,"message":{"id":%q,"author":{"role":%q},"create_time":%d,"content":{"content_type":"text","parts":["Message %d: the cache invalidation in the order service misses the price change event, so the cart keeps the old total."]},"status":"finished_successfully","metadata":{}},"parent":%s,"children":%s}`,
				id(i), id(i), id(i), role, t0+int64(i), i, parent, children)
		}
		buf.WriteString("}}")
	}
	buf.WriteString("]")
	return bytes.Clone(buf.Bytes())
}

// BenchmarkImportPeakHeap measures the peak heap in use (sampled every
// 20 ms) while a large file of each format is imported through the whole
// Importer on SQLite, as `baton import` and the upload page do, at two
// sizes, so whether memory follows the file shows: a Claude Code
// transcript (one session), a ChatGPT export of many conversations, and a
// structured NDJSON file of many documents.
func BenchmarkImportPeakHeap(b *testing.B) {
	type input struct {
		name, file string
		data       func(scale int) []byte
	}
	ndjson := func(docs, msgs int) []byte {
		var buf bytes.Buffer
		for d := range docs {
			buf.Write(bytes.Replace(bigStructured(msgs), []byte(`"id":"big-1"`), []byte(fmt.Sprintf(`"id":"doc-%d"`, d)), 1))
			buf.WriteString("\n")
		}
		return buf.Bytes()
	}
	for _, in := range []input{
		{"claude-code", "bench.jsonl", func(scale int) []byte { return bytes.Clone(benchTranscript(b, scale*4<<20)) }},
		{"chatgpt", "conversations.json", func(scale int) []byte { return chatGPTExport(scale*50, 300) }},
		{"structured-ndjson", "docs.ndjson", func(scale int) []byte { return ndjson(scale*8, 2000) }},
	} {
		for _, scale := range []int{1, 2} {
			b.Run(fmt.Sprintf("format=%s/scale=%d", in.name, scale), func(b *testing.B) {
				data := in.data(scale)
				st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
				im := ingest.New(st)
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
						res, err := im.Import(context.Background(), steward.ID, in.file, data, nil)
						if err != nil || len(res) == 0 || res[0].Status != baton.ImportStored {
							b.Fatalf("import: %d results, %v", len(res), err)
						}
					}))
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				b.ReportMetric(float64(len(data))/(1<<20), "file-MB")
			})
		}
	}
}
