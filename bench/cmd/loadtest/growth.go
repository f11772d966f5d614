package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
)

// Growth: 10 stewards, sessions of 20 messages, grown from 10,000
// messages to 1,000,000 (50,000 sessions); at each size, the pages, search
// and an append are timed over HTTP against the same in-process server.
// Each request's answer is the same size at every level — the browsed
// steward owns a full list page (50 sessions) and a full ranking window of
// the common word already at 10,000 messages, and the rare word is in one
// message at every size — so a figure grows only with the data its index
// walks, which is what the aim judges. (With 100 stewards the steward owned
// 5 sessions at 10,000 messages: the list and the ranking window filled
// up between the levels, and the rare word's matches grew tenfold.)
func benchGrowth(ctx context.Context, r *report, tmp string, log *slog.Logger, maxMessages int) error {
	const stewards, perSession = 10, 20
	levels := []int{}
	for _, n := range []int{10_000, 100_000, 300_000, 1_000_000} {
		if n <= max(maxMessages, 10_000) {
			levels = append(levels, n)
		}
	}
	growthHeader(r, stewards, perSession)
	st, done, err := openBenchStore(ctx, store.SQLite, tmp, "", "growth")
	if err != nil {
		return err
	}
	defer done()
	g, err := newGrowthRig(ctx, st, log, stewards, perSession)
	if err != nil {
		return err
	}
	defer g.srv.Close()
	c := newCorpus(11)
	loaded := 0
	figures := []string{"session list", "session page", "search rare", "search common", "append 20"}
	cpus := make([][]time.Duration, len(figures)) // CPU per request, by figure, by level
	for _, level := range levels {
		row, err := g.level(ctx, c, loaded, level, cpus)
		if err != nil {
			return err
		}
		loaded = level
		r.printf("%s | %.0f |", row, fileMB(filepath.Join(tmp, "growth.db")))
	}
	growthAim(r, figures, cpus, levels)
	return nil
}

// growthHeader writes what the growth table measures, and its head.
func growthHeader(r *report, stewards, perSession int) {
	r.printf("## Growth: %d stewards, %d messages per session (SQLite)", stewards, perSession)
	r.printf("")
	r.text("Each level is generated straight into the tables (sessions of %d messages dealt to the stewards in turn; the generation", perSession)
	r.text("rate is how fast the benchmark builds its data, NOT an ingest figure) and indexed by the search indexer (index msg/s).")
	r.text("Then each figure is 50 requests over HTTP as one steward (who owns %d%% of the messages, the rare word's among them):", 100/stewards)
	r.text("the session list, a 20-message session page, search for a rare word (in one message at every size) and a common word,")
	r.text("and appends of 20 messages through the API (the ingest figure at that size). Every answer is the same size at every")
	r.text("level: the steward owns a full list page and a full ranking window of the common word already at the smallest size, so")
	r.text("a figure grows only with the data its index walks. CPU per request is this process's CPU time (server and client,")
	r.text("nothing else running in it) over each figure's 50 requests: unlike the times, it does not move with the machine's")
	r.text("other work, so the growth aim is")
	r.text("judged on it. Memory is the whole load-test process (server and generator share it): Go heap in use and RSS;")
	r.text("database is the SQLite file with its WAL.")
	r.printf("")
	r.printf("| messages | sessions | generated msg/s | index msg/s | list p50/p95 | session page p50/p95 | search rare p50/p95 | search common p50/p95 | append 20 p50/p95 | CPU ms per request: list / page / rare / common / append | append msg/s | heap MB | RSS MB | database MB |")
	r.printf("|---:|---:|---:|---:|---|---|---|---|---|---|---:|---:|---:|---:|")
}

// growthRig is the growth benchmark's server and the steward it browses,
// searches and appends as: the owner of the rare word's messages.
type growthRig struct {
	st         *store.Store
	srv        *httptest.Server
	l          layout
	me         int64
	token      string
	browser    *http.Client
	appendTo   *baton.Session
	perSession int
}

// newGrowthRig starts the server over st, creates the stewards, and signs
// in the one whose sessions hold the rare word, with a token and a
// session to append to.
func newGrowthRig(ctx context.Context, st *store.Store, log *slog.Logger, stewards, perSession int) (*growthRig, error) {
	im := ingest.New(st)
	srv := httptest.NewServer(web.New(st, web.NewServices(st, im, nil), "bench-secret", log, web.Config{Limits: web.Limits{API: web.Rate{Burst: -1}, SignIn: web.Rate{Burst: -1}, SignInAddress: web.Rate{Burst: -1}}}))
	g := &growthRig{st: st, srv: srv, perSession: perSession}
	hash, _ := auth.HashPassword("bench-password")
	ids := make([]int64, stewards)
	for i := range ids {
		s := &baton.Steward{Username: fmt.Sprintf("grow%d", i), PasswordHash: hash}
		if err := st.CreateSteward(ctx, s); err != nil {
			srv.Close()
			return nil, err
		}
		ids[i] = s.ID
	}
	g.l = layout{stewards: ids, perSession: perSession, t0: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	// The rare word is in message 4242 alone: session 212, the 3rd
	// steward's. Browse and search as that steward.
	g.me = g.l.owner(4242)
	if err := g.signIn(ctx); err != nil {
		srv.Close()
		return nil, err
	}
	return g, nil
}

// signIn gives the rig's steward a token, a signed-in browser and a
// session to append to.
func (g *growthRig) signIn(ctx context.Context) error {
	var username string
	if err := g.st.DB().NewRaw("SELECT username FROM stewards WHERE id = ?", g.me).Scan(ctx, &username); err != nil {
		return err
	}
	token, th, prefix := auth.NewToken()
	if _, err := g.st.CreateToken(ctx, g.me, "bench", th, prefix); err != nil {
		return err
	}
	g.token = token
	browser, err := signInAs(g.srv.URL, username)
	if err != nil {
		return err
	}
	g.browser = browser
	g.appendTo = &baton.Session{Title: "growth appends"}
	return g.st.CreateSession(ctx, g.me, g.appendTo)
}

// level grows the data from loaded to level messages, indexes it, times
// each figure 50 times (adding each one's CPU time per request to cpus)
// and returns the table's row without its last cell, the database's size.
func (g *growthRig) level(ctx context.Context, c *corpus, loaded, level int, cpus [][]time.Duration) (string, error) {
	start := time.Now()
	if err := generate(ctx, g.st, g.l, c, loaded, level); err != nil {
		return "", err
	}
	genRate := float64(level-loaded) / time.Since(start).Seconds()
	start = time.Now()
	indexed, err := g.st.IndexPending(ctx)
	if err != nil {
		return "", err
	}
	indexRate := float64(indexed) / time.Since(start).Seconds()
	var firstSession string
	if err := g.st.DB().NewRaw("SELECT id FROM sessions WHERE steward_id = ? AND message_count = ? ORDER BY started_at LIMIT 1",
		g.me, g.perSession).Scan(ctx, &firstSession); err != nil {
		return "", err
	}
	row := fmt.Sprintf("| %d | %d | %.0f | %.0f |", level, level/g.perSession, genRate, indexRate)
	var appends []time.Duration // the last figure's: the appends
	var cpuCells []string
	for k, fn := range []func() error{
		g.get(g.browser, "/sessions", ""),
		g.get(g.browser, "/sessions/"+firstSession, ""),
		g.get(http.DefaultClient, "/api/v1/search?q="+onceTerm, g.token),
		g.get(http.DefaultClient, "/api/v1/search?q="+commonTerm, g.token),
		g.appender(level),
	} {
		// A few requests first, untimed: the first of a kind pays for
		// what is made once (templates, caches, prepared plans), which
		// made the smallest level look the most expensive.
		if _, err := timeN(5, fn); err != nil {
			return "", err
		}
		cpu0 := processCPU()
		d, err := timeN(50, fn)
		if err != nil {
			return "", err
		}
		cpu := (processCPU() - cpu0) / 50
		p50, p95 := percentiles(d)
		row += fmt.Sprintf(" %s / %s |", msShort(p50), msShort(p95))
		cpus[k] = append(cpus[k], cpu)
		cpuCells = append(cpuCells, msShort(cpu))
		appends = d
	}
	row += " " + strings.Join(cpuCells, " / ") + " |"
	var appendTotal time.Duration
	for _, d := range appends {
		appendTotal += d
	}
	// What the server holds now, not what an earlier step left for
	// the collector.
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	row += fmt.Sprintf(" %.0f | %.0f | %.0f", 50*20/appendTotal.Seconds(), float64(m.HeapInuse)/(1<<20), rssMB())
	return row, nil
}

// get is one timed GET of path by client, with token when it is not "".
func (g *growthRig) get(client *http.Client, path string, token string) func() error {
	return timedGET(client, g.srv.URL, path, token)
}

// timedGET is a GET of base+path by client, with token as the bearer when
// it is not "", whose body is read whole; any answer but 200 is an error.
func timedGET(client *http.Client, base, path, token string) func() error {
	return func() error {
		req, _ := http.NewRequest("GET", base+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		return nil
	}
}

// appender is one timed append of 20 messages through the API, each call
// numbering its messages on from the last.
func (g *growthRig) appender(level int) func() error {
	seq := 0
	return func() error {
		seq++
		body := fmt.Sprintf(`{"messages":[%s]}`, strings.TrimSuffix(strings.Repeat(fmt.Sprintf(`{"role":"steward","content":"growth append %d %%d"},`, level), 20), ","))
		body = fmt.Sprintf(body, seqs(seq, 20)...)
		req, _ := http.NewRequest("POST", g.srv.URL+"/api/v1/sessions/"+g.appendTo.ID+"/messages", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+g.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("append: %d", resp.StatusCode)
		}
		return nil
	}
}

// growthAim records the growth aim: from the smallest level to the
// largest, no figure (each served by an index) may grow by more than
// log(largest)/log(smallest). A figure is its CPU time per request (cpus,
// by figure, by level), its value at the smallest level the baseline: the
// p50 times of a few milliseconds, taken minutes apart on a shared
// machine, moved several times over with the load of the moment (the same
// code at a load average of 25: append 20's p50 grew 9.8× from 10,000 to
// 100,000 messages in one run, not at all in the next).
func growthAim(r *report, figures []string, cpus [][]time.Duration, levels []int) {
	if len(levels) < 2 {
		return
	}
	small, big := levels[0], levels[len(levels)-1]
	bound := math.Log(float64(big)) / math.Log(float64(small))
	worst, worstAt := 0.0, 0
	var parts []string
	for k, name := range figures {
		first, last := cpus[k][0], cpus[k][len(cpus[k])-1]
		g := float64(last) / float64(max(first, time.Microsecond))
		parts = append(parts, fmt.Sprintf("%s %.2f×", name, g))
		if g > worst {
			worst, worstAt = g, k
		}
	}
	r.printf("")
	r.printf("growth of each figure's CPU time per request from %d to %d messages: %s (log n grows %.2f×)", small, big, strings.Join(parts, ", "), bound)
	a := aim{name: fmt.Sprintf("growth from %s to %s messages, CPU time per request of the fastest-growing figure (%s)", thousands(float64(small)), thousands(float64(big)), figures[worstAt]),
		target: fmt.Sprintf("≤ log n's growth, %.2f×", bound), measured: fmt.Sprintf("%.2f× (%s)", worst, strings.Join(parts, ", ")), ok: worst <= bound,
		why: "every answer is the same size at every level (a full list page, a full ranking window, one rare match), so a figure past log n's growth " +
			"reads rows that grow with n, not only an index walk: see the table's CPU column for which",
		baseline: fmt.Sprintf("%s at %s messages: %s of CPU per request", figures[worstAt], thousands(float64(small)), ms(cpus[worstAt][0])), ratio: times(worst)}
	if !a.ok {
		a.miss = fmt.Sprintf("%.2f× against %.2f×", worst, bound)
	}
	r.record(a)
}

// fileMB is the size of a SQLite database with its WAL, in MB.
func fileMB(path string) float64 {
	total := int64(0)
	for _, p := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			total += fi.Size()
		}
	}
	return float64(total) / (1 << 20)
}

func seqs(base, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = base*100 + i
	}
	return out
}

// rssMB is this process's resident memory in MB (Linux), or 0.
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb float64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return kb / 1024
		}
	}
	return 0
}
