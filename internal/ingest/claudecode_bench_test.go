package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// benchTranscript is a Claude Code transcript of about size bytes: the
// fixture session repeated with fresh ids.
func benchTranscript(b testing.TB, size int) []byte {
	return ingest.FixtureTranscript(b, func(_, n int) bool { return n < size })
}

// BenchmarkImportClaudeCode imports a 4 MB Claude Code transcript through
// the whole Importer, as `baton import` and the upload page do: format
// detection, parse, message and session analysis, and one transaction on
// SQLite. Each iteration is a new session.
func BenchmarkImportClaudeCode(b *testing.B) {
	data := benchTranscript(b, 4<<20)
	doc, lineErrs, err := claudecode.Parse(bytes.NewReader(data), "bench.jsonl", claudecode.Options{})
	if err != nil || len(lineErrs) > 0 {
		b.Fatal(err, lineErrs)
	}
	msgs := 0
	for _, c := range doc.Conversations {
		msgs += len(c.Messages)
	}
	st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		b.Fatal(err)
	}
	im := ingest.New(st)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	i := 0
	for b.Loop() {
		i++
		// A session id in the file name: every iteration is a new session.
		name := fmt.Sprintf("%08x-0000-4000-8000-000000000000.jsonl", i)
		res, err := im.Import(context.Background(), steward.ID, name, data, nil)
		if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored || res[0].Messages != msgs {
			b.Fatalf("import: %+v, %v", res, err)
		}
	}
	reportCPURate(b, processCPU()-cpu0, len(data))
	b.ReportMetric(float64(msgs)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
	b.ReportMetric(float64(msgs), "msgs/op")
}

// processCPU is the CPU time this process has used (user and system, all
// its threads).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPURate reports megabytes per CPU second (cpu-MB/s), bytes a loop
// and used the CPU time of all the loops: on this shared machine the wall
// clock stretches with the others' load, the CPU time much less. On two
// free cores the rate in MB/s can exceed it, since work runs on both.
func reportCPURate(b *testing.B, used time.Duration, bytes int) {
	if used > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/1e6/used.Seconds(), "cpu-MB/s")
	}
}

// BenchmarkImportClaudeCodeFolder imports a project folder of 8 Claude
// Code transcripts of 1 MB each through ImportPath, as `baton import
// FOLDER` does: each transcript parsed, stored and analysed, the next one
// parsed while this one is stored and analysed. Each iteration is a new
// folder of new sessions.
func BenchmarkImportClaudeCodeFolder(b *testing.B) {
	const files = 8
	data := benchTranscript(b, 1<<20)
	st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		b.Fatal(err)
	}
	im := ingest.New(st)
	b.SetBytes(int64(files * len(data)))
	b.ReportAllocs()
	var cpu time.Duration
	i := 0
	for b.Loop() {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), "-home-dev-shop")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for range files {
			i++
			name := fmt.Sprintf("%08x-0000-4000-8000-000000000000.jsonl", i)
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		cpu0 := processCPU()
		res, err := im.ImportPath(context.Background(), steward.ID, dir, nil)
		cpu += processCPU() - cpu0
		if err != nil || len(res) != files {
			b.Fatalf("import: %+v, %v", res, err)
		}
		for _, r := range res {
			if r.Status != baton.ImportStored {
				b.Fatalf("import: %+v", r)
			}
		}
	}
	reportCPURate(b, cpu, files*len(data))
}

// BenchmarkClaudeCodeParseOnly parses the transcript BenchmarkImportClaudeCode
// imports and does nothing else: the raw baseline the import's rate is
// compared with in the same run.
func BenchmarkClaudeCodeParseOnly(b *testing.B) {
	data := benchTranscript(b, 4<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		if _, lineErrs, err := claudecode.Parse(bytes.NewReader(data), "bench.jsonl", claudecode.Options{}); err != nil || len(lineErrs) > 0 {
			b.Fatal(err, lineErrs)
		}
	}
	reportCPURate(b, processCPU()-cpu0, len(data))
}

// BenchmarkClaudeCodeHookEvent is what one hook event costs the server on a
// long live session: a transcript of 1, 4 or 16 MB already received, the
// event brings the lines of one more tool call and its result. The server
// keeps the lines and its parse of them, parses the new lines and imports
// what is new, so the cost per event follows the lines it brings, not the
// transcript's size (it used to parse the whole transcript again: 258
// ms/event at 2.6 MB against 9 ms now, on the same loaded machine).
func BenchmarkClaudeCodeHookEvent(b *testing.B) {
	for _, mb := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("transcript=%dMB", mb), func(b *testing.B) { benchHookEvent(b, mb<<20) })
	}
}

func benchHookEvent(b *testing.B, size int) {
	data := benchTranscript(b, size)
	lines := bytes.SplitAfter(data, []byte("\n"))
	st := storetest.Open(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		b.Fatal(err)
	}
	im := ingest.New(st)
	const session = "5e55a0e1-0000-4000-8000-000000000000"
	event := func(name string) json.RawMessage {
		return json.RawMessage(`{"session_id":"` + session + `","hook_event_name":"` + name + `"}`)
	}
	// All but the last lines arrive at once, then the session is analysed
	// at a Stop, as it would have been turn by turn.
	held := min(2000, len(lines)/2)
	head := len(lines) - held
	sent := int64(0)
	send := func(name string, part [][]byte) {
		chunk := bytes.Join(part, nil)
		req := &baton.HookRequest{RequestID: fmt.Sprint(name, sent), Event: event(name),
			Transcripts: []baton.TranscriptChunk{{Offset: sent, Lines: string(chunk)}}}
		if _, err := im.Hooks().Receive(context.Background(), steward.ID, req, ingest.HookOptions{}); err != nil {
			b.Fatal(err)
		}
		sent += int64(len(chunk))
	}
	send("Stop", lines[:head])
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		at := head + 2*(i%(held/2))
		send("PostToolUse", lines[at:at+2])
	}
	b.ReportMetric(float64(sent)/(1<<20), "MB/session")
}
