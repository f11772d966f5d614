package demo

// Code sessions of upkeep: CI against PostgreSQL, a goroutine leak, config
// from the environment, a currency backfill, dark-mode settings and a flaky
// end-to-end test (the feature work is in code_sessions.go).

import (
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

func ciPostgresService(s *session) {
	codeSession(s, "Run the integration tests against Postgres in GitHub Actions", "ci/postgres-service", repoAPI, dirAPI, "GitHub Actions", "PostgreSQL", "shell", "YAML")
	s.doc.Session.Tags = []string{"ci", "postgres"}

	ciPostgresServiceWorkflow(s)
	ciPostgresServiceSequences(s)
	ciPostgresServiceOrdering(s)
	s.user(`Green on CI with Postgres. And we caught a real ordering bug on the way — thank you, that one would have bitten a customer eventually.`)
	s.say(`It would have — and only on Postgres, which is exactly why it slipped through. CI now runs every test against both databases.`)
	s.doc.Session.Technical.Errors = []baton.ErrorEncountered{{
		Error:      `duplicate key value violates unique constraint "invoices_tenant_id_number_key"`,
		Resolution: "One schema per test on Postgres",
		Learned:    "Tests against a shared server need their own schema",
	}}
}

// ciPostgresServiceWorkflow adds the PostgreSQL service to the workflow
// and runs the suite locally.
func ciPostgresServiceWorkflow(s *session) {
	s.user(`Our CI only runs the SQLite tests; the Postgres ones are skipped unless ‵TALLY_TEST_PG‵ is set, so twice now a Postgres-only bug reached staging. Can you add a Postgres service container to ‵.github/workflows/test.yml‵ and run the full suite against it?`)
	s.read(".github/workflows/test.yml", 1, `name: test
on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-go@v5
        with:
          go-version-file: go.mod
      - run: go test -race ./...`)
	s.edit(".github/workflows/test.yml", `    runs-on: ubuntu-latest
    steps:`, `    runs-on: ubuntu-latest
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_USER: tally
          POSTGRES_PASSWORD: tally
          POSTGRES_DB: tally_test
        ports:
          - 5432:5432
        options: >-
          --health-cmd "pg_isready -U tally"
          --health-interval 5s
          --health-timeout 5s
          --health-retries 10
    env:
      TALLY_TEST_PG: postgres://tally:tally@localhost:5432/tally_test?sslmode=disable
    steps:`)
	s.say(`Before pushing, I'll run the Postgres suite locally in the same image so we don't iterate through CI:`)
	s.bash(`docker run -d --rm --name tally-pg -e POSTGRES_USER=tally -e POSTGRES_PASSWORD=tally -e POSTGRES_DB=tally_test -p 55432:5432 postgres:16 && until pg_isready -h localhost -p 55432 -U tally; do sleep 1; done && TALLY_TEST_PG=postgres://tally:tally@localhost:55432/tally_test?sslmode=disable go test ./internal/store/...`,
		"Start Postgres 16 in Docker and run the store tests against it",
		`6f0c1e2a9d4b
localhost:55432 - no response
localhost:55432 - accepting connections
--- FAIL: TestInvoiceNumberSequence (0.08s)
    invoice_test.go:54: next number = "INV-0001", want "INV-0003"
--- FAIL: TestListInvoicesOrdersByIssueDate (0.05s)
    invoice_test.go:112: invoices[0].Number = "INV-0007", want "INV-0009"
--- FAIL: TestStore_ConcurrentTenantsIsolated (0.31s)
    tenant_test.go:88: ERROR: duplicate key value violates unique constraint "invoices_tenant_id_number_key" (SQLSTATE 23505)
FAIL
FAIL	github.com/tally-hq/tally-api/internal/store	2.417s
FAIL`, true)
}

// ciPostgresServiceSequences fixes the tests that assumed SQLite's ids.
func ciPostgresServiceSequences(s *session) {
	s.user(`Great, exactly the kind of thing I was afraid of. Three failures on the first run. What's going on?`)
	s.reply(`All three tests pass on SQLite. Postgres: sequences are not rolled back with transactions, tests probably share one database without truncation; ordering by issue date with equal dates... Let me look at how each test gets its database under PG.`,
		`These all look like **tests sharing state** on Postgres, where on SQLite each test gets a fresh in-memory database. Let me confirm in the helper.`)
	s.read("internal/store/testdb_test.go", 20, `func openTestDB(t *testing.T) *Store {
	if dsn := os.Getenv("TALLY_TEST_PG"); dsn != "" {
		st, err := Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	return openSQLiteMemory(t)
}`)
	s.say(`Confirmed: with ‵TALLY_TEST_PG‵ every test opens the **same** database and nothing cleans up, so invoice numbers and rows leak from one test into the next. The usual fix is a throwaway schema per test:

` + code("go", `func openTestDB(t *testing.T) *Store {
	dsn := os.Getenv("TALLY_TEST_PG")
	if dsn == "" {
		return openSQLiteMemory(t)
	}
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	admin := mustOpen(t, dsn)
	mustExec(t, admin, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { mustExec(t, admin, "DROP SCHEMA "+schema+" CASCADE"); admin.Close() })

	st := mustOpen(t, dsn+"&search_path="+schema)
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}`) + `

Each test migrates its own schema, so tests can even run in parallel.`)
	s.edit("internal/store/testdb_test.go", `	if dsn := os.Getenv("TALLY_TEST_PG"); dsn != "" {
		st, err := Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	return openSQLiteMemory(t)`, `	dsn := os.Getenv("TALLY_TEST_PG")
	if dsn == "" {
		return openSQLiteMemory(t)
	}
	// One schema per test: the tests share a server, not data.
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	admin := mustOpen(t, dsn)
	mustExec(t, admin, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { mustExec(t, admin, "DROP SCHEMA "+schema+" CASCADE"); admin.Close() })

	st := mustOpen(t, dsn+"&search_path="+schema)
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st`)
	s.bash(`TALLY_TEST_PG=postgres://tally:tally@localhost:55432/tally_test?sslmode=disable go test ./internal/store/...`, "Rerun the store tests against Postgres",
		`--- FAIL: TestListInvoicesOrdersByIssueDate (0.04s)
    invoice_test.go:112: invoices[0].Number = "INV-0008", want "INV-0009"
FAIL
FAIL	github.com/tally-hq/tally-api/internal/store	3.102s
FAIL`, true)
}

// ciPostgresServiceOrdering fixes the list order PostgreSQL left open
// and pushes.
func ciPostgresServiceOrdering(s *session) {
	s.reply(`Two fixed. The remaining one: INV-0008 vs INV-0009 — two invoices seeded with the same issued_at date; SQLite returned insertion order by rowid coincidence, Postgres doesn't. A real bug: the list query needs a tiebreaker.`,
		`Two down. This last one is a **real bug**, not a test problem: the test seeds two invoices on the same date, and ‵ORDER BY issued_at DESC‵ has no tiebreaker. SQLite happens to return rowid order; Postgres makes no such promise — and neither does production. Adding ‵id DESC‵:`)
	s.insight("tiebreaker in ListInvoices")
	s.edit("internal/store/invoice.go", `ORDER BY issued_at DESC
		LIMIT $2‵`, `ORDER BY issued_at DESC, id DESC
		LIMIT $2‵`)
	s.bash(`TALLY_TEST_PG=postgres://tally:tally@localhost:55432/tally_test?sslmode=disable go test -race ./... && docker stop tally-pg`, "Run the whole suite against Postgres, then stop the container",
		`ok  	github.com/tally-hq/tally-api/cmd/tally	0.044s
ok  	github.com/tally-hq/tally-api/internal/billing	1.886s
ok  	github.com/tally-hq/tally-api/internal/ingest	2.510s
ok  	github.com/tally-hq/tally-api/internal/search	0.301s
ok  	github.com/tally-hq/tally-api/internal/store	4.977s
ok  	github.com/tally-hq/tally-api/internal/web	2.208s
tally-pg`, false)
	s.bash(`git push -u origin ci/postgres-service && gh run watch --exit-status`, "Push and watch the CI run",
		`branch 'ci/postgres-service' set up to track 'origin/ci/postgres-service'.
✓ ci/postgres-service test · 9124480112
Triggered via push about 3 minutes ago

JOBS
✓ test in 3m12s (ID 25081733301)
  ✓ Set up job
  ✓ Initialize containers
  ✓ Run actions/checkout@v4
  ✓ Run actions/setup-go@v5
  ✓ Run go test -race ./...
  ✓ Complete job`, false)
}

func exportWorkerLeak(s *session) {
	codeSession(s, "Track down a goroutine leak in the PDF export worker", "fix/export-worker-leak", repoAPI, dirAPI, "Go", "pprof")
	s.doc.Session.Tags = []string{"bug", "goroutines", "exports"}
	s.doc.Session.QualityScore = score(0.9)
	s.doc.Session.ReviewStatus = baton.ReviewReviewed

	exportWorkerLeakDiagnosis(s)
	exportWorkerLeakFix(s)
	s.user(`I stashed your fix and ran the test against the old code to make sure it actually catches the leak:

‵‵‵
--- FAIL: TestRenderTimeoutDoesNotLeakGoroutines (2.38s)
    render_leak_test.go:27: goroutines: 4 before, 54 after 50 timed-out renders
‵‵‵

Good test. Thanks a lot, this has been haunting the on-call rotation for weeks.`)
	s.say(`Perfect — a test that fails on the bug and passes on the fix is the one worth keeping. After deploying, the goroutine graph should sit flat around 60; if it creeps again the profile will point somewhere new.`)
	s.doc.Session.Summary = baton.Summary{
		AutoGenerated: "A goroutine profile showed 24.6k goroutines blocked sending on an unbuffered channel after render timeouts; replaced the goroutine-and-select timeout with a context passed into the chromedp renderer and added a regression test that fails on the old code.",
		KeyTopics:     []string{"goroutine leak", "context cancellation", "pprof"},
		MainOutcomes:  []string{"Export worker no longer leaks on render timeouts"},
		Decisions: []baton.Decision{{
			Decision:  "Cancel renders through context instead of buffering the channel",
			Rationale: "A buffered channel stops the leak but keeps rendering timed-out invoices",
			Timestamp: s.clock.Add(-15 * time.Minute),
		}},
	}
	s.doc.Session.Continuity = baton.Continuity{
		HandoffNotes: "Deploy and watch the goroutine panel for 24h before closing the incident.",
		OpenThreads:  []string{"Confirm goroutines stay flat after deploy", "Check other time.After selects in internal/ingest"},
	}
}

// exportWorkerLeakDiagnosis reads the goroutine profile and finds the
// leak in the renderer.
func exportWorkerLeakDiagnosis(s *session) {
	s.user(`The staging load test with production-sized tenants is done: the new sync engine held up.

Memory on the export worker climbs ~40MB an hour until the pod gets OOM-killed, roughly every 14 hours. Grafana shows goroutines going from ~60 to 25k over the same period. I grabbed a goroutine profile from the running pod: ‵/tmp/goroutine.pb.gz‵.`)
	s.bash("go tool pprof -top -lines /tmp/goroutine.pb.gz | head -20", "Show where the goroutines are parked",
		`File: export-worker
Type: goroutine
Time: Jun 4, 2025 at 11:02am (UTC)
Showing nodes accounting for 24871, 99.93% of 24888 total
      flat  flat%   sum%        cum   cum%
     24790 99.61% 99.61%      24790 99.61%  runtime.gopark /usr/local/go/src/runtime/proc.go:425
         0     0% 99.61%      24612 98.89%  github.com/tally-hq/tally-api/internal/export.(*Renderer).renderWithTimeout.func1 /src/internal/export/render.go:88
         0     0% 99.61%      24612 98.89%  runtime.chansend1 /usr/local/go/src/runtime/chan.go:161
         0     0% 99.61%        96  0.39%  net/http.(*persistConn).readLoop /usr/local/go/src/net/http/transport.go:2325`, false)
	s.reply(`24.6k goroutines blocked in chansend in renderWithTimeout.func1 at render.go:88. Classic: goroutine sends result on unbuffered channel, caller already returned on timeout, nobody receives. Fix: buffered channel of size 1, or better pass context to the renderer so it stops.`,
		`That's a clear signature: **24,612 goroutines stuck in ‵chansend‵ at ‵render.go:88‵**. Let me look.`)
	s.read("internal/export/render.go", 76, `func (r *Renderer) renderWithTimeout(inv *Invoice, d time.Duration) ([]byte, error) {
	type result struct {
		pdf []byte
		err error
	}
	ch := make(chan result)
	go func() {
		pdf, err := r.render(inv)
		ch <- result{pdf, err}
	}()
	select {
	case res := <-ch:
		return res.pdf, res.err
	case <-time.After(d):
		return nil, ErrRenderTimeout
	}
}`)
	s.say(`Found the leak. When rendering takes longer than ‵d‵, the function returns ‵ErrRenderTimeout‵ — but the goroutine is still rendering, and when it finishes it blocks forever on ‵ch <- result{...}‵ because the channel is **unbuffered** and nobody is receiving anymore. Each slow invoice leaks one goroutine plus its rendered PDF in memory.

Two-part fix:

1. Make the channel buffered (‵make(chan result, 1)‵) so the late send always succeeds and the goroutine exits.
2. Better: pass a ‵context.Context‵ into ‵render‵ so a timed-out render actually *stops* instead of burning CPU for nothing.

` + code("go", `func (r *Renderer) renderWithTimeout(ctx context.Context, inv *Invoice, d time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	pdf, err := r.render(ctx, inv) // chromedp honours ctx
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, ErrRenderTimeout
	}
	return pdf, err
}`))
	s.insight("context-aware render")
}

// exportWorkerLeakFix makes rendering follow the context and adds the
// regression test.
func exportWorkerLeakFix(s *session) {
	s.user(`Do 2, it's the honest fix. The renderer uses chromedp so ctx should propagate.`)
	s.edit("internal/export/render.go", `func (r *Renderer) renderWithTimeout(inv *Invoice, d time.Duration) ([]byte, error) {
	type result struct {
		pdf []byte
		err error
	}
	ch := make(chan result)
	go func() {
		pdf, err := r.render(inv)
		ch <- result{pdf, err}
	}()
	select {
	case res := <-ch:
		return res.pdf, res.err
	case <-time.After(d):
		return nil, ErrRenderTimeout
	}
}`, `func (r *Renderer) renderWithTimeout(ctx context.Context, inv *Invoice, d time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	pdf, err := r.render(ctx, inv)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, ErrRenderTimeout
	}
	return pdf, err
}`)
	s.bash("go build ./... ", "Build everything",
		`# github.com/tally-hq/tally-api/internal/export
internal/export/render.go:79:20: not enough arguments in call to r.render
	have (context.Context, *Invoice)
	want (*Invoice)
internal/export/worker.go:63:33: not enough arguments in call to w.renderer.renderWithTimeout
	have (*Invoice, time.Duration)
	want (context.Context, *Invoice, time.Duration)`, true)
	s.say(`As expected, the signature change ripples to two call sites. Threading the context through:`)
	s.edit("internal/export/render.go", `func (r *Renderer) render(inv *Invoice) ([]byte, error) {
	ctx, cancel := chromedp.NewContext(r.browser)`, `func (r *Renderer) render(ctx context.Context, inv *Invoice) ([]byte, error) {
	ctx, cancel := chromedp.NewContext(r.browserCtx(ctx))`)
	s.edit("internal/export/worker.go", `pdf, err := w.renderer.renderWithTimeout(job.Invoice, w.timeout)`, `pdf, err := w.renderer.renderWithTimeout(ctx, job.Invoice, w.timeout)`)
	s.say(`And a regression test that would have caught this — it checks the goroutine count after a batch of timed-out renders:`)
	s.write("internal/export/render_leak_test.go", `package export

import (
	"context"
	"runtime"
	"testing"
	"time"
)

func TestRenderTimeoutDoesNotLeakGoroutines(t *testing.T) {
	r := newSlowRenderer(t, 200*time.Millisecond) // every render takes 200ms
	before := runtime.NumGoroutine()

	for range 50 {
		if _, err := r.renderWithTimeout(context.Background(), testInvoice(), 10*time.Millisecond); err != ErrRenderTimeout {
			t.Fatalf("err = %v, want ErrRenderTimeout", err)
		}
	}

	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Fatalf("goroutines: %d before, %d after 50 timed-out renders", before, n)
	}
}
`)
	s.bash("go test ./internal/export/ -run TestRenderTimeoutDoesNotLeakGoroutines -v", "Run the new leak test",
		`=== RUN   TestRenderTimeoutDoesNotLeakGoroutines
--- PASS: TestRenderTimeoutDoesNotLeakGoroutines (0.41s)
PASS
ok  	github.com/tally-hq/tally-api/internal/export	0.452s`, false)
}

func configFromEnvironment(s *session) {
	codeSession(s, "Replace the YAML config file with environment variables", "refactor/env-config", repoAPI, dirAPI, "Go", "Docker", "Kubernetes")
	s.doc.Session.Tags = []string{"refactor", "config", "12-factor"}

	configFromEnvironmentDesign(s)
	configFromEnvironmentReader(s)
	configFromEnvironmentHelpers(s)
	s.user(`Let's stop before the manifests — that needs the ops team. Leave a note of what's left.`)
	s.todos(
		todo{"Find every read of the config struct", "completed"},
		todo{"Design the env variable names", "completed"},
		todo{"Implement config.FromEnv with _FILE support", "completed"},
		todo{"Delete config.yaml loading and update deploy manifests", "pending"},
	)
	s.say(`Done for today. Left for the next session:

- Switch ‵cmd/tally/main.go‵ from ‵config.Load("config.yaml")‵ to ‵config.FromEnv(os.Getenv)‵.
- Update ‵deploy/k8s/api.yaml‵: the ConfigMap becomes env vars; the three secrets mount as files with ‵*_FILE‵.
- Delete ‵config.yaml‵, ‵config.example.yaml‵ and the YAML loader.`)
	s.doc.Session.Progress = baton.Progress{
		TasksDiscussed: []string{"Map config reads", "Env variable names", "config.FromEnv", "Deploy manifests"},
		TasksCompleted: []string{"Map config reads", "Env variable names", "config.FromEnv"},
		TasksRemaining: []string{"Switch main.go to FromEnv", "Update Kubernetes manifests with the ops team", "Delete the YAML loader"},
	}
	s.doc.Session.Continuity = baton.Continuity{
		HandoffNotes: "FromEnv is done and tested; main.go still calls the YAML loader. Manifests wait for the ops review on Thursday.",
		OpenThreads:  []string{"Kubernetes manifests need ops review", "Remove config.yaml and its loader"},
	}
}

// configFromEnvironmentDesign maps every read of the configuration and
// proposes the variables.
func configFromEnvironmentDesign(s *session) {
	s.user(`Goroutines stay flat after the deploy — about 60 all night. I still want to check the other ‵time.After‵ selects in ‵internal/ingest‵ at some point.

We want to drop ‵config.yaml‵ and configure tally-api only through environment variables (with ‵*_FILE‵ variants for secrets, like ‵DATABASE_URL_FILE‵). Can you map out every place that reads config first? I'd rather see the blast radius before anything changes.`)
	s.todos(
		todo{"Find every read of the config struct", "in_progress"},
		todo{"Design the env variable names", "pending"},
		todo{"Implement config.FromEnv with _FILE support", "pending"},
		todo{"Delete config.yaml loading and update deploy manifests", "pending"},
	)
	s.grep(`cfg\.[A-Z][A-Za-z]+`, ".", `cmd/tally/main.go:41:	db, err := store.Open(cfg.Database.URL)
cmd/tally/main.go:47:	srv := web.NewServer(cfg.HTTP.Addr, cfg.HTTP.PublicURL)
cmd/tally/main.go:52:	mailer := mail.New(cfg.SMTP.Host, cfg.SMTP.Port, cfg.SMTP.User, cfg.SMTP.Password)
internal/billing/stripe.go:22:	client := stripe.New(cfg.Stripe.SecretKey)
internal/billing/webhook.go:19:	secret: cfg.Stripe.WebhookSecret,
internal/export/worker.go:31:	timeout: cfg.Export.RenderTimeout,
internal/export/worker.go:32:	concurrency: cfg.Export.Concurrency,
internal/web/session.go:15:	store := sessions.NewCookieStore(cfg.HTTP.SessionKey)`)
	s.say(`Smaller than feared: **11 settings across 6 files**, all read once at startup. Proposed names (prefix ‵TALLY_‵ except the conventional ‵DATABASE_URL‵):

| setting | variable | default |
|---|---|---|
| Database.URL | ‵DATABASE_URL‵ (or ‵DATABASE_URL_FILE‵) | — required |
| HTTP.Addr | ‵TALLY_ADDR‵ | ‵:8080‵ |
| HTTP.PublicURL | ‵TALLY_PUBLIC_URL‵ | — required |
| HTTP.SessionKey | ‵TALLY_SESSION_KEY‵ / ‵_FILE‵ | — required |
| SMTP.* | ‵TALLY_SMTP_HOST‵, ‵_PORT‵, ‵_USER‵, ‵_PASSWORD‵ / ‵_FILE‵ | port 587 |
| Stripe.SecretKey | ‵STRIPE_SECRET_KEY‵ / ‵_FILE‵ | — required |
| Stripe.WebhookSecret | ‵STRIPE_WEBHOOK_SECRET‵ / ‵_FILE‵ | — required |
| Export.RenderTimeout | ‵TALLY_EXPORT_TIMEOUT‵ | ‵30s‵ |
| Export.Concurrency | ‵TALLY_EXPORT_CONCURRENCY‵ | ‵4‵ |

Missing required variables should all be reported **at once**, not one per restart.`)
}

// configFromEnvironmentReader writes config.FromEnv and runs its tests.
func configFromEnvironmentReader(s *session) {
	s.user(`Love the table. Go with those names.`)
	s.todos(
		todo{"Find every read of the config struct", "completed"},
		todo{"Design the env variable names", "completed"},
		todo{"Implement config.FromEnv with _FILE support", "in_progress"},
		todo{"Delete config.yaml loading and update deploy manifests", "pending"},
	)
	s.write("internal/config/env.go", `package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// FromEnv reads the configuration from environment variables. A secret may
// instead come from a file named by the same variable with a _FILE suffix.
// Every missing or malformed variable is reported, not just the first.
func FromEnv(getenv func(string) string) (*Config, error) {
	r := reader{getenv: getenv}
	cfg := &Config{
		Database: Database{URL: r.secret("DATABASE_URL", true)},
		HTTP: HTTP{
			Addr:       r.str("TALLY_ADDR", ":8080"),
			PublicURL:  r.required("TALLY_PUBLIC_URL"),
			SessionKey: []byte(r.secret("TALLY_SESSION_KEY", true)),
		},
		Stripe: Stripe{
			SecretKey:     r.secret("STRIPE_SECRET_KEY", true),
			WebhookSecret: r.secret("STRIPE_WEBHOOK_SECRET", true),
		},
		Export: Export{
			RenderTimeout: r.duration("TALLY_EXPORT_TIMEOUT", 30*time.Second),
			Concurrency:   r.int("TALLY_EXPORT_CONCURRENCY", 4),
		},
	}
	return cfg, errors.Join(r.errs...)
}

type reader struct {
	getenv func(string) string
	errs   []error
}

func (r *reader) secret(name string, required bool) string {
	if path := r.getenv(name + "_FILE"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			r.errs = append(r.errs, fmt.Errorf("%s_FILE: %w", name, err))
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	if required {
		return r.required(name)
	}
	return r.getenv(name)
}
`)
	s.bash("go test ./internal/config/", "Run the config tests",
		`# github.com/tally-hq/tally-api/internal/config [github.com/tally-hq/tally-api/internal/config.test]
internal/config/env.go:21:16: r.str undefined (type reader has no field or method str)
internal/config/env.go:22:16: r.required undefined (type reader has no field or method required)
internal/config/env.go:30:19: r.duration undefined (type reader has no field or method duration)
internal/config/env.go:31:19: r.int undefined (type reader has no field or method int)
FAIL	github.com/tally-hq/tally-api/internal/config [build failed]
FAIL`, true)
}

// configFromEnvironmentHelpers adds the reader's helpers and gets the
// tests green.
func configFromEnvironmentHelpers(s *session) {
	s.say(`Right, I wrote the callers before the helpers. Adding ‵str‵, ‵required‵, ‵duration‵ and ‵int‵:`)
	s.edit("internal/config/env.go", `func (r *reader) secret(name string, required bool) string {`, `func (r *reader) str(name, def string) string {
	if v := r.getenv(name); v != "" {
		return v
	}
	return def
}

func (r *reader) required(name string) string {
	v := r.getenv(name)
	if v == "" {
		r.errs = append(r.errs, fmt.Errorf("%s is required", name))
	}
	return v
}

func (r *reader) duration(name string, def time.Duration) time.Duration {
	v := r.getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not a duration like 30s or 2m", name, v))
	}
	return d
}

func (r *reader) int(name string, def int) int {
	v := r.getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not a number", name, v))
	}
	return n
}

func (r *reader) secret(name string, required bool) string {`)
	s.bash("go test ./internal/config/ -v -run FromEnv", "Run the config tests",
		`=== RUN   TestFromEnvDefaults
--- PASS: TestFromEnvDefaults (0.00s)
=== RUN   TestFromEnvReportsEveryMissingVariable
--- PASS: TestFromEnvReportsEveryMissingVariable (0.00s)
=== RUN   TestFromEnvReadsSecretFiles
--- PASS: TestFromEnvReadsSecretFiles (0.00s)
=== RUN   TestFromEnvRejectsBadDuration
--- PASS: TestFromEnvRejectsBadDuration (0.00s)
PASS
ok  	github.com/tally-hq/tally-api/internal/config	0.006s`, false)
	s.todos(
		todo{"Find every read of the config struct", "completed"},
		todo{"Design the env variable names", "completed"},
		todo{"Implement config.FromEnv with _FILE support", "completed"},
		todo{"Delete config.yaml loading and update deploy manifests", "in_progress"},
	)
}

func backfillCurrency(s *session) {
	codeSession(s, "Backfill customer currency from their first invoice", "data/backfill-customer-currency", repoAPI, dirAPI, "Go", "PostgreSQL", "SQL")
	s.doc.Session.Tags = []string{"migration", "data"}
	s.model = "claude-sonnet-4-5"

	s.user(`The config work is finished: ‵config.yaml‵ and its loader are deleted and the deploy manifests updated, and ops reviewed the Kubernetes manifests — merged this morning.

New ‵customers.default_currency‵ column is NULL for all 61k existing customers. Backfill it from each customer's earliest invoice currency, falling back to the tenant's currency. Migration plus a dry run please.`)
	s.write("migrations/0047_backfill_customer_currency.up.sql", `-- Each customer's currency is the currency of their first invoice;
-- customers without invoices take their tenant's currency.
UPDATE customers c
SET default_currency = COALESCE(
    (SELECT i.currency
     FROM invoices i
     WHERE i.customer_id = c.id
     ORDER BY i.issued_at, i.id
     LIMIT 1),
    (SELECT t.currency FROM tenants t WHERE t.id = c.tenant_id)
)
WHERE c.default_currency IS NULL;
`)
	s.bash(`psql "$STAGING_URL" -v ON_ERROR_STOP=1 -c 'BEGIN' -f migrations/0047_backfill_customer_currency.up.sql -c "SELECT default_currency, count(*) FROM customers GROUP BY 1 ORDER BY 2 DESC" -c 'ROLLBACK'`,
		"Dry-run the backfill on staging inside a rolled-back transaction",
		`BEGIN
psql:migrations/0047_backfill_customer_currency.up.sql:12: ERROR:  value too long for type character(3)
ROLLBACK`, true)
	s.reply(`character(3) overflow: some invoice currencies are longer than three characters, probably legacy imports. Count them before deciding how to map them.`,
		`Some invoice has a currency longer than three characters. Let me find them:`)
	s.bash(`psql "$STAGING_URL" -c "SELECT currency, length(currency), count(*) FROM invoices WHERE length(currency) <> 3 GROUP BY 1, 2"`, "Find invoices with odd currency codes",
		` currency | length | count
----------+--------+-------
 EURO     |      4 |   212
 GBP      |      4 |    37
(2 rows)`, false)
	s.say(`212 invoices say ‵EURO‵ and 37 say ‵GBP ‵ with a trailing space — legacy imports from before we validated currency codes. I'd normalise in the backfill rather than touch old invoices in the same migration:

` + code("sql", `SET default_currency = COALESCE(
    (SELECT CASE upper(trim(i.currency)) WHEN 'EURO' THEN 'EUR' ELSE upper(trim(i.currency)) END
     ...`))
	s.user(`Yes, and open a follow-up to clean up those invoices properly.`)
	s.edit("migrations/0047_backfill_customer_currency.up.sql", `    (SELECT i.currency
     FROM invoices i`, `    (SELECT CASE upper(trim(i.currency)) WHEN 'EURO' THEN 'EUR' ELSE upper(trim(i.currency)) END
     FROM invoices i`)
	s.bash(`psql "$STAGING_URL" -v ON_ERROR_STOP=1 -c 'BEGIN' -f migrations/0047_backfill_customer_currency.up.sql -c "SELECT default_currency, count(*) FROM customers GROUP BY 1 ORDER BY 2 DESC" -c 'ROLLBACK'`,
		"Dry-run the backfill again",
		`BEGIN
UPDATE 61204
 default_currency | count
------------------+-------
 EUR              | 33918
 USD              | 18442
 GBP              |  6051
 CHF              |  1507
 SEK              |   911
 DKK              |   375
(6 rows)

ROLLBACK`, false)
	s.say(`All 61,204 customers get a valid code, no NULLs left. Follow-up note for the invoice cleanup: *normalise ‵invoices.currency‵ (212 × ‵EURO‵, 37 × ‵GBP ‵), then add ‵CHECK (currency ~ '^[A-Z]{3}$')‵*.`)
	s.user(`Lovely, thanks.`)
	s.doc.Session.Continuity.OpenThreads = []string{"Normalise legacy invoice currency codes and add a CHECK constraint"}
}

func darkModeSettings(s *session) {
	ss := &s.doc.Session
	ss.Title = "Add a dark mode toggle to the settings page"
	ss.Type = baton.SessionCode
	ss.Source = "api"
	ss.Branch = "feat/dark-mode"
	ss.Technical = baton.TechnicalContext{Repositories: []string{repoWeb}, Technologies: []string{"TypeScript", "React", "CSS"}}
	ss.Assistant = baton.Assistant{InstanceID: "tally-web-assistant", Capabilities: []string{"code"}}
	ss.Tags = []string{"frontend", "ui"}
	s.model = "claude-haiku-4-5"

	s.user(`(‵npx tsc --noEmit‵ is still failing on the keyset pagination types; I'll get to it after this.)

Quick one: settings page needs a theme switch with three options — System, Light, Dark. We already use CSS variables for colours. Persist the choice in localStorage.`)
	s.say(`Here's a small hook plus the control. It sets ‵data-theme‵ on ‵<html>‵ and leaves it unset for "System", so the existing ‵prefers-color-scheme‵ rules keep working:

` + code("typescript", `type Theme = "system" | "light" | "dark";
const KEY = "tally.theme";

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(
    () => (localStorage.getItem(KEY) as Theme | null) ?? "system",
  );
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
    localStorage.setItem(KEY, theme);
  }, [theme]);
  return [theme, setTheme];
}`) + `

` + code("css", `:root { --bg: #ffffff; --fg: #1b1f24; }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) { --bg: #0f1216; --fg: #e6e8eb; }
}
:root[data-theme="dark"] { --bg: #0f1216; --fg: #e6e8eb; }`) + `

The control is a ‵<fieldset>‵ of three radio buttons so it's keyboard-accessible for free.`)
	s.user(`There's a flash of light theme on reload when dark is selected.`)
	s.say(`That's the React effect running after first paint. Set the attribute before the app loads with a tiny inline script in ‵index.html‵:

` + code("html", `<script>
  try {
    const t = localStorage.getItem("tally.theme");
    if (t === "light" || t === "dark") document.documentElement.dataset.theme = t;
  } catch {}
</script>`) + `

It has to be inline and in ‵<head>‵; a module script runs too late.`)
	s.user(`Fixed. Thanks!`)
}

func flakyLoginE2E(s *session) {
	codeSession(s, "Stabilise the flaky Playwright login test", "test/e2e-login", repoWeb, dirWeb, "TypeScript", "Playwright")
	s.doc.Session.Tags = []string{"flaky-test", "e2e"}

	s.user(`‵e2e/login.spec.ts‵ fails about once a day on CI with a timeout on the dashboard heading. Can you look? I'm a bit burnt out on flaky tests this month, so something boring and robust please.`)
	s.read("e2e/login.spec.ts", 1, `import { test, expect } from "@playwright/test";

test("signs in and lands on the dashboard", async ({ page }) => {
  await page.goto("/login");
  await page.fill("#email", "demo@tally.test");
  await page.fill("#password", "correct horse battery staple");
  await page.click("button[type=submit]");
  await page.waitForTimeout(1500);
  expect(await page.locator("h1").textContent()).toBe("Dashboard");
});`)
	s.reply(`waitForTimeout(1500) then a one-shot textContent check — the flake is when login takes > 1.5s on a slow CI runner. Use web-first assertions which retry: await expect(page.getByRole('heading', {name: 'Dashboard'})).toBeVisible(). Also toHaveURL.`,
		`Boring and robust is exactly right here. The test sleeps 1.5 seconds and then checks the heading **once** — on a slow CI runner login sometimes takes longer, and the check fails. Playwright's web-first assertions retry until a timeout, so the sleep can go:`)
	s.write("e2e/login.spec.ts", `import { test, expect } from "@playwright/test";

test("signs in and lands on the dashboard", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@tally.test");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});
`)
	s.bash("npx playwright test e2e/login.spec.ts --repeat-each=30 --workers=4", "Run the login test 30 times",
		`Running 30 tests using 4 workers

  30 passed (41.2s)`, false)
	s.user(`30/30. Thank you, that's a weight off.`)
	s.say(`Happy to help. While I was in there: ‵e2e/invoices.spec.ts‵ has two more ‵waitForTimeout‵ calls that will flake the same way eventually — worth the same treatment when you have a quiet moment.`)
	s.doc.Session.Continuity.OpenThreads = []string{"Replace waitForTimeout in e2e/invoices.spec.ts"}
}
