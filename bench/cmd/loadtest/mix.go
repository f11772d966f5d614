package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/baton-dev/baton/bench/corpus"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
	_ "github.com/jackc/pgx/v5/stdlib"
)

// The realistic mix (make load): of every 20 requests, stewards
// browse the session list (4) and a transcript page (4), agents append a
// batch of 20 messages (6) and stream hook-sized appends of 2 (4), and
// someone searches (2). Each client is a steward's browser and an agent
// token at once, on its own session.
var mixPlan = []string{
	"list", "append", "page", "hook", "append", "search", "list", "page", "append", "hook",
	"list", "page", "append", "hook", "search", "append", "list", "page", "append", "hook",
}

// mixDatabases is which databases the realistic mix measures (-mix-databases).
var mixDatabases = "sqlite,postgres"

// mixKinds, when set (-mix-kinds), keeps only these kinds of the plan's
// requests: a page-only run shows what a page costs the server under
// many clients, without the writers.
var mixKinds string

// listed reports whether v is one of a comma-separated list's values.
func listed(list, v string) bool {
	return strings.Contains(","+strings.ReplaceAll(list, " ", "")+",", ","+v+",")
}

// mixProfile, when set (-cpuprofile), is where the measured part of each
// level of the mix writes a CPU profile.
var mixProfile string

// mixTrace, when set (-mix-trace), is where the measured part of each
// level of the mix writes an execution trace: it shows what the appends
// wait for (the write lock, a P after a system call, the scheduler).
var mixTrace string

// Aims at 64 clients: on SQLite, and on PostgreSQL with 2 instances.
const (
	mixAimPageP95         = 100 * time.Millisecond
	mixAimAppendP95       = 100 * time.Millisecond
	mixAimPostgresPageP95 = 150 * time.Millisecond
)

// openBenchStore opens a fresh database of the dialect: a file in tmp, or a
// new database on the PostgreSQL server at pgAdmin.
func openBenchStore(ctx context.Context, dialect, tmp, pgAdmin, name string) (*store.Store, func(), error) {
	st, _, done, err := openBenchStoreURL(ctx, dialect, tmp, pgAdmin, name)
	return st, done, err
}

// openBenchStoreURL is openBenchStore that also returns the database URL,
// for a second instance over the same database.
func openBenchStoreURL(ctx context.Context, dialect, tmp, pgAdmin, name string) (*store.Store, string, func(), error) {
	path := tmp + "/" + name + ".db"
	url := "sqlite:" + path
	cleanup := func() { removeSQLite(path) }
	if dialect == store.Postgres {
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		db := "baton_bench_" + name + "_" + hex.EncodeToString(b)
		admin, err := sql.Open("pgx", pgAdmin)
		if err != nil {
			return nil, "", nil, err
		}
		if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+db); err != nil {
			admin.Close()
			return nil, "", nil, err
		}
		rest, query, _ := strings.Cut(pgAdmin, "?")
		url = rest[:strings.LastIndex(rest, "/")] + "/" + db
		if query != "" {
			url += "?" + query
		}
		cleanup = func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)"); admin.Close() }
	}
	st, err := store.Open(url)
	if err != nil {
		cleanup()
		return nil, "", nil, err
	}
	if _, err := st.MigrateUp(ctx); err != nil {
		st.Close()
		cleanup()
		return nil, "", nil, err
	}
	return st, url, func() { st.Close(); cleanup() }, nil
}

type mixClient struct {
	base    string // the instance it talks to
	browser *http.Client
	token   string
	session string // the agent appends here
	read    string // the steward reads this session (readSize messages)
}

type sample struct {
	kind string
	d    time.Duration
	err  bool
}

func benchMix(ctx context.Context, r *report, tmp, pgAdmin, clientCounts string, log *slog.Logger, seconds float64, readSize int) error {
	r.printf("## Realistic mix (make load)")
	r.printf("")
	r.text("Each client is a steward browsing (session list, a transcript page of a %d-message session) and an agent", readSize)
	r.text("appending batches of 20 and hook-sized batches of 2, plus search; %d requests in every 20: list 4, page 4, append 6, hook 4, search 2.", len(mixPlan))
	r.text("Search indexer and analysis worker run. Every client has its own steward, token and session. %.0f s per level.", seconds)
	r.printf("")
	var dialects []string
	if listed(mixDatabases, store.SQLite) {
		dialects = append(dialects, store.SQLite)
	}
	if listed(mixDatabases, store.Postgres) {
		if pgAdmin != "" {
			dialects = append(dialects, store.Postgres)
		} else {
			r.text("(PostgreSQL skipped: set BATON_TEST_POSTGRES_URL)")
		}
	}
	if mixKinds != "" {
		for _, kind := range strings.Split(mixKinds, ",") {
			if !slices.Contains(mixPlan, strings.TrimSpace(kind)) {
				return fmt.Errorf("-mix-kinds: %q is not a kind of the mix's requests (list, page, append, hook, search)", kind)
			}
		}
		r.text("Only these kinds are sent (-mix-kinds): %s.", mixKinds)
	}
	r.printf("| database | clients | requests/s | errors | list p50/p95/p99 | page p50/p95/p99 | append p50/p95/p99 | hook p50/p95/p99 | search p50/p95/p99 |")
	r.printf("|---|---:|---:|---:|---|---|---|---|---|")
	var verdicts, cpuLines []string
	for _, dialect := range dialects {
		var first *mixResult // the fewest clients: the baseline of the most
		firstClients := 0
		for _, field := range strings.Split(clientCounts, ",") {
			clients, err := strconv.Atoi(strings.TrimSpace(field))
			if err != nil || clients < 1 {
				return fmt.Errorf("-mix-clients: %q is not a client count", field)
			}
			res, err := runMix(ctx, dialect, tmp, pgAdmin, log, clients, time.Duration(seconds*float64(time.Second)), readSize)
			if err != nil {
				return fmt.Errorf("%s at %d clients: %w", dialect, clients, err)
			}
			if first == nil {
				first, firstClients = res, clients
			}
			name := dialect
			if res.instances > 1 {
				name = fmt.Sprintf("%s, %d instances", dialect, res.instances)
			}
			row := fmt.Sprintf("| %s | %d | %.0f | %d |", name, clients, res.rate, res.errors)
			for _, kind := range []string{"list", "page", "append", "hook", "search"} {
				p := res.pct[kind]
				row += fmt.Sprintf(" %s / %s / %s |", msShort(p[0]), msShort(p[1]), msShort(p[2]))
			}
			r.printf("%s", row)
			line := fmt.Sprintf("%s, %d clients: %d requests, CPU %.2f ms per request (this process: server and clients, user+system)",
				dialect, clients, res.requests, perRequest(res.cpu, res.requests))
			if dialect == store.Postgres {
				line += fmt.Sprintf("; PostgreSQL's CPU %.2f ms per request (its processes for the database, from /proc)", perRequest(res.dbCPU, res.requests))
			}
			cpuLines = append(cpuLines, line)
			pageP95 := max(res.pct["list"][1], res.pct["page"][1])
			basePage := max(first.pct["list"][1], first.pct["page"][1])
			baseLine := func(kind string, p95, base time.Duration) (string, string) {
				return fmt.Sprintf("%s p95 at %d clients: %s", kind, firstClients, ms(base)), times(float64(p95) / float64(max(base, time.Microsecond)))
			}
			switch {
			case dialect == store.SQLite && clients == 64:
				errs := r.noErrors("realistic mix, 64 clients, SQLite: errors", res.errors)
				page := r.atMost("realistic mix, 64 clients, SQLite: page p95 (list and transcript)", pageP95, mixAimPageP95, whyMixPage)
				r.compare(baseLine("page", pageP95, basePage))
				appendP95 := res.pct["append"][1]
				app := r.atMost("realistic mix, 64 clients, SQLite: append p95", appendP95, mixAimAppendP95, whyMixAppend)
				r.compare(baseLine("append", appendP95, first.pct["append"][1]))
				verdicts = append(verdicts, fmt.Sprintf("64 clients on SQLite: errors %d (aim 0: %s); page p95 %s (aim ≤ 100 ms: %s); append p95 %s (aim ≤ 100 ms: %s)",
					res.errors, errs, ms(pageP95), page, ms(appendP95), app))
			case dialect == store.Postgres && clients == 64:
				errs := r.noErrors(fmt.Sprintf("realistic mix, 64 clients, PostgreSQL, %d instances: errors", res.instances), res.errors)
				page := r.atMost(fmt.Sprintf("realistic mix, 64 clients, PostgreSQL, %d instances: page p95 (list and transcript)", res.instances), pageP95, mixAimPostgresPageP95, whyMixPostgres)
				r.compare(baseLine("page", pageP95, basePage))
				verdicts = append(verdicts, fmt.Sprintf("64 clients on PostgreSQL (%d instances): errors %d (aim 0: %s); page p95 %s (aim ≤ 150 ms: %s)",
					res.instances, res.errors, errs, ms(pageP95), page))
			}
		}
	}
	r.printf("")
	for _, v := range verdicts {
		r.printf("%s", v)
	}
	for _, line := range cpuLines {
		r.printf("%s", line)
	}
	return nil
}

// perRequest is a CPU time shared out over n requests, in milliseconds.
func perRequest(d time.Duration, n int) float64 {
	return float64(d.Microseconds()) / 1000 / float64(max(1, n))
}

// processCPU is the user and system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type mixResult struct {
	instances int // servers the clients were dealt to
	rate      float64
	errors    int
	pct       map[string][3]time.Duration
	requests  int
	cpu       time.Duration // this process's CPU time over the measured part
	dbCPU     time.Duration // PostgreSQL's processes' CPU time for the database over it
}

func runMix(ctx context.Context, dialect, tmp, pgAdmin string, log *slog.Logger, clients int, length time.Duration, readSize int) (*mixResult, error) {
	st, url, done, err := openBenchStoreURL(ctx, dialect, tmp, pgAdmin, fmt.Sprintf("mix%d", clients))
	if err != nil {
		return nil, err
	}
	defer done()
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()
	servers, ims, stop, err := startMixServers(st, url, dialect, log)
	defer stop()
	if err != nil {
		return nil, err
	}
	c := corpus.New(7)
	cs, err := mixClients(ctx, st, servers, clients, readSize, c)
	if err != nil {
		return nil, err
	}
	if err := settleMixSetup(ctx, st, ims[0], dialect); err != nil {
		return nil, err
	}
	// The workers start once the setup's messages are indexed and
	// analysed: the measured part is the mix, not the setup's backlog (with
	// the worker already running, the backlog of 64 × 2,000 messages and the
	// memories of their conversations were still being worked through while
	// the clients ran).
	go st.RunIndexer(ictx, func(error) {})
	for _, im := range ims {
		go im.Analysis().Run(ictx, func(error) {})
	}
	if mixProfile != "" {
		f, err := os.Create(fmt.Sprintf("%s.%s-%d", mixProfile, dialect, clients))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
	}
	if mixTrace != "" {
		f, err := os.Create(fmt.Sprintf("%s.%s-%d", mixTrace, dialect, clients))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := trace.Start(f); err != nil {
			return nil, err
		}
	}
	backends := backendCPU(ctx, st)
	res := measureMix(cs, length)
	if mixProfile != "" {
		pprof.StopCPUProfile()
	}
	if mixTrace != "" {
		trace.Stop()
	}
	if backends != nil {
		for pid, t := range backendCPU(ctx, st) {
			res.dbCPU += t - backends[pid]
		}
	}
	res.instances = len(servers)
	return res, nil
}

// backendCPU is the CPU time each PostgreSQL process serving st's database
// (its connections and any autovacuum worker in it) has used, by process
// id, read from /proc: the server runs on this machine in the benchmarks.
// A process that starts during the measured seconds counts whole; one that
// ends during them is missed. nil on SQLite, or when /proc cannot be read.
func backendCPU(ctx context.Context, st *store.Store) map[int]time.Duration {
	if st.Dialect() != store.Postgres {
		return nil
	}
	var pids []int
	if err := st.DB().NewRaw("SELECT pid FROM pg_stat_activity WHERE datname = current_database()").Scan(ctx, &pids); err != nil {
		return nil
	}
	out := map[int]time.Duration{}
	for _, pid := range pids {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue // ended since
		}
		// utime and stime are fields 14 and 15, in clock ticks (100 a
		// second on Linux), after the command in parentheses.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		utime, _ := strconv.ParseInt(fields[11], 10, 64)
		stime, _ := strconv.ParseInt(fields[12], 10, 64)
		out[pid] = time.Duration(utime+stime) * 10 * time.Millisecond
	}
	return out
}

// startMixServers serves the store over HTTP. On PostgreSQL a second
// instance serves the same database (as two processes behind a balancer
// would); each client keeps to one. stop closes whatever was started, also
// when err is set.
func startMixServers(st *store.Store, url, dialect string, log *slog.Logger) (servers []*httptest.Server, ims []*ingest.Importer, stop func(), err error) {
	var closers []func()
	stop = func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	cfg := web.Config{Limits: web.Limits{API: web.Rate{Burst: -1}, SignIn: web.Rate{Burst: -1}, SignInAddress: web.Rate{Burst: -1}}}
	serve := func(st *store.Store) {
		im := ingest.New(st)
		srv := httptest.NewServer(web.New(st, web.NewServices(st, im, nil), "bench-secret", log, cfg))
		closers = append(closers, srv.Close)
		servers, ims = append(servers, srv), append(ims, im)
	}
	serve(st)
	if dialect == store.Postgres {
		st2, err := store.Open(url)
		if err != nil {
			return nil, nil, stop, err
		}
		closers = append(closers, func() { st2.Close() })
		serve(st2)
	}
	return servers, ims, stop, nil
}

// mixClients makes one steward per client, each with a readSize-message
// session to read and a session its agent appends to, signed in to the
// server it is dealt to.
func mixClients(ctx context.Context, st *store.Store, servers []*httptest.Server, clients, readSize int, c *corpus.Corpus) ([]*mixClient, error) {
	hash, _ := auth.HashPassword("bench-password")
	cs := make([]*mixClient, clients)
	for i := range cs {
		steward := &baton.Steward{Username: fmt.Sprintf("bench%d", i), PasswordHash: hash}
		if err := st.CreateSteward(ctx, steward); err != nil {
			return nil, err
		}
		token, th, prefix := auth.NewToken()
		if _, err := st.CreateToken(ctx, steward.ID, "bench", th, prefix); err != nil {
			return nil, err
		}
		read := &baton.Session{Title: "long read", Type: baton.SessionCode}
		if err := st.CreateSession(ctx, steward.ID, read); err != nil {
			return nil, err
		}
		if err := appendReadSession(ctx, st, steward.ID, read.ID, readSize, c); err != nil {
			return nil, err
		}
		write := &baton.Session{Title: "agent at work"}
		if err := st.CreateSession(ctx, steward.ID, write); err != nil {
			return nil, err
		}
		base := servers[i%len(servers)].URL
		browser, err := signInAs(base, steward.Username)
		if err != nil {
			return nil, err
		}
		browser.Timeout = 60 * time.Second
		cs[i] = &mixClient{base: base, browser: browser, token: token, session: write.ID, read: read.ID}
	}
	return cs, nil
}

// appendReadSession fills a session with size alternating messages, a
// thousand at a time.
func appendReadSession(ctx context.Context, st *store.Store, stewardID int64, sessionID string, size int, c *corpus.Corpus) error {
	for j := 0; j < size; j += 1000 {
		batch := make([]*baton.Message, 0, 1000)
		for k := j; k < min(j+1000, size); k++ {
			batch = append(batch, &baton.Message{SourceID: fmt.Sprint(k), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[k%2], Content: c.Message(k)})
		}
		if _, err := st.AppendMessages(ctx, stewardID, sessionID, "", batch); err != nil {
			return err
		}
	}
	return nil
}

// settleMixSetup indexes and analyses what the setup wrote, so the measured
// part starts from a server that has caught up: as its worker would have,
// once the setup's writes paused, with the long sessions' arc charts drawn
// (analysis.Service.CatchUp).
func settleMixSetup(ctx context.Context, st *store.Store, im *ingest.Importer, dialect string) error {
	if _, err := st.IndexPending(ctx); err != nil {
		return err
	}
	if _, err := im.Analysis().CatchUp(ctx); err != nil {
		return err
	}
	// On PostgreSQL the setup has just written every message and then
	// rewritten each with its analysis: the table holds as many dead rows
	// as live ones and its statistics describe it half-built, which
	// autovacuum would set right during the measured seconds, at its own
	// moment and on the same 2 cores. A server that has been running has
	// done that long ago, so it is done here before the clock starts.
	if dialect == store.Postgres {
		if _, err := st.DB().ExecContext(ctx, "VACUUM ANALYZE"); err != nil {
			return err
		}
	}
	return nil
}

// measureMix runs every client in a closed loop until length has passed
// and sums up what they saw.
func measureMix(cs []*mixClient, length time.Duration) *mixResult {
	var mu sync.Mutex
	var samples []sample
	var wg sync.WaitGroup
	// Each client writes from its own corpus: a corpus's random source is
	// not safe for use by several goroutines at once. They are built
	// before the clock starts: built by the clients, 64 of them were ~4%
	// of the measured CPU.
	corpora := make([]*corpus.Corpus, len(cs))
	for i := range corpora {
		corpora[i] = corpus.New(int64(1000 + i))
	}
	plan := mixPlan
	if mixKinds != "" {
		plan = nil
		for _, kind := range mixPlan {
			if listed(mixKinds, kind) {
				plan = append(plan, kind)
			}
		}
	}
	start := time.Now()
	deadline := start.Add(length)
	cpuStart := processCPU()
	for i, cl := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := corpora[i]
			seq := 0
			for n := i; time.Now().Before(deadline); n++ {
				kind := plan[n%len(plan)]
				t0 := time.Now()
				ok := doMix(cl.base, cl, kind, i, &seq, c)
				mu.Lock()
				samples = append(samples, sample{kind, time.Since(t0), !ok})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	res := &mixResult{rate: float64(len(samples)) / elapsed.Seconds(), pct: map[string][3]time.Duration{}, requests: len(samples), cpu: processCPU() - cpuStart}
	byKind := map[string][]time.Duration{}
	for _, s := range samples {
		if s.err {
			res.errors++
		}
		byKind[s.kind] = append(byKind[s.kind], s.d)
	}
	for kind, ds := range byKind {
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		at := func(p int) time.Duration { return ds[min(len(ds)-1, len(ds)*p/100)] }
		res.pct[kind] = [3]time.Duration{at(50), at(95), at(99)}
	}
	return res
}

// doMix sends one request of a kind and says whether it succeeded.
func doMix(base string, cl *mixClient, kind string, client int, seq *int, c *corpus.Corpus) bool {
	var req *http.Request
	switch kind {
	case "list":
		req, _ = http.NewRequest("GET", base+"/sessions", nil)
		return send(cl.browser, req)
	case "page":
		req, _ = http.NewRequest("GET", base+"/sessions/"+cl.read, nil)
		return send(cl.browser, req)
	case "search":
		term := []string{rareTerm, mediumTerm, "deploy", "goroutine"}[*seq%4]
		req, _ = http.NewRequest("GET", base+"/api/v1/search?q="+term, nil)
	case "append", "hook":
		n := 20
		if kind == "hook" {
			n = 2
		}
		msgs := make([]map[string]any, n)
		for k := range msgs {
			*seq++
			msgs[k] = map[string]any{"source_id": fmt.Sprintf("c%d-%d", client, *seq), "role": []string{"steward", "assistant"}[*seq%2], "content": c.Message(*seq)}
		}
		body, _ := json.Marshal(map[string]any{"messages": msgs})
		req, _ = http.NewRequest("POST", base+"/api/v1/sessions/"+cl.session+"/messages", bytes.NewReader(body))
	}
	req.Header.Set("Authorization", "Bearer "+cl.token)
	return send(http.DefaultClient, req)
}

func send(client *http.Client, req *http.Request) bool {
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode < 400
}

func msShort(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
