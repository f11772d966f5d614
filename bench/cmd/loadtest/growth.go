package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
)

// Growth (issue 13): 100 stewards, sessions of 20 messages, grown from 10,000
// messages to 1,000,000 (50,000 sessions); at each size, the pages, search
// and an append are timed over HTTP against the same in-process server.
func benchGrowth(ctx context.Context, r *report, tmp string, log *slog.Logger, maxMessages int) error {
	const stewards, perSession = 100, 20
	levels := []int{}
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		if n <= max(maxMessages, 10_000) {
			levels = append(levels, n)
		}
	}
	r.printf("## Growth: %d stewards, %d messages per session (SQLite)", stewards, perSession)
	r.printf("")
	r.text("Messages are loaded through the store (batches of %d, one session each), then each figure is 50 requests over HTTP", perSession)
	r.text("with the indexer caught up. Memory is the whole load-test process (server and generator share it): Go heap in use and RSS.")
	r.printf("")
	r.printf("| messages | sessions | load msg/s | list p50/p95 | session page p50/p95 | search rare p50/p95 | search common p50/p95 | append 20 p50/p95 | heap MB | RSS MB |")
	r.printf("|---:|---:|---:|---|---|---|---|---|---:|---:|")
	st, done, err := openBenchStore(ctx, store.SQLite, tmp, "", "growth")
	if err != nil {
		return err
	}
	defer done()
	im := ingest.New(st)
	srv := httptest.NewServer(web.NewServer(st, im, "bench-secret", log, web.Config{Limits: web.Limits{API: web.Rate{Burst: -1}, SignIn: web.Rate{Burst: -1}, SignInAddress: web.Rate{Burst: -1}}}))
	defer srv.Close()
	hash, _ := auth.HashPassword("bench-password")
	ids := make([]int64, stewards)
	for i := range ids {
		s := &baton.Steward{Username: fmt.Sprintf("grow%d", i), PasswordHash: hash}
		if err := st.CreateSteward(ctx, s); err != nil {
			return err
		}
		ids[i] = s.ID
	}
	token, th, prefix := auth.NewToken()
	if _, err := st.CreateToken(ctx, ids[0], "bench", th, prefix); err != nil {
		return err
	}
	browser, err := signInAs(srv.URL, "grow0")
	if err != nil {
		return err
	}
	c := newCorpus(11)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	loaded, firstSession := 0, ""
	var appendTo string
	for _, level := range levels {
		start := time.Now()
		for ; loaded < level; loaded += perSession {
			sn := loaded / perSession
			steward := ids[sn%stewards]
			sess := &baton.Session{Title: fmt.Sprintf("session %d", sn), StartedAt: t0.Add(time.Duration(sn) * time.Minute)}
			if err := st.CreateSession(ctx, steward, sess); err != nil {
				return err
			}
			if steward == ids[0] && firstSession == "" {
				firstSession = sess.ID
			}
			if steward == ids[0] {
				appendTo = sess.ID
			}
			batch := make([]*baton.Message, perSession)
			for k := range batch {
				j := loaded + k
				batch[k] = &baton.Message{SourceID: fmt.Sprint(j), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[j%2],
					Content: c.message(j), Timestamp: sess.StartedAt.Add(time.Duration(k) * time.Second)}
			}
			if _, err := st.AppendMessages(ctx, steward, sess.ID, "", batch); err != nil {
				return err
			}
		}
		el := time.Since(start)
		if _, err := st.IndexPending(ctx); err != nil {
			return err
		}
		get := func(client *http.Client, path string, token string) func() error {
			return func() error {
				req, _ := http.NewRequest("GET", srv.URL+path, nil)
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
		seq := 0
		post := func() error {
			seq++
			body := fmt.Sprintf(`{"messages":[%s]}`, strings.TrimSuffix(strings.Repeat(fmt.Sprintf(`{"role":"steward","content":"growth append %d %%d"},`, level), 20), ","))
			body = fmt.Sprintf(body, seqs(seq, 20)...)
			req, _ := http.NewRequest("POST", srv.URL+"/api/v1/sessions/"+appendTo+"/messages", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
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
		row := fmt.Sprintf("| %d | %d | %.0f |", level, level/perSession, float64(level-prevLevel(levels, level))/el.Seconds())
		for _, fn := range []func() error{
			get(browser, "/sessions", ""),
			get(browser, "/sessions/"+firstSession, ""),
			get(http.DefaultClient, "/api/v1/search?q="+rareTerm, token),
			get(http.DefaultClient, "/api/v1/search?q="+commonTerm, token),
			post,
		} {
			d, err := timeN(50, fn)
			if err != nil {
				return err
			}
			p50, p95 := percentiles(d)
			row += fmt.Sprintf(" %s / %s |", msShort(p50), msShort(p95))
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		row += fmt.Sprintf(" %.0f | %.0f |", float64(m.HeapInuse)/(1<<20), rssMB())
		r.printf("%s", row)
	}
	return nil
}

func seqs(base, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = base*100 + i
	}
	return out
}

func prevLevel(levels []int, level int) int {
	prev := 0
	for _, l := range levels {
		if l == level {
			return prev
		}
		prev = l
	}
	return prev
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
