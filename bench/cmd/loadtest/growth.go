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

	"github.com/baton-dev/baton/bench/corpus"
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
	growthHeader(r, stewards, perSession, levels[0])
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
	// The reference: the smallest level's data in a database of its own,
	// measured in turn with the grown one at every level (see measureGrowth).
	refStore, refDone, err := openBenchStore(ctx, store.SQLite, tmp, "", "growth-ref")
	if err != nil {
		return err
	}
	defer refDone()
	ref, err := newGrowthRig(ctx, refStore, log, stewards, perSession)
	if err != nil {
		return err
	}
	defer ref.srv.Close()
	if _, _, err := ref.grow(ctx, corpus.New(11), 0, levels[0]); err != nil {
		return err
	}
	c := corpus.New(11)
	loaded := 0
	figures := []string{"session list", "session page", "search rare", "search common", "append 20"}
	var measured []growthLevel
	for _, level := range levels {
		genRate, indexRate, err := g.grow(ctx, c, loaded, level)
		if err != nil {
			return err
		}
		loaded = level
		m, err := measureGrowth(ctx, g, ref, level, len(figures))
		if err != nil {
			return err
		}
		measured = append(measured, m)
		row := fmt.Sprintf("| %d | %d | %.0f | %.0f |", level, level/g.perSession, genRate, indexRate)
		for k := range figures {
			p50, p95 := percentiles(m.times[k])
			row += fmt.Sprintf(" %s / %s |", msShort(p50), msShort(p95))
		}
		var cells, refCells, growths []string
		for k := range figures {
			cells = append(cells, msShort(m.cpu(k)))
			refCells = append(refCells, msShort(m.refCPU(k)))
			lo, hi := m.spread(k)
			growths = append(growths, fmt.Sprintf("%.2f (%.2f–%.2f)", m.growth(k), lo, hi))
		}
		var appendTotal time.Duration
		for _, d := range m.times[len(figures)-1] {
			appendTotal += d
		}
		// What the server holds now, not what an earlier step left for
		// the collector.
		debug.FreeOSMemory()
		var mem runtime.MemStats
		runtime.ReadMemStats(&mem)
		r.printf("%s %s | %s | %s | %.0f | %.0f | %.0f | %.0f |", row, strings.Join(cells, " / "), strings.Join(refCells, " / "), strings.Join(growths, " / "),
			float64(len(m.times[len(figures)-1])*20)/appendTotal.Seconds(), float64(mem.HeapInuse)/(1<<20), rssMB(), fileMB(filepath.Join(tmp, "growth.db")))
	}
	growthAim(r, figures, measured, levels)
	return nil
}

// Each figure of a level is growthRounds rounds of growthRequests requests
// on the grown server, each round beside the same requests on the
// reference; with 50 requests taken once, minutes apart from the smallest
// level's, a figure's growth from 10,000 to 1,000,000 messages moved
// between 0.72× and 2.2× from run to run of the same code, with the
// machine's other work.
const (
	growthRounds   = 10
	growthRequests = 50
)

// growthLevel is what one level measured: by figure, the grown server's
// request times and, by round, its CPU time and the reference's for the
// same requests.
type growthLevel struct {
	times      [][]time.Duration
	cpus, refs [][]time.Duration // by figure, by round: CPU time of growthRequests requests
}

// cpu is figure k's CPU time per request on the grown server.
func (m growthLevel) cpu(k int) time.Duration { return sum(m.cpus[k]) / growthRounds / growthRequests }

// refCPU is figure k's CPU time per request on the reference.
func (m growthLevel) refCPU(k int) time.Duration {
	return sum(m.refs[k]) / growthRounds / growthRequests
}

// growth is figure k's CPU time on the grown server over the reference's,
// over all the rounds.
func (m growthLevel) growth(k int) float64 {
	return float64(sum(m.cpus[k])) / float64(max(sum(m.refs[k]), time.Microsecond))
}

// spread is the least and the most growth of figure k in one round.
func (m growthLevel) spread(k int) (lo, hi float64) {
	lo, hi = math.Inf(1), 0
	for i := range m.cpus[k] {
		g := float64(m.cpus[k][i]) / float64(max(m.refs[k][i], time.Microsecond))
		lo, hi = min(lo, g), max(hi, g)
	}
	return lo, hi
}

func sum(ds []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t
}

// measureGrowth measures every figure on the grown rig g beside the
// reference ref (the smallest level's data), in rounds: each round sends
// growthRequests of a figure to one, then the same to the other (which
// goes first alternates), and takes this process's CPU time over each.
// The growth of a figure is then the ratio of two CPU times taken in the
// same seconds, under the same load of the machine, and not of two taken
// minutes apart. What a request costs is all counted: the HTTP client and
// server, the handler, SQLite, what the collector does for the requests'
// garbage, and, for the appends, the WAL checkpoint each write group
// starts (its goroutine is given the time to run before the CPU time is
// read). What the level's build left is not: before the first round the
// generated data's WAL is checkpointed (the generator writes outside the
// write group, so nothing checkpointed it, as a running server's
// checkpointer would have) and its garbage collected.
func measureGrowth(ctx context.Context, g, ref *growthRig, level, figures int) (growthLevel, error) {
	m := growthLevel{times: make([][]time.Duration, figures), cpus: make([][]time.Duration, figures), refs: make([][]time.Duration, figures)}
	for _, rig := range []*growthRig{g, ref} {
		if err := checkpointWhole(ctx, rig.st); err != nil {
			return m, err
		}
	}
	runtime.GC()
	gfs, rfs := g.figures(level), ref.figures(level)
	appendFigure := figures - 1
	// A few requests first, untimed: the first of a kind pays for what
	// is made once (templates, caches, prepared plans).
	for k := range gfs {
		for _, fn := range []func() error{gfs[k], rfs[k]} {
			if _, err := timeN(5, fn); err != nil {
				return m, err
			}
		}
	}
	for round := range growthRounds {
		for k := range gfs {
			measure := func(fn func() error, grown bool) error {
				prof, err := startGrowthProfile(level, k, round, grown)
				if err != nil {
					return err
				}
				cpu0 := processCPU()
				d, err := timeN(growthRequests, fn)
				if err != nil {
					prof()
					return err
				}
				if k == appendFigure {
					// The checkpoint the last group kicked runs within
					// checkpointEvery (250 ms): it is the appends' cost.
					time.Sleep(300 * time.Millisecond)
				}
				cpu := processCPU() - cpu0
				prof()
				if grown {
					m.times[k] = append(m.times[k], d...)
					m.cpus[k] = append(m.cpus[k], cpu)
				} else {
					m.refs[k] = append(m.refs[k], cpu)
				}
				return nil
			}
			grownFirst := round%2 == 0
			for _, grown := range []bool{grownFirst, !grownFirst} {
				fn := rfs[k]
				if grown {
					fn = gfs[k]
				}
				if err := measure(fn, grown); err != nil {
					return m, err
				}
			}
		}
	}
	// The reference keeps the smallest level's data: what its appends
	// added (as many messages as it holds) goes with their session. The
	// grown rig's go too, so at every level both append to a new session
	// and the level holds the messages it says.
	for _, rig := range []*growthRig{g, ref} {
		if err := rig.newAppendSession(ctx); err != nil {
			return m, err
		}
	}
	return m, nil
}

// checkpointWhole copies the whole WAL of st into its database and
// empties it. A checkpoint the store's own goroutine is running makes it
// busy, so it is asked again until it is done.
func checkpointWhole(ctx context.Context, st *store.Store) error {
	for range 100 {
		var busy, frames, copied int
		if err := st.DB().NewRaw("PRAGMA wal_checkpoint(TRUNCATE)").Scan(ctx, &busy, &frames, &copied); err != nil {
			return err
		}
		if busy == 0 && frames == copied {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("checkpoint: the WAL stayed busy for 5 s")
}

// startGrowthProfile, with -cpuprofile, writes a CPU profile of one
// figure's requests in one round to path.growth-<level>-<figure>-<round>,
// the reference's to the same name with -ref (go tool pprof merges the
// rounds' files, and -diff_base shows what the grown server does more),
// and returns what stops it; without, it does nothing.
func startGrowthProfile(level, figure, round int, grown bool) (func(), error) {
	suffix := fmt.Sprintf(".growth-%d-%d-%d", level, figure, round)
	if !grown {
		suffix += "-ref"
	}
	return startProfile(suffix)
}

// growthHeader writes what the growth table measures, and its head.
func growthHeader(r *report, stewards, perSession, smallest int) {
	r.printf("## Growth: %d stewards, %d messages per session (SQLite)", stewards, perSession)
	r.printf("")
	r.text("Each level is generated straight into the tables (sessions of %d messages dealt to the stewards in turn; the generation", perSession)
	r.text("rate is how fast the benchmark builds its data, NOT an ingest figure) and indexed by the search indexer (index msg/s).")
	r.text("Then each figure is %d rounds of %d requests over HTTP as one steward (who owns %d%% of the messages, the rare word's among them):", growthRounds, growthRequests, 100/stewards)
	r.text("the session list, a 20-message session page, search for a rare word (in one message at every size) and a common word,")
	r.text("and appends of 20 messages through the API (the ingest figure at that size). Every answer is the same size at every")
	r.text("level: the steward owns a full list page and a full ranking window of the common word already at the smallest size, so")
	r.text("a figure grows only with the data its index walks. CPU per request is this process's CPU time (user and system) over")
	r.text("a round's requests: the HTTP client and server, the handler, SQLite, the collector's work for the requests' garbage and,")
	r.text("for the appends, the WAL checkpoint they start; not the level's build (its WAL is checkpointed and its garbage collected")
	r.text("before the rounds). Each round of a figure runs beside the same round on a reference server over a database of the")
	r.text("smallest level's data (%s messages) in this process, the two in turn: a figure's growth is its CPU time over the", thousands(float64(smallest)))
	r.text("reference's in the same seconds, so the machine's other work, which moves a CPU time taken minutes apart by up to 2×,")
	r.text("moves both alike; the growth aim is judged on it, with the least and most of one round beside it.")
	r.text("Memory is the whole load-test process (servers and generator share it): Go heap in use and RSS; database is the")
	r.text("grown SQLite file with its WAL.")
	r.printf("")
	r.printf("| messages | sessions | generated msg/s | index msg/s | list p50/p95 | session page p50/p95 | search rare p50/p95 | search common p50/p95 | append 20 p50/p95 | CPU ms per request: list / page / rare / common / append | the same on the reference | growth (least–most of a round) | append msg/s | heap MB | RSS MB | database MB |")
	r.printf("|---:|---:|---:|---:|---|---|---|---|---|---|---|---|---:|---:|---:|---:|")
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
	// firstSession is the steward's first generated session, the page
	// timed.
	firstSession string
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
	return g.newAppendSession(ctx)
}

// newAppendSession deletes the session the rig appended to, if any, with
// its messages, and makes a new one to append to.
func (g *growthRig) newAppendSession(ctx context.Context) error {
	if g.appendTo != nil {
		if err := g.st.DeleteSession(ctx, g.me, g.appendTo.ID); err != nil {
			return err
		}
	}
	g.appendTo = &baton.Session{Title: "growth appends"}
	return g.st.CreateSession(ctx, g.me, g.appendTo)
}

// grow grows the data from loaded to level messages and indexes it, and
// returns the rates of both.
func (g *growthRig) grow(ctx context.Context, c *corpus.Corpus, loaded, level int) (genRate, indexRate float64, err error) {
	start := time.Now()
	if err := generate(ctx, g.st, g.l, c, loaded, level); err != nil {
		return 0, 0, err
	}
	genRate = float64(level-loaded) / time.Since(start).Seconds()
	start = time.Now()
	indexed, err := g.st.IndexPending(ctx)
	if err != nil {
		return 0, 0, err
	}
	indexRate = float64(indexed) / time.Since(start).Seconds()
	return genRate, indexRate, nil
}

// figures are the requests a level times, one function each: the session
// list, a 20-message session page, search for the rare and the common
// word, and an append of 20 messages.
func (g *growthRig) figures(level int) []func() error {
	if g.firstSession == "" {
		// Generated first, at the smallest level: the same session at every level.
		_ = g.st.DB().NewRaw("SELECT id FROM sessions WHERE steward_id = ? AND message_count = ? ORDER BY started_at LIMIT 1",
			g.me, g.perSession).Scan(context.Background(), &g.firstSession)
	}
	return []func() error{
		g.get(g.browser, "/sessions", ""),
		g.get(g.browser, "/sessions/"+g.firstSession, ""),
		g.get(http.DefaultClient, "/api/v1/search?q="+onceTerm, g.token),
		g.get(http.DefaultClient, "/api/v1/search?q="+commonTerm, g.token),
		g.appender(level),
	}
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
// log(largest)/log(smallest). A figure's growth is its CPU time per
// request at the largest level over the reference's (the smallest level's
// data) in the same rounds (measureGrowth).
func growthAim(r *report, figures []string, lv []growthLevel, levels []int) {
	if len(levels) < 2 {
		return
	}
	small, big := levels[0], levels[len(levels)-1]
	last := lv[len(lv)-1]
	bound := math.Log(float64(big)) / math.Log(float64(small))
	worst, worstAt := 0.0, 0
	var parts []string
	for k, name := range figures {
		g := last.growth(k)
		lo, hi := last.spread(k)
		parts = append(parts, fmt.Sprintf("%s %.2f× (rounds %.2f–%.2f×)", name, g, lo, hi))
		if g > worst {
			worst, worstAt = g, k
		}
	}
	r.printf("")
	r.printf("growth of each figure's CPU time per request from %d to %d messages, beside the reference in the same rounds: %s (log n grows %.2f×)", small, big, strings.Join(parts, ", "), bound)
	a := aim{name: fmt.Sprintf("growth from %s to %s messages, CPU time per request of the fastest-growing figure (%s)", thousands(float64(small)), thousands(float64(big)), figures[worstAt]),
		target: fmt.Sprintf("≤ log n's growth, %.2f×", bound), measured: fmt.Sprintf("%.2f× (%s)", worst, strings.Join(parts, ", ")), ok: worst <= bound,
		why: "every answer is the same size at every level (a full list page, a full ranking window, one rare match), so a figure past log n's growth " +
			"reads rows that grow with n, not only an index walk: see the table's CPU columns for which",
		baseline: fmt.Sprintf("%s at %s messages, measured beside it: %s of CPU per request", figures[worstAt], thousands(float64(small)), ms(last.refCPU(worstAt))), ratio: times(worst)}
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
