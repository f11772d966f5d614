// Command loadtest measures Baton's ingest, search, session list and
// transcript figures on this machine and writes them to a results file.
// It sends traffic only to a server it starts on 127.0.0.1.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	out := flag.String("out", "bench/results", "folder for the report")
	scale := flag.Float64("scale", 1, "fraction of the full data sizes (1 = 1,000,000 messages, 100,000 sessions)")
	only := flag.String("only", "", "run only these steps, comma-separated (ingest,search,session list,transcript,mix,growth)")
	goBench := flag.String("gobench", "", "a file with the output of go test -bench, copied into the report")
	mixSeconds := flag.Float64("mix-seconds", 10, "seconds per level of the realistic mix")
	pg := flag.String("postgres", os.Getenv("BATON_TEST_POSTGRES_URL"), "an admin URL of a PostgreSQL server for the PostgreSQL runs (empty: SQLite only)")
	mixClients := flag.String("mix-clients", "8,32,64", "client counts of the realistic mix, comma-separated")
	flag.StringVar(&searchDialects, "search-databases", "sqlite,postgres", "databases the search step measures, comma-separated (postgres only with -postgres)")
	flag.StringVar(&mixDatabases, "mix-databases", "sqlite,postgres", "databases the realistic mix measures, comma-separated (postgres only with -postgres)")
	flag.StringVar(&mixKinds, "mix-kinds", "", "send only these kinds of the mix's requests, comma-separated (list,page,append,hook,search; empty: all, in the mix's proportions)")
	flag.StringVar(&searchStewards, "search-stewards", "1,100", "steward counts the search step measures, comma-separated (1: one steward owns every message; 100: they share them)")
	flag.StringVar(&mixProfile, "cpuprofile", "", "write a CPU profile of each measured level of the realistic mix to this path + .<database>-<clients>, of each growth figure's round to this path + .growth-<level>-<figure>-<round>[-ref], of the ingest burst to this path + .ingest, of the catch-up after it to this path + .catchup and of each search scenario's timed queries to this path + .search-<database>-<stewards>")
	flag.StringVar(&mixTrace, "mix-trace", "", "write an execution trace of each measured level of the realistic mix to this path + .<database>-<clients> (go tool trace)")
	flag.StringVar(&burstTrace, "trace", "", "write an execution trace of the ingest burst to this path (go tool trace)")
	flag.Parse()
	// Interrupted, the steps end through their context, so each removes
	// its files and drops its PostgreSQL databases on the way out.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, options{*out, *scale, *only, *goBench, *mixSeconds, *pg, *mixClients})
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

type options struct {
	outDir     string
	scale      float64
	only       string
	goBench    string
	mixSeconds float64
	postgres   string
	mixClients string
}

// report collects Markdown lines for the terminal and the report file.
type report struct {
	w    io.Writer
	body strings.Builder // the report file's text
	aims []aim           // every aim measured, listed at the top of the file
}

// printf writes a line; a line of figures becomes a Markdown list item.
func (r *report) printf(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "- ") {
		line = "- " + line
	}
	r.text("%s", line)
}

// text writes a line as it is (paragraphs, code blocks).
func (r *report) text(format string, args ...any) {
	fmt.Fprintf(r.w, format+"\n", args...)
	fmt.Fprintf(&r.body, format+"\n", args...)
}

func run(ctx context.Context, o options) (err error) {
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return err
	}
	started := time.Now().UTC()
	name := filepath.Join(o.outDir, "report-"+started.Format("20060102-150405")+".md")
	r := &report{w: os.Stdout}
	// The file is written at the end (also when a step fails), with the
	// aims at a glance spliced in after the machine's description.
	var aimsAt int
	defer func() {
		text := r.body.String()
		text = text[:aimsAt] + r.aimsSection() + text[aimsAt:]
		werr := os.WriteFile(name, []byte(text), 0o644)
		if werr == nil {
			werr = os.WriteFile(filepath.Join(o.outDir, "latest.md"), []byte(text), 0o644)
		}
		if err == nil {
			err = werr
		}
	}()
	r.printf("# Baton benchmark report, %s", started.Format(time.RFC3339))
	r.printf("")
	r.text("Written by `make bench` (`go run ./bench/cmd/loadtest`). Scale %.2f of the full sizes; realistic mix %.0f s per level.", o.scale, o.mixSeconds)
	r.printf("")
	r.printf("## Machine")
	r.printf("")
	for _, line := range machine() {
		r.text("- %s", line)
	}
	r.printf("")
	r.text("**Read every figure with this in mind:** this is a shared 2-core virtual machine. Its speed changed during the day by up to 1.8× for the same code (the realistic mix at 8 clients: 771 requests/s at 14:55, 418 at 16:44 UTC, no other work running either time), and under other work it is several times slower. The ratios to the raw baselines, measured in the same run under the same conditions, are the fairer comparison; the load average at the start is above.")
	r.printf("")
	aimsAt = r.body.Len()
	tmp, err := os.MkdirTemp("", "baton-loadtest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	// Each step writes its databases into a folder of its own, removed as
	// soon as the step ends (a full run wrote several gigabytes, and the
	// disk filled before the last step when they were kept to the end).
	// need is about the most disk the step holds at once at scale 1.
	steps := []struct {
		name string
		need float64 // gigabytes at scale 1
		fn   func(tmp string) error
	}{
		{"ingest", 1.5, func(tmp string) error { return benchIngest(ctx, r, tmp, log, int(200000*o.scale)) }},
		{"search", 3, func(tmp string) error { return benchSearch(ctx, r, tmp, o.postgres, int(1000000*o.scale)) }},
		{"session list", 1, func(tmp string) error { return benchSessionList(ctx, r, tmp, int(100000*o.scale)) }},
		{"transcript", 0.3, func(tmp string) error { return benchTranscript(ctx, r, tmp, log, 10000) }},
		{"mix", 1, func(tmp string) error {
			return benchMix(ctx, r, tmp, o.postgres, o.mixClients, log, o.mixSeconds, max(200, int(2000*o.scale)))
		}},
		{"growth", 2.5, func(tmp string) error { return benchGrowth(ctx, r, tmp, log, int(1000000*o.scale)) }},
	}
	for _, s := range steps {
		if o.only != "" && !strings.Contains(","+o.only+",", ","+s.name+",") {
			continue
		}
		dir := filepath.Join(tmp, strings.ReplaceAll(s.name, " ", "-"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := enoughDisk(dir, s.name, int64(max(0.2, s.need*o.scale)*(1<<30))); err != nil {
			return err
		}
		start := time.Now()
		err := s.fn(dir)
		if rerr := os.RemoveAll(dir); err == nil {
			err = rerr
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		r.printf("")
		r.printf("(%s took %s)", s.name, time.Since(start).Round(time.Millisecond))
		r.printf("")
	}
	var goBench []byte
	if o.goBench != "" {
		if goBench, err = os.ReadFile(o.goBench); err != nil {
			return err
		}
		r.goBenchAims(string(goBench))
	}
	r.closingNote()
	if o.goBench != "" {
		b := goBench
		r.printf("## Go benchmarks (every package: `go test -p 1 -run '^$' -bench . -benchmem ./...`)")
		r.printf("")
		r.text("Figures from every engineer's benchmarks (continuity, replay/diff, frames recall, analysis, store, web) as `go test` printed them.")
		r.printf("")
		r.text("```")
		r.text("%s", strings.TrimRight(string(b), "\n"))
		r.text("```")
	}
	r.printf("")
	r.text("The whole run took %s.", time.Since(started).Round(time.Second))
	r.text("Report written to %s", name)
	return nil
}

// diskMargin is the free disk left to the rest of the machine (other
// work, the shared PostgreSQL server) beyond what a step needs.
const diskMargin = 2 << 30

// enoughDisk says, before a step starts, when the disk under dir has less
// free space than the step needs plus diskMargin, rather than letting the
// step fail halfway with "database or disk is full".
func enoughDisk(dir, step string, need int64) error {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return fmt.Errorf("%s: free disk under %s: %w", step, dir, err)
	}
	free := int64(fs.Bavail) * int64(fs.Bsize)
	if free < need+diskMargin {
		return fmt.Errorf("%s: not enough free disk under %s: %.1f GB free, the step needs about %.1f GB plus %.0f GB left for the rest of the machine; free some space, or run a smaller -scale or fewer steps (-only)",
			step, dir, gb(free), gb(need), gb(diskMargin))
	}
	return nil
}

func gb(n int64) float64 { return float64(n) / (1 << 30) }

// removeSQLite removes a SQLite database file with its WAL and shared
// memory files.
func removeSQLite(path string) {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		_ = os.Remove(path + suffix)
	}
}

// machine describes where the figures come from.
func machine() []string {
	out := []string{fmt.Sprintf("%s, %s/%s, %d CPUs seen by Go", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "model name"); ok {
				out = append(out, "CPU: "+strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":")))
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		out = append(out, "Memory: "+strings.Join(strings.Fields(strings.TrimPrefix(line, "MemTotal:")), " "))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		out = append(out, "Load average at start: "+strings.Join(strings.Fields(string(b))[:3], " "))
	}
	commit := "unknown"
	if b, err := exec.Command("git", "describe", "--always", "--dirty").Output(); err == nil {
		commit = strings.TrimSpace(string(b))
	}
	if b, err := exec.Command("git", "log", "-1", "--format=%H %s").Output(); err == nil {
		commit += " (" + strings.TrimSpace(string(b)) + ")"
	}
	out = append(out, "Commit: "+commit)
	return out
}

// percentiles returns p50 and p95 of the durations.
func percentiles(d []time.Duration) (p50, p95 time.Duration) {
	s := append([]time.Duration{}, d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)*50/100], s[len(s)*95/100]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// verdict is the word on a line of figures whose aim the report's table
// records elsewhere (or not at all).
func verdict(ok bool) string {
	if ok {
		return "meets the aim"
	}
	return "MISSES the aim"
}

// timeN runs fn n times and returns each duration.
func timeN(n int, fn func() error) ([]time.Duration, error) {
	out := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		start := time.Now()
		if err := fn(); err != nil {
			return nil, err
		}
		out = append(out, time.Since(start))
	}
	return out, nil
}
