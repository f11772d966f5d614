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
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	out := flag.String("out", "bench/results", "folder for the results file")
	scale := flag.Float64("scale", 1, "fraction of the full data sizes (1 = 1,000,000 messages, 100,000 sessions)")
	only := flag.String("only", "", "run only these steps, comma-separated (ingest,search,session list,transcript)")
	flag.Parse()
	if err := run(context.Background(), *out, *scale, *only); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// report collects lines for the terminal and the results file.
type report struct {
	w    io.Writer
	file *os.File
}

func (r *report) printf(format string, args ...any) {
	fmt.Fprintf(r.w, format+"\n", args...)
	if r.file != nil {
		fmt.Fprintf(r.file, format+"\n", args...)
	}
}

func run(ctx context.Context, outDir string, scale float64, only string) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(outDir, "loadtest-"+time.Now().UTC().Format("20060102-150405")+".txt")
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	r := &report{w: os.Stdout, file: f}
	r.printf("# Baton load test, %s, scale %.2f", time.Now().UTC().Format(time.RFC3339), scale)
	tmp, err := os.MkdirTemp("", "baton-loadtest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	steps := []struct {
		name string
		fn   func() error
	}{
		{"ingest", func() error { return benchIngest(ctx, r, tmp, log, int(200000*scale)) }},
		{"search", func() error { return benchSearch(ctx, r, tmp, int(1000000*scale)) }},
		{"session list", func() error { return benchSessionList(ctx, r, tmp, int(100000*scale)) }},
		{"transcript", func() error { return benchTranscript(ctx, r, tmp, log, 10000) }},
	}
	for _, s := range steps {
		if only != "" && !strings.Contains(","+only+",", ","+s.name+",") {
			continue
		}
		start := time.Now()
		if err := s.fn(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		r.printf("(%s took %s)\n", s.name, time.Since(start).Round(time.Millisecond))
	}
	r.printf("results written to %s", name)
	latest := filepath.Join(outDir, "loadtest-latest.txt")
	_ = os.Remove(latest)
	b, _ := os.ReadFile(name)
	return os.WriteFile(latest, b, 0o644)
}

// percentiles returns p50 and p95 of the durations.
func percentiles(d []time.Duration) (p50, p95 time.Duration) {
	s := append([]time.Duration{}, d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)*50/100], s[len(s)*95/100]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

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
