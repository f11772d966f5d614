package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
	"github.com/uptrace/bun"
)

// The realistic mix's requests one at a time (make load): what
// one request costs the server (and the Go client beside it), measured
// without the other clients' noise. Budgets belong here, not in tests.

// mixText is a message of the mix's kind: about 40 words of code talk.
func mixText(i int) string {
	words := strings.Fields("the handler goroutine commit index cache token search session query latency worker batch " +
		"flush cursor migration schema template cookie middleware deadline context channel mutex retry backoff")
	var b strings.Builder
	b.WriteString("The")
	for w := 0; w < 25+i%30; w++ {
		b.WriteByte(' ')
		b.WriteString(words[(i*7+w*13)%len(words)])
	}
	return b.String() + "."
}

// BenchmarkSessionPage2000 reads the session page of an analysed
// 2,000-message session, as the mix's stewards do.
func BenchmarkSessionPage2000(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	sess := &baton.Session{Title: "long read", Type: baton.SessionCode}
	if err := a.St.CreateSession(b.Context(), a.Ada.ID, sess); err != nil {
		b.Fatal(err)
	}
	for j := 0; j < 2000; j += 1000 {
		batch := make([]*baton.Message, 0, 1000)
		for k := j; k < j+1000; k++ {
			batch = append(batch, &baton.Message{SourceID: fmt.Sprint(k), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[k%2], Content: mixText(k)})
		}
		if _, err := a.St.AppendMessages(b.Context(), a.Ada.ID, sess.ID, "", batch); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := analysis.NewService(a.St).AnalyzePending(b.Context()); err != nil {
		b.Fatal(err)
	}
	br := a.SignIn("ada")
	var size int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp, err := br.Client.Get(a.Srv.URL + "/sessions/" + sess.ID)
		if err != nil {
			b.Fatal(err)
		}
		size, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("page: %d", resp.StatusCode)
		}
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// BenchmarkAPIAppend20Parallel is the mix's agents: 64 clients, each
// appending batches of 20 messages to its own session at once; ns/op is
// the server's time per batch with 64 in flight.
func BenchmarkAPIAppend20Parallel(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	const clients = 64
	// Each client has its own session and token, as in the mix (the API's
	// rate limit is per token).
	sessions, tokens := make([]string, clients), make([]string, clients)
	for i := range sessions {
		var sess baton.Session
		benchAPI(a, b, "POST", "/api/v1/sessions", []byte(`{"title":"agent at work"}`), &sess)
		sessions[i] = sess.ID
		token, hash, prefix := auth.NewToken()
		if _, err := a.St.CreateToken(b.Context(), a.Ada.ID, fmt.Sprint("agent ", i), hash, prefix); err != nil {
			b.Fatal(err)
		}
		tokens[i] = token
	}
	var next, seq atomic.Int64
	b.SetParallelism((clients + 1) / 2) // × GOMAXPROCS (2 here) goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := int(next.Add(1)-1) % clients
		sid, token := sessions[i], tokens[i]
		for pb.Next() {
			msgs := make([]map[string]any, 20)
			for k := range msgs {
				n := seq.Add(1)
				msgs[k] = map[string]any{"source_id": fmt.Sprint("m", n), "role": []string{"steward", "assistant"}[n%2],
					"content": mixText(int(n)), "timestamp": time.Date(2026, 1, 1, 0, 0, 0, int(n), time.UTC)}
			}
			body, _ := json.Marshal(map[string]any{"messages": msgs})
			req, _ := http.NewRequest("POST", a.Srv.URL+"/api/v1/sessions/"+sid+"/messages", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Errorf("append: %d", resp.StatusCode)
				return
			}
		}
	})
}

// queryCounter counts the queries Bun sends; with the store's
// BoundQueries, every query a request runs. The store's WAL checkpoint
// is not counted: a write kicks it on a goroutine of its own, so it
// falls inside or after a request's count as the scheduler has it.
type queryCounter struct{ n atomic.Int64 }

func (q *queryCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	return ctx
}

func (q *queryCounter) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if !strings.HasPrefix(e.Query, "PRAGMA wal_checkpoint") {
		q.n.Add(1)
	}
}

// BenchmarkMixRequests is each kind of the mix's requests one at a time,
// as one of its clients sends them: its steward's session list, the page
// of its analysed 2,000-message session, a search, an append of 20 and a
// hook-sized append of 2 to its agent's session. Beside ns/op (stretched by the
// machine's load) it reports the process's CPU time per request and the
// queries Bun sent per request: the figures that decide the mix's p95
// once 64 clients keep both cores busy.
//
// On PostgreSQL (when BATON_TEST_POSTGRES_URL names a server on this
// machine) it also reports db-cpu-ms/op: the CPU time of the server's
// backends for the benchmark's database, which at 64 clients shares the 2
// cores with Baton.
func BenchmarkMixRequests(b *testing.B) {
	dbs := storetest.Databases(b)
	for _, dialect := range []string{store.SQLite, store.Postgres} {
		if u, ok := dbs[dialect]; ok {
			b.Run(dialect, func(b *testing.B) { benchMixRequests(b, u) })
		}
	}
}

func benchMixRequests(b *testing.B, dbURL string) {
	a := webtest.New(b, dbURL)
	// Served as the mix serves it: without the API's rate limit, which
	// would refuse a long run's appends.
	a.Srv.Close()
	a.Srv = httptest.NewServer(webtest.Server(a.St, slog.New(slog.DiscardHandler),
		web.Config{Limits: web.Limits{API: web.Rate{Burst: -1}, SignIn: web.Rate{Burst: -1}, SignInAddress: web.Rate{Burst: -1}}}))
	b.Cleanup(a.Srv.Close)
	read := &baton.Session{Title: "long read", Type: baton.SessionCode}
	if err := a.St.CreateSession(b.Context(), a.Ada.ID, read); err != nil {
		b.Fatal(err)
	}
	for j := 0; j < 2000; j += 1000 {
		batch := make([]*baton.Message, 0, 1000)
		for k := j; k < j+1000; k++ {
			batch = append(batch, &baton.Message{SourceID: fmt.Sprint(k), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[k%2], Content: mixText(k)})
		}
		if _, err := a.St.AppendMessages(b.Context(), a.Ada.ID, read.ID, "", batch); err != nil {
			b.Fatal(err)
		}
	}
	var write baton.Session
	benchAPI(a, b, "POST", "/api/v1/sessions", []byte(`{"title":"agent at work"}`), &write)
	if _, err := analysis.NewService(a.St).AnalyzePending(b.Context()); err != nil {
		b.Fatal(err)
	}
	if _, err := a.St.IndexPending(b.Context()); err != nil { // search on SQLite reads the index
		b.Fatal(err)
	}
	br := a.SignIn("ada")
	queries := &queryCounter{}
	//lint:ignore SA1019 the store keeps its own handle: WithQueryHook would hook a copy it does not use
	a.St.DB().AddQueryHook(queries)
	var seq int
	run := func(name string, send func() *http.Request, client *http.Client) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			queries.n.Store(0)
			bound := a.St.BoundQueries()
			backends := backendCPU(b, a.St)
			cpu := processCPU()
			for i := 0; i < b.N; i++ {
				resp, err := client.Do(send())
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("%s: %d", name, resp.StatusCode)
				}
			}
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			if backends != nil {
				var db time.Duration
				for pid, t := range backendCPU(b, a.St) {
					db += t - backends[pid]
				}
				b.ReportMetric(float64(db.Microseconds())/1000/float64(b.N), "db-cpu-ms/op")
			}
			b.ReportMetric(float64(queries.n.Load()+a.St.BoundQueries()-bound)/float64(b.N), "queries/op")
		})
	}
	get := func(path string) func() *http.Request {
		return func() *http.Request { req, _ := http.NewRequest("GET", a.Srv.URL+path, nil); return req }
	}
	appendOf := func(n int) func() *http.Request {
		return func() *http.Request {
			msgs := make([]map[string]any, n)
			for k := range msgs {
				seq++
				msgs[k] = map[string]any{"source_id": fmt.Sprint("m", seq), "role": []string{"steward", "assistant"}[seq%2], "content": mixText(seq)}
			}
			body, _ := json.Marshal(map[string]any{"messages": msgs})
			req, _ := http.NewRequest("POST", a.Srv.URL+"/api/v1/sessions/"+write.ID+"/messages", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+a.AdaToken)
			return req
		}
	}
	searchFor := func(term string) func() *http.Request {
		return func() *http.Request {
			req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/search?q="+term, nil)
			req.Header.Set("Authorization", "Bearer "+a.AdaToken)
			return req
		}
	}
	run("list", get("/sessions"), br.Client)
	run("page", get("/sessions/"+read.ID), br.Client)
	// A word in many of the read session's messages, and two of them.
	run("search", searchFor("goroutine"), http.DefaultClient)
	run("search2", searchFor("goroutine+deadline"), http.DefaultClient)
	run("append20", appendOf(20), http.DefaultClient)
	run("hook2", appendOf(2), http.DefaultClient)
}

// backendCPU is the CPU time each PostgreSQL backend serving st's database
// has used, by process id, read from /proc (the server runs on this
// machine in the benchmarks); nil on SQLite, or when /proc cannot be read.
func backendCPU(b *testing.B, st *store.Store) map[int]time.Duration {
	if st.Dialect() != store.Postgres {
		return nil
	}
	var pids []int
	if err := st.DB().NewRaw("SELECT pid FROM pg_stat_activity WHERE datname = current_database()").Scan(b.Context(), &pids); err != nil {
		b.Fatal(err)
	}
	out := map[int]time.Duration{}
	for _, pid := range pids {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return nil
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
