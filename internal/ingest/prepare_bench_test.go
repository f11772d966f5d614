package ingest

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/store/storetest"
)

// BenchmarkPrepareClaudeCode is the session analysis alone of the
// transcript BenchmarkImportClaudeCode imports (its main conversation,
// each message analysed already, numbered as the store numbers it): the
// part of an import's CPU that runs beside its writes, per MB of
// transcript.
func BenchmarkPrepareClaudeCode(b *testing.B) {
	data := FixtureTranscript(b, func(_, n int) bool { return n < 4<<20 })
	im := New(storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db")))
	doc := parsedAnalysed(b, im, data)
	main := numberedMain(&doc.Conversations[0])
	if main == nil {
		b.Fatal("main conversation not numbered")
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	for b.Loop() {
		if im.analysis.Prepare(main, doc.Session.Technical.WorkingDirectory, doc.Session.Technical.ToolVersion) == nil {
			b.Fatal("no analysis")
		}
	}
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
	b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
}
