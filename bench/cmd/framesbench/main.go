// Command framesbench measures Lex frames in Baton beside Lex itself, on
// the same generated frames in the same run, and writes a report under
// bench/results:
//
//   - import: the frames sent to POST /api/v1/frames/import in NDJSON
//     batches (an in-process server over SQLite, through HTTP): frames a
//     second, the process's peak resident memory and its CPU time during
//     the import (-cpuprofile profiles it; -requests 0 measures it alone);
//   - recall: each case (a rare, a medium and a common word, two words,
//     mode any, a prefix, the common word filtered by module and by time)
//     asked -requests times through GET /api/v1/frames/recall, limit 10:
//     p50 and p95 of the whole HTTP round trip, and the server's took_ms.
//
// Lex (a checkout with its packages installed, named by BATON_LEX_DIR or
// -lex) runs lex.mts with `npx tsx` in its own process: it imports the same
// frames as `lex frames import` does and times searchFrames in-process for
// the same cases. Without Lex the report says so and gives Baton's figures
// alone. The machine's load average is written beside the figures.
package main

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
)

//go:embed lex.mts
var lexScript []byte

func main() {
	out := flag.String("out", "bench/results", "folder the report is written to")
	n := flag.Int("frames", 100_000, "frames generated")
	requests := flag.Int("requests", 200, "recall requests per case (Lex: a quarter of them, at least 5)")
	lexDir := flag.String("lex", os.Getenv("BATON_LEX_DIR"), "a Lex checkout with node_modules installed (default $BATON_LEX_DIR); empty leaves Lex out")
	corpus := flag.String("corpus", "", "only write the generated frames, as NDJSON, to this file")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of Baton's import to this file")
	flag.Parse()
	importProfile = *cpuProfile
	if *corpus != "" {
		if err := writeCorpus(*corpus, *n, time.Now().UTC()); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(*out, *n, *requests, *lexDir); err != nil {
		log.Fatal(err)
	}
}

// recallCase is one recall of the benchmark; the same for Baton and Lex.
type recallCase struct {
	Name   string `json:"name"`
	Q      string `json:"q"`
	Mode   string `json:"mode,omitempty"`
	Module string `json:"module,omitempty"`
	Since  string `json:"since,omitempty"`
	Limit  int    `json:"limit"`
}

type figures struct {
	P50, P95, TookP50 float64 // ms
	Hits              int
}

type lexFigures struct {
	ImportFrames    int     `json:"import_frames"`
	ImportPerSecond float64 `json:"import_frames_per_s"`
	ImportPeakMB    float64 `json:"import_peak_rss_mb"`
	Cases           map[string]struct {
		P50     float64 `json:"p50_ms"`
		P95     float64 `json:"p95_ms"`
		Matches int     `json:"matches"`
		Hits    int     `json:"hits"`
	} `json:"cases"`
}

func run(outDir string, n, requests int, lexDir string) error {
	ctx := context.Background()
	started := time.Now()
	tmp, err := os.MkdirTemp("", "framesbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	now := time.Now().UTC()
	framesPath := filepath.Join(tmp, "frames.ndjson")
	if err := writeCorpus(framesPath, n, now); err != nil {
		return err
	}
	cases := []recallCase{
		{Name: "rare", Q: "zanzibar", Limit: 10},
		{Name: "medium", Q: "cache", Limit: 10},
		{Name: "common", Q: "auth", Limit: 10},
		{Name: "two words", Q: "auth token", Limit: 10},
		{Name: "any-mode", Q: "cache zanzibar", Mode: "any", Limit: 10},
		{Name: "prefix", Q: "rec*", Limit: 10},
		{Name: "module-filtered", Q: "auth", Module: "mod-7", Limit: 10},
		{Name: "time-filtered", Q: "auth", Since: now.Add(-30 * 24 * time.Hour).Format(time.RFC3339), Limit: 10},
	}
	load := loadAverage()
	fmt.Fprintf(os.Stderr, "framesbench: %d frames, Baton import ...\n", n)
	imp, bf, err := benchBaton(ctx, tmp, framesPath, cases, requests)
	if err != nil {
		return err
	}
	var lex *lexFigures
	lexNote := ""
	if lexDir == "" {
		lexNote = "Lex was not measured: BATON_LEX_DIR is not set (a Lex checkout with `npm install` done)."
	} else {
		fmt.Fprintf(os.Stderr, "framesbench: Lex in %s ...\n", lexDir)
		if lex, err = benchLex(tmp, lexDir, framesPath, cases, requests); err != nil {
			lexNote = "Lex was not measured: " + err.Error()
			lex = nil
		}
	}
	report := writeReport(n, requests, load, loadAverage(), imp, cases, bf, lex, lexNote, lexDir, time.Since(started))
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(outDir, "frames-"+started.UTC().Format("20060102-150405")+".md")
	if err := os.WriteFile(name, []byte(report), 0o644); err != nil {
		return err
	}
	fmt.Print(report)
	fmt.Fprintf(os.Stderr, "framesbench: report in %s\n", name)
	return nil
}

// Corpus: frames over the year before now, captions of 4 to 14 words of a
// 2,000-word vocabulary (Zipf-like), "auth" in about 47 % of frames in one
// field or several, "token" in a third of those, "cache" in 1 %,
// "zanzibar" in 1 in 10,000; words starting with "rec" among the common
// ones; modules mod-0 … mod-49, one or two a frame.
var recWords = []string{"record", "recall", "recent", "recover", "recursion", "receipt", "reconcile", "recommend"}

func writeCorpus(path string, n int, now time.Time) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewPCG(26, 100))
	vocab := make([]string, 2000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
		if i < len(recWords)*10 && i%10 == 3 {
			vocab[i] = recWords[i/10]
		}
	}
	word := func() string { return vocab[int(rng.ExpFloat64()*150)%len(vocab)] }
	span := int64(365 * 24 * time.Hour)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range n {
		caption := make([]string, 4+rng.IntN(11))
		for j := range caption {
			caption[j] = word()
		}
		keywords := []string{word(), word()}
		ref := word() + "-" + strconv.Itoa(i)
		next := "follow up on " + word()
		if rng.IntN(100) < 47 {
			switch rng.IntN(4) {
			case 0:
				keywords = append(keywords, "auth")
			case 1:
				ref = "auth-" + ref
			case 2:
				caption[rng.IntN(len(caption))] = "auth"
			default:
				next += " auth"
			}
			if rng.IntN(3) == 0 {
				caption = append(caption, "token")
			}
		}
		if i%100 == 7 {
			caption = append(caption, "cache")
		}
		if i%10000 == 1234 {
			caption = append(caption, "zanzibar")
		}
		mods := []string{fmt.Sprintf("mod-%d", rng.IntN(50))}
		if rng.IntN(2) == 0 {
			mods = append(mods, fmt.Sprintf("mod-%d", rng.IntN(50)))
		}
		// span/n first: span × n overflows int64 from 293 frames on.
		at := now.Add(-time.Duration(span / int64(n) * int64(n-i))).Truncate(time.Millisecond)
		frame := struct {
			ID             string            `json:"id"`
			Timestamp      string            `json:"timestamp"`
			Branch         string            `json:"branch"`
			ModuleScope    []string          `json:"module_scope"`
			SummaryCaption string            `json:"summary_caption"`
			ReferencePoint string            `json:"reference_point"`
			StatusSnapshot map[string]string `json:"status_snapshot"`
			Keywords       []string          `json:"keywords"`
			Jira           string            `json:"jira"`
		}{fmt.Sprintf("frame-%07d", i), at.Format("2006-01-02T15:04:05.000Z"), fmt.Sprintf("feature/b%d", i%40), mods,
			strings.Join(caption, " "), ref, map[string]string{"next_action": next}, keywords, fmt.Sprintf("TAL-%d", i%5000)}
		if err := enc.Encode(frame); err != nil {
			return err
		}
	}
	return w.Flush()
}

// importFigures are Baton's import measured: frames a second, the peak
// resident memory (MB) and the process's CPU time (user and system,
// seconds), which the machine's other load changes less than the rate.
type importFigures struct {
	Rate, PeakMB, CPUSeconds float64
}

// benchBaton imports the corpus into a fresh SQLite Baton through HTTP and
// times the recall cases (none when requests is 0).
func benchBaton(ctx context.Context, tmp, framesPath string, cases []recallCase, requests int) (importFigures, map[string]figures, error) {
	api, stop, err := startBaton(ctx, tmp)
	if err != nil {
		return importFigures{}, nil, err
	}
	defer stop()
	imp, err := api.importFrames(framesPath)
	if err != nil {
		return importFigures{}, nil, err
	}
	fmt.Fprintf(os.Stderr, "framesbench: Baton imported at %.0f frames/s, peak RSS %.0f MB, %.1f CPU s\n", imp.Rate, imp.PeakMB, imp.CPUSeconds)
	if requests == 0 {
		return imp, nil, nil
	}
	out, err := api.timeRecall(cases, requests)
	return imp, out, err
}

// batonAPI calls a Baton server's API as one steward.
type batonAPI struct {
	base, token string
	client      *http.Client
}

// startBaton serves a fresh SQLite Baton with one steward and its token.
func startBaton(ctx context.Context, tmp string) (*batonAPI, func(), error) {
	st, err := store.Open("sqlite:" + filepath.Join(tmp, "baton.db"))
	if err != nil {
		return nil, nil, err
	}
	fail := func(err error) (*batonAPI, func(), error) {
		st.Close()
		return nil, nil, err
	}
	if _, err := st.MigrateUp(ctx); err != nil {
		return fail(err)
	}
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		return fail(err)
	}
	token, hash, prefix := auth.NewToken()
	if _, err := st.CreateToken(ctx, steward.ID, "bench", hash, prefix); err != nil {
		return fail(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(web.New(st, web.NewServices(st, ingest.New(st), nil), "bench-secret", quiet,
		web.Config{Limits: web.Limits{API: web.Rate{Burst: -1}, SignIn: web.Rate{Burst: -1}, SignInAddress: web.Rate{Burst: -1}}}))
	stop := func() {
		srv.Close()
		st.Close()
	}
	return &batonAPI{base: srv.URL, token: token, client: &http.Client{}}, stop, nil
}

// do sends one request and answers its body, or an error for any status but 200.
func (a *batonAPI) do(method, path string, body []byte) ([]byte, error) {
	req, _ := http.NewRequest(method, a.base+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+a.token)
	resp, err := a.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != 200 {
		err = fmt.Errorf("%s %s: %d %.200s", method, path, resp.StatusCode, b)
	}
	return b, err
}

// importProfile, when set, is where importFrames writes a CPU profile of
// the import.
var importProfile string

// importFrames posts the corpus in batches of 5,000 lines, read from the
// file as they go, and answers frames a second, the peak RSS in MB and the
// CPU time the import took.
func (a *batonAPI) importFrames(framesPath string) (importFigures, error) {
	f, err := os.Open(framesPath)
	if err != nil {
		return importFigures{}, err
	}
	defer f.Close()
	runtime.GC()
	resetPeakRSS()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var batch bytes.Buffer
	imported, lines := 0, 0
	if importProfile != "" {
		pf, err := os.Create(importProfile)
		if err != nil {
			return importFigures{}, err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return importFigures{}, err
		}
		defer pprof.StopCPUProfile()
	}
	start, cpuStart := time.Now(), cpuSeconds()
	send := func() error {
		if lines == 0 {
			return nil
		}
		b, err := a.do("POST", "/api/v1/frames/import", batch.Bytes())
		if err != nil {
			return err
		}
		var res struct{ Summary string }
		if err := json.Unmarshal(b, &res); err != nil || !strings.HasPrefix(res.Summary, strconv.Itoa(lines)+" created") {
			return fmt.Errorf("import: %s", res.Summary)
		}
		imported += lines
		batch.Reset()
		lines = 0
		return nil
	}
	for sc.Scan() {
		batch.Write(sc.Bytes())
		batch.WriteByte('\n')
		if lines++; lines == 5000 {
			if err := send(); err != nil {
				return importFigures{}, err
			}
		}
	}
	if err := send(); err != nil {
		return importFigures{}, err
	}
	return importFigures{Rate: float64(imported) / time.Since(start).Seconds(), PeakMB: peakRSSMB(), CPUSeconds: cpuSeconds() - cpuStart}, nil
}

// cpuSeconds is the CPU time (user and system) the process has used.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// timeRecall times each recall case: five warm-up requests, then requests
// timed ones.
func (a *batonAPI) timeRecall(cases []recallCase, requests int) (map[string]figures, error) {
	out := map[string]figures{}
	for _, c := range cases {
		v := url.Values{"q": {c.Q}, "limit": {strconv.Itoa(c.Limit)}}
		if c.Mode != "" {
			v.Set("mode", c.Mode)
		}
		if c.Module != "" {
			v.Set("module", c.Module)
		}
		if c.Since != "" {
			v.Set("since", c.Since)
		}
		path := "/api/v1/frames/recall?" + v.Encode()
		var res struct {
			Count  int     `json:"count"`
			TookMS float64 `json:"took_ms"`
		}
		for range 5 {
			if _, err := a.do("GET", path, nil); err != nil {
				return nil, err
			}
		}
		times, took := make([]float64, 0, requests), make([]float64, 0, requests)
		for range requests {
			t0 := time.Now()
			b, err := a.do("GET", path, nil)
			times = append(times, float64(time.Since(t0).Microseconds())/1000)
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(b, &res); err != nil {
				return nil, err
			}
			took = append(took, res.TookMS)
		}
		slices.Sort(times)
		slices.Sort(took)
		out[c.Name] = figures{P50: times[len(times)/2], P95: times[len(times)*95/100], TookP50: took[len(took)/2], Hits: res.Count}
		fmt.Fprintf(os.Stderr, "framesbench: Baton %-16s p50 %.2f ms p95 %.2f ms\n", c.Name, out[c.Name].P50, out[c.Name].P95)
	}
	return out, nil
}

func benchLex(tmp, lexDir, framesPath string, cases []recallCase, requests int) (*lexFigures, error) {
	if _, err := os.Stat(filepath.Join(lexDir, "src/memory/store/queries.ts")); err != nil {
		return nil, fmt.Errorf("%s is not a Lex checkout (no src/memory/store/queries.ts)", lexDir)
	}
	script := filepath.Join(tmp, "lex-bench.mts")
	if err := os.WriteFile(script, lexScript, 0o644); err != nil {
		return nil, err
	}
	casesJSON, _ := json.Marshal(cases)
	casesPath := filepath.Join(tmp, "cases.json")
	if err := os.WriteFile(casesPath, casesJSON, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("npx", "tsx", script, filepath.Join(tmp, "lex.db"), framesPath, casesPath, strconv.Itoa(requests))
	cmd.Dir = lexDir
	cmd.Env = append(os.Environ(), "LEX_LOG_LEVEL=silent", "NODE_OPTIONS=--max-old-space-size=4096")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("npx tsx lex.mts: %v: %.500s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var lf lexFigures
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &lf); err != nil {
		return nil, fmt.Errorf("lex.mts answered %.300q: %v", stdout.String(), err)
	}
	return &lf, nil
}

// resetPeakRSS resets the kernel's record of the process's peak resident
// memory (Linux: /proc/self/clear_refs), so the peak read after is the
// import's.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

func peakRSSMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

func writeReport(n, requests int, loadBefore, loadAfter string, imp importFigures, cases []recallCase,
	bf map[string]figures, lex *lexFigures, lexNote, lexDir string, took time.Duration) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	commit := ""
	if out, err := exec.Command("git", "describe", "--always", "--dirty").Output(); err == nil {
		commit = strings.TrimSpace(string(out))
	}
	p("# Frames: Baton beside Lex, %s", time.Now().UTC().Format(time.RFC3339))
	p("")
	p("%s, %s, %d cores; load average %s at the start, %s at the end. %d frames (generated: one year, \"auth\" in ~47%%,",
		commit, runtime.Version(), runtime.NumCPU(), loadBefore, loadAfter, n)
	p("\"cache\" 1%%, \"zanzibar\" 1 in 10,000, modules mod-0…mod-49). Command: `go run ./bench/cmd/framesbench -frames %d -requests %d`", n, requests)
	p("(`make bench` runs it). Baton: an in-process server on SQLite, every figure through HTTP (import: POST /api/v1/frames/import,")
	p("NDJSON batches of 5,000; recall: GET /api/v1/frames/recall, limit 10, %d requests a case, p50/p95 of the round trip and", requests)
	p("the server's took_ms p50). Lex: searchFrames in-process (its whole answer, newest first; the module and time filters applied")
	p("to it as its frame_search does; the first 10 kept), import as `lex frames import` (look up, saveFrame, one frame at a time).")
	p("")
	if lex == nil {
		p("**%s**", lexNote)
		p("")
	} else {
		p("Lex: %s (%d frames imported by it).", lexDir, lex.ImportFrames)
		p("")
	}
	p("## Import")
	p("")
	p("| | frames/s | peak memory MB | CPU ms per 1,000 frames | aim |")
	p("|---|---:|---:|---:|---|")
	p("| Baton (HTTP, whole process RSS and CPU, the client's too) | %.0f | %.0f | %.0f | ≥ 20,000 frames/s, ≤ 200 MB: %s |", imp.Rate, imp.PeakMB,
		imp.CPUSeconds*1000/float64(n)*1000, verdict(imp.Rate >= 20000 && imp.PeakMB <= 200))
	if lex != nil {
		p("| Lex (in-process, node RSS) | %.0f | %.0f | — | |", lex.ImportPerSecond, lex.ImportPeakMB)
	}
	p("")
	if requests == 0 {
		p("Recall was not measured (-requests 0).")
		p("")
		p("Run took %s.", took.Round(time.Second))
		return b.String()
	}
	p("## Recall, limit 10")
	p("")
	p("| case | query | Lex's matches | hits | Baton p50 ms | Baton p95 ms | took_ms p50 | Lex p50 ms | Lex p95 ms | Lex ÷ Baton (p50) | aim |")
	p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	for _, c := range cases {
		f := bf[c.Name]
		q := "`" + c.Q + "`"
		if c.Mode != "" {
			q += " mode=" + c.Mode
		}
		if c.Module != "" {
			q += " module=" + c.Module
		}
		if c.Since != "" {
			q += " since=" + c.Since[:10]
		}
		lexP50, lexP95, ratio, matches := "—", "—", "—", "—"
		ok := f.P95 <= 5
		aim := "p95 ≤ 5 ms"
		if lex != nil {
			if l, found := lex.Cases[c.Name]; found {
				lexP50, lexP95, matches = fmt.Sprintf("%.2f", l.P50), fmt.Sprintf("%.2f", l.P95), strconv.Itoa(l.Matches)
				ratio = fmt.Sprintf("%.1f×", l.P50/f.P50)
				if c.Name == "common" {
					aim += ", ≥ 10× Lex"
					ok = ok && l.P50/f.P50 >= 10
				}
			}
		} else if c.Name == "common" {
			aim += ", ≥ 10× Lex (not measured)"
		}
		p("| %s | %s | %s | %d | %.2f | %.2f | %.2f | %s | %s | %s | %s: %s |", c.Name, q, matches, f.Hits, f.P50, f.P95, f.TookP50, lexP50, lexP95, ratio, aim, verdict(ok))
	}
	p("")
	p("Run took %s.", took.Round(time.Second))
	return b.String()
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}
