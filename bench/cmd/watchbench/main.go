// Command watchbench measures `baton watch` (internal/watch) as a steward
// runs it, into the local database, and writes its figures to a file under
// bench/results:
//
//   - live: a fake agent appends -rate lines a second across -files Codex
//     CLI rollouts for -duration while the watcher runs (filesystem
//     notifications, as `baton watch` runs); for every line, the time from
//     its write to the end of the import that stored it (p50, p95, max);
//     the heap sampled every second (flat or not: the first and last
//     quarters of the run compared);
//   - idle: the watcher left running over the same folders, nothing
//     written, for -idle, making a pass every -interval (baton watch's
//     default is 30s); its CPU time (getrusage) over that interval as a
//     share of one core, once the sessions written to are analysed;
//   - sync: -sync-mb of Claude Code, Codex CLI and Gemini CLI transcripts
//     generated in the shape of real ones (corpus.go), present before the
//     watcher starts, read by one first pass and their sessions analysed;
//     the rate in MB/s and messages/s, the CPU time and the peak heap.
//
// The machine's load average is written next to the figures: they are
// only comparable between runs on an equally loaded machine.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/watch"
)

var idleProfile, syncProfile, syncMemProfile, syncHeapProfile *string
var syncOnly, syncImport, syncRepeated, syncKeep *bool
var syncRealset *string
var syncSeed *uint64
var syncMix *string

func main() {
	out := flag.String("out", "bench/results", "folder the report is written to")
	duration := flag.Duration("duration", 20*time.Second, "how long the agent writes (10m for the long run)")
	rate := flag.Int("rate", 1000, "lines appended a second")
	files := flag.Int("files", 20, "rollouts written to at once")
	idle := flag.Duration("idle", 15*time.Second, "how long the watcher is measured with nothing written")
	interval := flag.Duration("interval", 5*time.Second, "the watcher's longest time between passes")
	idleProfile = flag.String("idle-cpuprofile", "", "write a CPU profile of the idle interval to this file")
	syncProfile = flag.String("sync-cpuprofile", "", "write a CPU profile of the first sync to this file")
	syncMemProfile = flag.String("sync-memprofile", "", "write a profile of what the first sync allocates (every allocation sampled) to this file")
	syncHeapProfile = flag.String("sync-heapprofile", "", "write a profile of what the first sync's heap holds after a collection (live objects) at the end of its pass, before the sessions' analysis, to this file")
	syncMB := flag.Int("sync-mb", 50, "megabytes of rollouts the first sync reads (500 for the full figure; 0 leaves the first sync out)")
	syncOnly = flag.Bool("sync-only", false, "measure the first sync alone (no live or idle part)")
	syncImport = flag.Bool("sync-import", false, "import the first sync's rollouts as `baton import FOLDER` does instead of watching them (the figure to compare with)")
	syncRepeated = flag.Bool("sync-repeated", false, "the first sync reads the old corpus (Codex rollouts of one sentence repeated) instead of the one generated from real transcripts' shape")
	syncRealset = flag.String("realset", "internal/analysis/testdata/realset", "the real evaluation set whose dev transcripts the first sync's words are drawn from")
	syncSeed = flag.Uint64("sync-seed", 1, "the seed of the first sync's corpus")
	syncMix = flag.String("sync-mix", "claude-code=45,codex=40,gemini=15", "the first sync's share of bytes by agent (per cent)")
	syncKeep = flag.Bool("sync-keep", false, "keep the first sync's folder (its transcripts and database) and say where")
	flag.Parse()
	if err := run(*out, *duration, *rate, *files, *idle, *interval, *syncMB); err != nil {
		log.Fatal(err)
	}
}

// bench is one database and steward the watcher stores into, and a sink
// that notes when each numbered line was stored.
type bench struct {
	st      *store.Store
	steward *baton.Steward
	mu      sync.Mutex
	written map[int]time.Time // line number → when the agent wrote it
	stored  latencies
}

// latencies counts write-to-stored times by the millisecond, up to a
// minute (longer ones in the last slot, their longest kept): a fixed
// size, so the bench's own bookkeeping does not grow the heap it
// measures (a slice of 600,000 times was most of a 10-minute run's rise).
type latencies struct {
	counts  [60_001]int
	n       int
	longest time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.counts[min(max(d.Milliseconds(), 0), int64(len(l.counts)-1))]++
	l.n++
	l.longest = max(l.longest, d)
}

// percentile is the time under which a share p of the counted fall, to
// the millisecond; p = 1 is the longest.
func (l *latencies) percentile(p float64) time.Duration {
	if l.n == 0 {
		return 0
	}
	if p >= 1 {
		return l.longest
	}
	rank := min(l.n-1, int(float64(l.n)*p))
	seen := 0
	for ms, c := range l.counts {
		if seen += c; seen > rank {
			if ms == len(l.counts)-1 {
				return l.longest
			}
			return time.Duration(ms) * time.Millisecond
		}
	}
	return l.longest
}

func newBench(ctx context.Context, dir string) (*bench, error) {
	st, err := store.Open("sqlite:" + filepath.Join(dir, "baton.db"))
	if err != nil {
		return nil, err
	}
	if _, err := st.MigrateUp(ctx); err != nil {
		return nil, err
	}
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		return nil, err
	}
	return &bench{st: st, steward: steward, written: map[int]time.Time{}}, nil
}

// timedSink is the local database's sink; each line it stores is timed
// from when it was written.
type timedSink struct {
	watch.LocalSink
	b *bench
}

func (s timedSink) ImportLines(ctx context.Context, req watch.LinesRequest) (watch.LinesResult, error) {
	res, err := s.LocalSink.ImportLines(ctx, req)
	if err != nil {
		return res, err
	}
	now := time.Now()
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	for _, l := range strings.Split(string(req.Lines), "\n") {
		i := strings.Index(l, "line number ")
		if i < 0 {
			continue
		}
		var n int
		if _, err := fmt.Sscanf(l[i:], "line number %d", &n); err != nil {
			continue
		}
		if at, ok := s.b.written[n]; ok {
			s.b.stored.add(now.Sub(at))
			delete(s.b.written, n)
		}
	}
	return res, nil
}

// rollout writes Codex CLI rollout lines.
type rollout struct {
	f  *os.File
	at time.Time
}

func newRollout(dir, id string, at time.Time) (*rollout, error) {
	path := filepath.Join(dir, at.Format("2006/01/02"), "rollout-"+at.Format("2006-01-02T15-04-05")+"-"+id+".jsonl")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	r := &rollout{f: f, at: at}
	return r, r.write(map[string]any{"timestamp": at.Format(time.RFC3339Nano), "type": "session_meta",
		"payload": map[string]any{"id": id, "timestamp": at.Format(time.RFC3339Nano), "cwd": "/home/bench/" + id}})
}

func (r *rollout) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = r.f.Write(append(b, '\n'))
	return err
}

// message appends one numbered message: a prompt or an answer in turn,
// with a token count after each answer, as Codex writes them.
func (r *rollout) message(n int, text string) error {
	r.at = r.at.Add(time.Second)
	role, kind := "user", "input_text"
	if n%2 == 0 {
		role, kind = "assistant", "output_text"
	}
	return r.write(map[string]any{"timestamp": r.at.Format(time.RFC3339Nano), "type": "response_item",
		"payload": map[string]any{"type": "message", "role": role, "content": []any{map[string]any{"type": kind,
			"text": fmt.Sprintf("line number %d %s", n, text)}}}})
}

func heapInuse() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// heapLive is the heap the last collection found live (runtime/metrics
// /gc/heap/live:bytes): what the process keeps, not what it has let go
// and the collector has not swept yet.
func heapLive() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// writeHeapProfile collects, then writes what the heap holds (pprof's
// inuse_space) to path.
func writeHeapProfile(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("heap").WriteTo(f, 0)
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func run(outDir string, duration time.Duration, rate, nfiles int, idle, interval time.Duration, syncMB int) error {
	ctx := context.Background()
	var report strings.Builder
	started := time.Now().UTC()
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(outDir, "watch-"+started.Format("20060102-150405")+".txt")
	// The report is written line by line: a run stopped half-way keeps
	// the figures it had.
	say := func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		fmt.Println(line)
		report.WriteString(line + "\n")
		_ = os.WriteFile(name, []byte(report.String()), 0o644)
	}
	say("# baton watch benchmark, %s", started.Format(time.RFC3339))
	say("machine: %d cores (GOMAXPROCS %d), %s/%s; load average at start %s", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, loadavg())
	say("run: -duration %s -rate %d -files %d -idle %s -interval %s -sync-mb %d (%s)", duration, rate, nfiles, idle, interval, syncMB,
		map[bool]string{true: "the long run", false: "the short run; -duration 10m -sync-mb 500 for the long one"}[duration >= 10*time.Minute])

	if !*syncOnly {
		if err := live(ctx, say, duration, rate, nfiles, idle, interval); err != nil {
			return err
		}
	}
	if syncMB > 0 {
		if err := firstSync(ctx, say, syncMB); err != nil {
			return err
		}
	}
	say("load average at end %s", loadavg())
	fmt.Println("report:", name)
	return nil
}

// live runs the watcher while the agent writes, then while it does not.
func live(ctx context.Context, say func(string, ...any), duration time.Duration, rate, nfiles int, idle, interval time.Duration) error {
	tmp, err := os.MkdirTemp("", "watchbench-live-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b, err := newBench(ctx, tmp)
	if err != nil {
		return err
	}
	defer b.st.Close()
	home := filepath.Join(tmp, "home")
	sessions := filepath.Join(home, ".codex", "sessions")
	at := time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)
	rollouts := make([]*rollout, nfiles)
	for i := range rollouts {
		if rollouts[i], err = newRollout(sessions, fmt.Sprintf("live-%02d", i), at); err != nil {
			return err
		}
		defer rollouts[i].f.Close()
	}
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), StateDir: filepath.Join(tmp, "state"), Interval: interval,
		Sink: timedSink{LocalSink: watch.LocalSink{Importer: ingest.New(b.st), Store: b.st, StewardID: b.steward.ID}, b: b}})
	if err != nil {
		return err
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	defer func() { stop(); <-done }()
	time.Sleep(time.Second) // the first pass

	// Write: rate lines a second, spread over the files, in ticks of 10 ms.
	runtime.GC()
	heapSamples := sampleHeap()
	text := strings.Repeat("a steady stream of words from the agent ", 3)
	n := 0
	begin := time.Now()
	tick := time.NewTicker(10 * time.Millisecond)
	for time.Since(begin) < duration {
		<-tick.C
		due := int(time.Since(begin).Seconds() * float64(rate))
		for ; n < due; n++ {
			b.mu.Lock()
			b.written[n+1] = time.Now()
			b.mu.Unlock()
			if err := rollouts[n%nfiles].message(n+1, text); err != nil {
				return err
			}
		}
	}
	tick.Stop()
	wrote := time.Since(begin)
	// Wait for the last lines (at most a minute).
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		b.mu.Lock()
		left := len(b.written)
		b.mu.Unlock()
		if left == 0 {
			break
		}
	}
	heap := heapSamples()
	b.mu.Lock()
	lat := b.stored
	missing := len(b.written)
	b.mu.Unlock()
	say("")
	say("## live: %d lines/s across %d rollouts for %s", rate, nfiles, duration.Round(time.Second))
	say("lines written %d (%.0f/s), stored %d, not stored after a minute %d", n, float64(n)/wrote.Seconds(), lat.n, missing)
	say("write → stored: p50 %s, p95 %s, p99 %s, max %s (aim: p95 ≤ 2s)", lat.percentile(0.5),
		lat.percentile(0.95), lat.percentile(0.99), lat.percentile(1).Round(time.Millisecond))
	say("bytes read by the watcher %d", w.BytesRead())
	reportHeap(say, heap)
	return measureIdle(say, nfiles, idle, interval)
}

// sampleHeap samples the heap in use once a second until the function it
// returns is called, which returns the samples.
func sampleHeap() (stop func() []uint64) {
	var heap []uint64
	heapStop := make(chan struct{})
	var heapDone sync.WaitGroup
	heapDone.Add(1)
	go func() {
		defer heapDone.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-heapStop:
				return
			case <-t.C:
				heap = append(heap, heapInuse())
			}
		}
	}()
	return func() []uint64 {
		close(heapStop)
		heapDone.Wait()
		return heap
	}
}

// reportHeap says the heap in use over the first and the last quarter of
// the samples, and its peak.
func reportHeap(say func(string, ...any), heap []uint64) {
	q := len(heap) / 4
	if q == 0 {
		return
	}
	avg := func(s []uint64) float64 {
		var t float64
		for _, v := range s {
			t += float64(v)
		}
		return t / float64(len(s)) / (1 << 20)
	}
	var peak uint64
	for _, v := range heap {
		peak = max(peak, v)
	}
	say("heap in use: first quarter %.1f MiB, last quarter %.1f MiB, peak %.1f MiB (%d samples, one a second)",
		avg(heap[:q]), avg(heap[len(heap)-q:]), float64(peak)/(1<<20), len(heap))
}

// measureIdle measures the watcher over nfiles rollouts while nothing is
// written, for idle, once the work the writes left is done.
func measureIdle(say func(string, ...any), nfiles int, idle, interval time.Duration) error {
	// Idle: nothing written; the watcher keeps watching. The first pass
	// after the writes stop analyses the sessions written to, which can
	// take a while: the idle interval starts once the process has used
	// less than 1% of a core over a whole pass interval (at most 10
	// minutes after the writes stopped), so it measures the watcher, not
	// the analysis.
	cpu0, t0 := cpuTime(), time.Now()
	window := max(2*interval, time.Second)
	for prev := cpu0; time.Since(t0) < 10*time.Minute; {
		time.Sleep(window)
		now := cpuTime()
		quiet := now-prev < window/100
		prev = now
		if quiet {
			break
		}
	}
	settled := cpuTime() - cpu0
	say("the work after the writes stopped (the %d sessions analysed) took %s of CPU; settled (under 1%% of a core for %s) %s after the writes stopped", nfiles,
		settled.Round(time.Millisecond), window, time.Since(t0).Round(time.Second))
	if *idleProfile != "" {
		f, err := os.Create(*idleProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	cpu0, t0 = cpuTime(), time.Now()
	time.Sleep(idle)
	used, wall := cpuTime()-cpu0, time.Since(t0)
	if *idleProfile != "" {
		pprof.StopCPUProfile()
	}
	say("")
	say("## idle: the watcher over the %d rollouts, nothing written, for %s (a pass every %s)", nfiles, idle, interval)
	say("process CPU time %s over %s: %.3f%% of one core (aim: ≤ 5%%; getrusage user+system)", used, wall.Round(time.Millisecond),
		float64(used)/float64(wall)*100)
	return nil
}

// firstSync has the watcher read syncMB of rollouts present before it starts.
func firstSync(ctx context.Context, say func(string, ...any), syncMB int) error {
	tmp, err := os.MkdirTemp("", "watchbench-sync-")
	if err != nil {
		return err
	}
	if *syncKeep {
		fmt.Println("the first sync's folder (kept):", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	b, err := newBench(ctx, tmp)
	if err != nil {
		return err
	}
	defer b.st.Close()
	home := filepath.Join(tmp, "home")
	sessions := filepath.Join(home, ".codex", "sessions")
	var shape string
	var written int64
	var files int
	if *syncRepeated {
		written, files, err = repeatedCorpus(sessions, syncMB)
		shape = "Codex CLI rollouts whose every message is one sentence repeated (-sync-repeated, the corpus before the measured one)"
	} else {
		shape, written, files, err = realisticCorpus(home, syncMB)
	}
	if err != nil {
		return err
	}
	// One pass, then Settle, as `baton watch --once` runs: the rollouts
	// written just now are not taken for ones an agent is still writing.
	w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), StateDir: filepath.Join(tmp, "state"), Once: true,
		Sink: watch.LocalSink{Importer: ingest.New(b.st), Store: b.st, StewardID: b.steward.ID}})
	if err != nil {
		return err
	}
	runtime.GC()
	var peak, peakLive uint64
	stop := make(chan struct{})
	var sampled sync.WaitGroup
	sampled.Add(1)
	go func() {
		defer sampled.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			peak = max(peak, heapInuse())
			peakLive = max(peakLive, heapLive())
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	if *syncProfile != "" {
		f, err := os.Create(*syncProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	if *syncMemProfile != "" {
		runtime.MemProfileRate = 64 << 10
	}
	begin, cpu0 := time.Now(), cpuTime()
	var res watch.PassResult
	if *syncImport {
		restore := ingest.CatchUpGC() // as `baton import` does
		for _, folder := range watch.DefaultFolders(home) {
			if _, serr := os.Stat(folder.Path); serr != nil {
				continue // an agent the mix leaves out
			}
			var results []baton.ImportResult
			if results, err = ingest.New(b.st).ImportPath(ctx, b.steward.ID, folder.Path, nil); err != nil {
				break
			}
			res.Seen += len(results)
		}
		restore()
	} else {
		res, err = w.Scan(ctx)
		if err == nil && *syncHeapProfile != "" {
			err = writeHeapProfile(*syncHeapProfile)
		}
		if err == nil {
			err = w.Settle(ctx) // the sessions' analysis
		}
	}
	took, cpu := time.Since(begin), cpuTime()-cpu0
	if *syncProfile != "" {
		pprof.StopCPUProfile()
	}
	close(stop)
	sampled.Wait()
	if err != nil {
		return err
	}
	if *syncMemProfile != "" {
		f, err := os.Create(*syncMemProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return err
		}
	}
	stored, sessionsStored, err := storedMessages(ctx, b.st, b.steward.ID)
	if err != nil {
		return err
	}
	say("")
	how := "read by one pass (as `baton watch --once`), sessions analysed"
	if *syncImport {
		how = "imported by `baton import FOLDER` (-sync-import: the figure the watcher's compares with)"
	}
	say("## first sync: %.0f MB of transcripts (%d files) %s", float64(written)/1e6, files, how)
	say("corpus: %s", shape)
	say("took %s: %.1f MB/s, %.0f messages/s; stored %d messages in %d sessions; bytes read %d", took.Round(time.Millisecond),
		float64(written)/1e6/took.Seconds(), float64(stored)/took.Seconds(), stored, sessionsStored, w.BytesRead())
	say("CPU time %s: %.1f MB per CPU second (the machine's load does not change this figure much; the time does)", cpu.Round(time.Millisecond),
		float64(written)/1e6/cpu.Seconds())
	say("peak heap in use %.1f MiB (sampled every 100 ms; the watcher reads 8 MiB parts); peak live heap %.1f MiB (marked live by a collection)",
		float64(peak)/(1<<20), float64(peakLive)/(1<<20))
	if !*syncImport {
		// A generated line an importer refuses would make the figure
		// that of less work: the files' errors are said.
		bad, first := 0, ""
		for _, f := range w.Files() {
			if f.Error != "" {
				if bad++; first == "" {
					first = f.Path + ": " + f.Error
				}
			}
		}
		say("files with errors or lines not read: %d %s", bad, first)
	}
	return nil
}

// storedMessages counts what the store holds for the steward, page by page:
// a session list answers at most one page (200 sessions), and a first sync
// stores more sessions than that.
func storedMessages(ctx context.Context, st *store.Store, stewardID int64) (messages, sessions int, err error) {
	cursor := ""
	for {
		page, err := st.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 200, Cursor: cursor})
		if err != nil {
			return 0, 0, err
		}
		for _, s := range page.Sessions {
			messages += s.MessageCount
		}
		sessions += len(page.Sessions)
		if page.NextCursor == "" {
			return messages, sessions, nil
		}
		cursor = page.NextCursor
	}
}

// realisticCorpus writes about syncMB of transcripts of the three agents
// under home, in the shape of real ones (corpus.go), and says what it is.
func realisticCorpus(home string, syncMB int) (shape string, written int64, files int, err error) {
	c, err := loadCorpus(*syncRealset, *syncSeed)
	if err != nil {
		return "", 0, 0, err
	}
	c.at = time.Date(2025, 10, 1, 9, 0, 0, 0, time.UTC)
	shares := map[string]float64{}
	for _, part := range strings.Split(*syncMix, ",") {
		var name string
		var share float64
		if _, err := fmt.Sscanf(strings.Replace(part, "=", " ", 1), "%s %g", &name, &share); err != nil {
			return "", 0, 0, fmt.Errorf("-sync-mix: %q is not agent=per cent", part)
		}
		shares[name] = share
	}
	var total float64
	for _, s := range shares {
		total += s
	}
	byAgent := map[string][2]int64{} // bytes, files
	for _, agent := range []string{"claude-code", "codex", "gemini"} {
		want := int64(float64(syncMB<<20) * shares[agent] / total)
		var got, nfiles int64
		for got < want {
			var size int64
			switch agent {
			case "claude-code":
				size, err = c.claudeTranscript(filepath.Join(home, ".claude", "projects"), min(int64(claudeFileSize.draw(c.r)), want-got))
			case "codex":
				size, err = c.codexRollout(filepath.Join(home, ".codex", "sessions"), min(int64(codexFileSize.draw(c.r)), want-got))
			case "gemini":
				size, err = c.geminiChat(filepath.Join(home, ".gemini", "tmp"), min(int64(claudeFileSize.draw(c.r)), want-got))
			}
			if err != nil {
				return "", 0, 0, err
			}
			got, nfiles = got+size, nfiles+1
			c.at = c.at.Add(time.Hour)
		}
		byAgent[agent] = [2]int64{got, nfiles}
		written, files = written+got, files+int(nfiles)
	}
	var parts []string
	for _, agent := range []string{"claude-code", "codex", "gemini"} {
		a := byAgent[agent]
		parts = append(parts, fmt.Sprintf("%s %.1f MB in %d files", agent, float64(a[0])/1e6, a[1]))
	}
	shape = strings.Join(parts, ", ") + fmt.Sprintf(" (-sync-mix %s, seed %d); generated in the shape measured on the realset's dev "+
		"transcripts (5 Codex rollouts, 73 Claude Code transcripts; Gemini chats in the Claude Code shape) and the ingest tests' real "+
		"Codex rollout, words drawn from theirs (bench/cmd/watchbench/corpus.go): mostly tool calls and their output "+
		"(Claude Code: tool uses and results half the lines, results 61%% of the bytes, prose 11%%; Codex: function calls and "+
		"their output 42%% of the lines, the output most of the bytes after each file's instructions)", *syncMix, *syncSeed)
	return shape, written, files, nil
}

// repeatedCorpus writes the old corpus: Codex rollouts of 2 MB whose every
// message is the same sentence, for comparison with earlier results.
func repeatedCorpus(sessions string, syncMB int) (written int64, files int, err error) {
	messages := 0
	at := time.Date(2025, 10, 1, 9, 0, 0, 0, time.UTC)
	const perFile = 2 << 20
	text := strings.Repeat("the long transcript of an earlier session, one more line of it ", 8)
	for i := 0; written < int64(syncMB)<<20; i++ {
		r, err := newRollout(sessions, fmt.Sprintf("old-%03d", i), at.Add(time.Duration(i)*time.Hour))
		if err != nil {
			return 0, 0, err
		}
		for size := int64(0); size < perFile && written+size < int64(syncMB)<<20; {
			messages++
			if err := r.message(messages, text); err != nil {
				return 0, 0, err
			}
			size += int64(len(text)) + 200
		}
		info, err := r.f.Stat()
		if err != nil {
			return 0, 0, err
		}
		written += info.Size()
		files++
		r.f.Close()
	}
	return written, files, nil
}
