package demo

import (
	"encoding/json"
	"fmt"
	"time"
)

// demoFrame is one Lex frame of the demo: when (days before now, time of
// day), where, what, and what next. Frames on a code session's branch at
// its time link to that session.
type demoFrame struct {
	daysAgo, hour, minute int
	branch                string
	modules               []string
	caption, ref, next    string
	keywords              []string
	jira                  string
	blockers, failing     []string
	runner                bool // written by a runner: runId, executorRole, toolCalls, spend
}

// demoFrames follow the six weeks of sessions: progress on the code
// sessions' branches, a release, runner merges and a gate failure.
var demoFrames = []demoFrame{
	{41, 11, 0, "main", []string{"planning"}, "Roadmap for Q3: multi-currency, keyset pagination, tenant isolation", "q3-roadmap",
		"Break multi-currency into tickets", []string{"roadmap", "multi-currency", "planning"}, "TAL-100", nil, nil, false},
	{39, 9, 45, "fix/flaky-search-test", []string{"search/fts", "api/invoices"}, "Reproduced the flaky FTS5 search test: the indexer races the assertion", "flaky-search-race",
		"Wait for the indexer instead of sleeping", []string{"fts5", "flaky", "search", "race"}, "TAL-131", nil, []string{"TestSearchInvoices/partial-word"}, false},
	{39, 10, 20, "fix/flaky-search-test", []string{"search/fts"}, "Fixed FTS5 hyphen handling: invoice numbers like INV-2024-001 now match", "fts5-hyphen-fix",
		"Add regression tests for hyphenated invoice numbers", []string{"fts5", "hyphen", "search", "INV-2024-001"}, "TAL-131", nil, nil, false},
	{37, 14, 40, "feat/webhook-idempotency", []string{"payments/webhooks", "db/migrations"}, "Idempotency keys for the Stripe webhook: unique constraint plus a replay table", "webhook-idempotency-keys",
		"Backfill keys for the last 30 days of events", []string{"stripe", "webhooks", "idempotency", "senior-dev"}, "TAL-142", nil, nil, false},
	{37, 15, 10, "feat/webhook-idempotency", []string{"payments/webhooks"}, "Duplicate charge.succeeded events are now answered 200 without side effects", "webhook-duplicates-ok",
		"Ask finance to confirm no double invoices since Monday", []string{"stripe", "duplicates"}, "TAL-142", nil, nil, false},
	{35, 21, 0, "main", []string{"docs/postgres"}, "Notes on isolation levels: REPEATABLE READ for the revenue report, READ COMMITTED elsewhere", "isolation-levels-notes",
		"Write the ADR for report transactions", []string{"postgres", "isolation", "transactions"}, "", nil, nil, false},
	{34, 15, 45, "main", []string{"ledger", "design"}, "Ledger design review: double-entry with immutable journal lines, balances derived", "ledger-design-review",
		"Prototype journal_lines with a CHECK on balanced entries", []string{"ledger", "double-entry", "design-review"}, "TAL-150", nil, nil, false},
	{32, 10, 40, "feat/invoice-keyset-pagination", []string{"web/invoices", "api/invoices"}, "Invoice list moved to keyset pagination on (issued_at, id)", "invoice-keyset-pagination",
		"Drop the OFFSET code path after one release", []string{"pagination", "keyset", "invoices"}, "TAL-155", nil, nil, false},
	{32, 11, 5, "feat/invoice-keyset-pagination", []string{"web/invoices"}, "Cursor is opaque base64 in the URL; back button keeps the page", "keyset-cursor-url",
		"Playwright test for paging back and forth", []string{"pagination", "cursor", "playwright"}, "TAL-155", nil, nil, false},
	{30, 12, 0, "main", []string{"analytics"}, "Churn analysis: 60% of cancellations follow a failed card retry", "churn-failed-retries",
		"Propose a dunning email before the third retry", []string{"churn", "dunning", "analytics"}, "", nil, nil, false},
	{28, 16, 30, "perf/revenue-report", []string{"reports/revenue", "db/indexes"}, "Revenue report from 14 s to 380 ms: covering index and one pass over invoices", "revenue-report-380ms",
		"Check the plan on the production snapshot", []string{"performance", "index", "revenue", "explain"}, "TAL-160", nil, nil, false},
	{27, 9, 30, "ci/postgres-service", []string{"ci", "db/migrations"}, "Integration tests run against a Postgres service container in GitHub Actions", "ci-postgres-service",
		"Cache the Go build between jobs", []string{"ci", "github-actions", "postgres"}, "TAL-162", nil, nil, false},
	{25, 9, 15, "refactor/sync-per-tenant-locks", []string{"sync/engine"}, "Sync engine: replaced the global mutex with per-tenant locks (first half)", "sync-per-tenant-locks-1",
		"Move the retry queue under the tenant lock", []string{"sync", "mutex", "race", "refactor"}, "TAL-170", []string{"race detector flags retryQueue"}, []string{"TestSyncConcurrentTenants"}, false},
	{25, 13, 0, "refactor/sync-per-tenant-locks", []string{"sync/engine", "sync/retry"}, "Retry queue under the tenant lock; race detector clean", "sync-per-tenant-locks-2",
		"Load test with 200 tenants before merging", []string{"sync", "race", "retry"}, "TAL-170", nil, nil, false},
	{25, 16, 30, "refactor/sync-per-tenant-locks", []string{"sync/engine"}, "Draft PR open: sync throughput ×3.1 at 200 tenants", "sync-pr-draft",
		"Review with Sam; split the metrics commit", []string{"sync", "throughput", "pull-request"}, "TAL-170", nil, nil, false},
	{22, 11, 0, "main", []string{"tenancy", "planning"}, "Multi-tenancy plan: row-level tenant_id everywhere, RLS as the backstop", "multi-tenancy-plan",
		"Audit queries missing tenant_id", []string{"multi-tenancy", "rls", "planning"}, "TAL-180", nil, nil, false},
	{21, 14, 20, "fix/export-worker-leak", []string{"workers/export", "pdf"}, "Goroutine leak in the PDF export worker: a ticker never stopped", "export-worker-leak",
		"Add goleak to the worker tests", []string{"goroutine", "leak", "pprof", "pdf"}, "TAL-184", nil, nil, false},
	{18, 10, 30, "main", []string{"docs/postmortems"}, "Postmortem drafted: 40 minutes of failed exports on the 3rd", "postmortem-export-outage",
		"Circulate to the team for comments", []string{"postmortem", "incident", "exports"}, "", nil, nil, false},
	{16, 10, 40, "refactor/env-config", []string{"config", "deploy/k8s"}, "Config from environment variables with _FILE variants; YAML removed", "env-config",
		"Update the Helm chart values", []string{"config", "twelve-factor", "kubernetes"}, "TAL-190", nil, nil, false},
	{14, 18, 0, "main", []string{"team"}, "Retro: pairing with the assistant works best with a written plan first", "collaboration-retro",
		"Try plan-first for the next three tasks", []string{"retro", "collaboration"}, "", nil, nil, false},
	{12, 11, 30, "main", []string{"api/invoices", "observability"}, "Latency regression traced to N+1 on invoice lines", "latency-n-plus-one",
		"Batch-load lines with one query", []string{"latency", "n+1", "regression"}, "TAL-195", nil, nil, false},
	{9, 14, 50, "data/backfill-customer-currency", []string{"db/migrations", "customers"}, "Backfilled customer currency from each customer's first invoice (Müller GmbH kept EUR)", "backfill-currency",
		"Verify the 12 customers with mixed-currency invoices by hand", []string{"backfill", "currency", "multi-currency", "Müller"}, "TAL-201", nil, nil, false},
	{7, 16, 10, "feat/dark-mode", []string{"web/settings", "web/theme"}, "Dark mode follows the OS, with a manual override in settings", "dark-mode",
		"Contrast pass on the charts", []string{"dark-mode", "theme", "accessibility"}, "TAL-205", nil, nil, false},
	{6, 10, 0, "integration-week-47", []string{"PR-311", "PR-312", "PR-315"}, "Merged 3 PRs via merge-weave", "merge-weave-week-47",
		"Run e2e tests on the integration branch", []string{"merge-weave", "integration", "PR-311", "PR-312", "PR-315"}, "", nil, nil, true},
	{6, 10, 20, "integration-week-47", []string{"PR-316"}, "Gate failure: lint failed for PR-316", "gate-failure-pr316-lint",
		"Fix lint errors in PR-316", []string{"gate-failure", "lint", "PR-316"}, "", []string{"lint gate failed"}, []string{"web/src/settings.tsx:45 - unused import"}, true},
	{5, 9, 0, "release/v1.4.0", []string{"release", "changelog"}, "Release v1.4.0: keyset pagination, idempotent webhooks, dark mode", "release-v1.4.0",
		"Announce to customers and watch error rates for a day", []string{"release", "v1.4.0", "changelog"}, "REL-14", nil, nil, false},
	{4, 10, 40, "review/rate-limiter", []string{"api/middleware", "rate-limit"}, "Rate limiter review: token bucket per API key, burst 2× the rate", "rate-limiter-review",
		"Add Retry-After to 429 answers", []string{"rate-limit", "token-bucket", "review"}, "TAL-210", nil, nil, false},
	{3, 15, 0, "main", []string{"tenancy"}, "Tenant-id audit: 4 queries without tenant_id fixed, RLS policy drafted", "tenant-id-audit",
		"Turn on RLS in staging", []string{"multi-tenancy", "rls", "audit"}, "TAL-180", nil, nil, false},
	{2, 10, 0, "test/e2e-login", []string{"web/e2e", "auth"}, "Flaky Playwright login test: waitForForm instead of a fixed timeout", "e2e-login-flake",
		"Run the suite 50 times in CI to confirm", []string{"playwright", "flaky", "login", "e2e"}, "TAL-214", nil, []string{"login.spec.ts: signs in with SSO"}, false},
	{1, 11, 0, "main", []string{"i18n", "web/invoices"}, "Invoice PDFs in Japanese: 請求書 title and yen without decimals", "invoice-pdf-japanese",
		"Ask the Osaka customer to check the layout", []string{"i18n", "japanese", "請求書", "pdf"}, "TAL-220", nil, nil, false},
}

// Frames returns the demo frames as Lex NDJSON, placed before now (in
// now's location). The set is deterministic: the same now gives the same frames.
func Frames(now time.Time) []byte {
	var out []byte
	for i, f := range demoFrames {
		day := now.AddDate(0, 0, -f.daysAgo)
		at := time.Date(day.Year(), day.Month(), day.Day(), f.hour, f.minute, 0, 0, now.Location())
		status := map[string]any{"next_action": f.next}
		if f.blockers != nil {
			status["blockers"] = f.blockers
		}
		if f.failing != nil {
			status["tests_failing"] = f.failing
		}
		m := map[string]any{
			"id": fmt.Sprintf("f-demo-%02d", i+1), "timestamp": at.Format(time.RFC3339), "branch": f.branch,
			"module_scope": f.modules, "summary_caption": f.caption, "reference_point": f.ref,
			"status_snapshot": status, "keywords": f.keywords,
		}
		if f.jira != "" {
			m["jira"] = f.jira
		}
		if f.runner {
			m["runId"] = "run-week-47"
			m["planHash"] = "sha256:4f1c9e0a"
			m["executorRole"] = "senior-dev"
			m["toolCalls"] = []string{"mcp_lex-pr-runner_plan_create", "mcp_lex-pr-runner_gates_run"}
			m["guardrailProfile"] = "standard"
			m["spend"] = map[string]any{"prompts": 9 + i%5, "tokens_estimated": 31000 + 1000*i}
		}
		b, _ := json.Marshal(m)
		out = append(out, b...)
		out = append(out, '\n')
	}
	return out
}
