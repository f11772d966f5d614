package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// aim is one of issue 13's aims as this run measured it. The report lists
// every aim at the top, so a reader sees at once what is met, what misses,
// by how much and why, before the figures behind them.
type aim struct {
	name     string
	target   string
	measured string
	ok       bool
	miss     string // by how much, when it misses
	why      string // what bounds the figure, said when it misses
}

// atMost records an aim that a duration must not exceed and returns the
// verdict for the line of figures.
func (r *report) atMost(name string, got, limit time.Duration, why string) string {
	a := aim{name: name, target: "≤ " + ms(limit), measured: ms(got), ok: got <= limit, why: why}
	if !a.ok {
		a.miss = fmt.Sprintf("%s over (%.1f× the aim)", ms(got-limit), float64(got)/float64(limit))
	}
	return r.record(a)
}

// atLeast records an aim that a rate must reach.
func (r *report) atLeast(name string, got, floor float64, unit, why string) string {
	a := aim{name: name, target: fmt.Sprintf("≥ %s %s", thousands(floor), unit), measured: fmt.Sprintf("%s %s", thousands(got), unit), ok: got >= floor, why: why}
	if !a.ok {
		a.miss = fmt.Sprintf("%.0f%% (%.2f of the aim)", 100*(1-got/floor), got/floor)
	}
	return r.record(a)
}

func (r *report) record(a aim) string {
	r.aims = append(r.aims, a)
	if a.ok {
		return "meets the aim"
	}
	return "MISSES the aim by " + a.miss
}

// aimsSection is the table at the top of the report.
func (r *report) aimsSection() string {
	var b strings.Builder
	b.WriteString("## Aims at a glance\n\n")
	b.WriteString("Every aim of issue 13 this run measured, with the figure behind it further down. Where an aim is missed, the last column says by how much and what bounds the figure.\n\n")
	b.WriteString("| aim | target | measured | verdict |\n|---|---|---|---|\n")
	met := 0
	for _, a := range r.aims {
		v := "met"
		if a.ok {
			met++
		} else {
			v = "**missed** by " + a.miss
			if a.why != "" {
				v += ". Why: " + a.why
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", a.name, a.target, a.measured, v)
	}
	fmt.Fprintf(&b, "\n%d of %d aims met.\n\n", met, len(r.aims))
	return b.String()
}

// thousands writes 30000 as 30,000 (and keeps two decimals below 100).
func thousands(v float64) string {
	if v < 100 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	s := strconv.FormatInt(int64(v+0.5), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// goBenchAims reads the aims measured by Go benchmarks out of go test's
// output: the Claude Code import rate, a hook event's cost as the
// transcript grows, and a large import's memory and the stall it causes
// other writers.
func (r *report) goBenchAims(out string) {
	if v, ok := benchMetric(out, "BenchmarkImportClaudeCode", "MB/s"); ok {
		r.atLeast("Claude Code import, end to end (SQLite)", v, 20, "MB/s",
			"parse (~26% of the import's CPU), session analysis (~18%) and the writes run one after another on one core; "+
				"even an insert at the raw rate leaves that at ~14 MB/s, so 20 MB/s needs the parse and analysis to overlap the writes on the second core")
	}
	small, ok1 := benchMetric(out, "BenchmarkClaudeCodeHookEvent/transcript=1MB", "ns/op")
	big, ok2 := benchMetric(out, "BenchmarkClaudeCodeHookEvent/transcript=16MB", "ns/op")
	if ok1 && ok2 {
		// A hook event that re-parsed the transcript would cost ~16× more at
		// 16 MB than at 1 MB; one that reads only new lines, about the same.
		a := aim{name: "hook event cost at a 16 MB vs a 1 MB transcript (O(new lines), not a re-parse)", target: "well under 16× (≤ 4×)",
			measured: fmt.Sprintf("%.1f× (%.1f ms vs %.1f ms per event)", big/small, big/1e6, small/1e6), ok: big/small <= 4}
		if !a.ok {
			a.miss = fmt.Sprintf("%.1f×", big/small)
		}
		r.record(a)
	}
	if v, ok := benchMetric(out, "BenchmarkImportStructuredBig/messages=150000", "peak-heap-MB"); ok {
		half, _ := benchMetric(out, "BenchmarkImportStructuredBig/messages=75000", "peak-heap-MB")
		measured := fmt.Sprintf("%.0f MB (%.0f MB at 75,000)", v, half)
		if w, ok := benchMetric(out, "BenchmarkStreamStructuredBig/messages=150000", "peak-heap-MB"); ok {
			w50, _ := benchMetric(out, "BenchmarkStreamStructuredBig/messages=50000", "peak-heap-MB")
			measured += fmt.Sprintf("; reading, checking and writing alone: %.0f MB (%.0f MB at 50,000)", w, w50)
		}
		a := aim{name: "peak heap while importing a 150,000-message structured document (bounded memory)", target: "≤ 200 MB",
			measured: measured, ok: v <= 200,
			why: "the document is read and written a chunk at a time (its peak is the 39 MB file held in memory, twice over with the garbage collector's headroom, and a chunk); " +
				"the session analysis that follows holds the whole main conversation at once (~275 MB live at 150,000 messages: the rows it reads back, their text, " +
				"lower-cased views and summary candidates), and the heap in use peaks at ~1.8× what is live; bounding it means analysing in chunks with running totals"}
		if !a.ok {
			a.miss = fmt.Sprintf("%.0f MB over", v-200)
		}
		r.record(a)
	}
	if v, ok := benchMetric(out, "BenchmarkAppendDuringGrownReimport", "max-append-ms"); ok {
		r.atMost("longest wait of another writer's append during the re-import of a grown transcript (bounded chunks)", time.Duration(v*float64(time.Millisecond)), 250*time.Millisecond,
			"the final transaction moves every new message into place")
	}
	if v, ok := benchMetric(out, "BenchmarkAppendDuringLargeImport", "max-append-ms"); ok {
		r.atMost("longest wait of another writer's append during a large import (bounded chunks)", time.Duration(v*float64(time.Millisecond)), 250*time.Millisecond,
			"the import holds the writer for a whole chunk")
	}
}

// benchMetric finds the value printed before unit on the first line of the
// named benchmark (the name up to its -GOMAXPROCS suffix).
func benchMetric(out, name, unit string) (float64, bool) {
	line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `-\d+\s.*$`).FindString(out)
	if line == "" {
		return 0, false
	}
	m := regexp.MustCompile(`([0-9.]+) ` + regexp.QuoteMeta(unit) + `(\s|$)`).FindStringSubmatch(line)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return v, err == nil
}

// noErrors records an aim of no failed requests.
func (r *report) noErrors(name string, errors int) string {
	a := aim{name: name, target: "0", measured: strconv.Itoa(errors), ok: errors == 0}
	if !a.ok {
		a.miss = fmt.Sprintf("%d errors", errors)
	}
	return r.record(a)
}

// What bounds the figures that miss, as profiles of this code on this
// machine showed it. They are said in the table only when an aim misses.
const (
	whyIngest = "SQLite has one writer, and the search indexer shares it: in the burst's CPU profile the indexer is ~37% (FTS5 segment merges ~40% of that), " +
		"the appends ~30%, decoding the request JSON ~17% and the analysis ~10%, all on 2 cores; fewer merges (automerge) cut the indexer's CPU but made common-word search miss its aim"
	whyMixPage = "64 closed-loop clients (no think time) keep both cores busy: a page waits for CPU behind the other requests, " +
		"so its p95 is the queue, not its own cost"
	whyMixAppend = "every append and hook event waits for SQLite's single writer; with ~240 writes a second from 64 clients " +
		"the queue for it is the latency"
)
