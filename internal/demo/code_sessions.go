package demo

import (
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// codeSession sets up a Claude Code session in a repository.
func codeSession(s *session, title, branch, repo, dir string, technologies ...string) {
	ss := &s.doc.Session
	ss.Title = title
	ss.Type = baton.SessionCode
	ss.Source = "claude-code"
	ss.Branch = branch
	ss.Technical = baton.TechnicalContext{
		Repositories:     []string{repo},
		Technologies:     technologies,
		WorkingDirectory: dir,
		ToolVersion:      "2.0.14",
	}
	ss.Assistant = baton.Assistant{
		InstanceID:   "claude-code-2.0.14",
		Capabilities: []string{"code", "tools", "thinking"},
	}
}

func fixFlakySearchTest(s *session) {
	codeSession(s, "Fix flaky FTS5 search test", "fix/flaky-search-test", repoAPI, dirAPI, "Go", "SQLite", "FTS5")
	s.doc.Session.Tags = []string{"flaky-test", "search", "sqlite"}
	s.doc.Session.ReviewStatus = baton.ReviewReviewed
	s.doc.Session.QualityScore = score(0.88)

	s.user(`‵TestSearchRanksTitleMatchesFirst‵ in ‵internal/search‵ fails maybe one run in ten on CI and it has been blocking merges all morning. I've re-run the pipeline four times now. Honestly I'm getting fed up with it — can you find out what's actually going on instead of me hammering the retry button?`)
	s.reply(`Flaky ranking test. Classic suspects: ties in bm25 ordering, shared state between parallel tests, time-dependent data. Reproduce first with -count to get a failure rate, then read the query.`,
		`That sounds miserable — let's stop guessing. I'll reproduce it locally with a high ‵-count‵ so we get a failure rate, then read the search query and the test.`)
	s.todos(
		todo{"Reproduce the flaky failure locally", "in_progress"},
		todo{"Find the source of nondeterminism", "pending"},
		todo{"Fix and prove it with -count=500", "pending"},
	)
	s.bash("go test ./internal/search/ -run TestSearchRanksTitleMatchesFirst -count=50", "Run the flaky test 50 times",
		`--- FAIL: TestSearchRanksTitleMatchesFirst (0.01s)
    search_test.go:88: results[0].InvoiceID = "inv_0193", want "inv_0192" (title match should rank first)
--- FAIL: TestSearchRanksTitleMatchesFirst (0.01s)
    search_test.go:88: results[0].InvoiceID = "inv_0193", want "inv_0192" (title match should rank first)
--- FAIL: TestSearchRanksTitleMatchesFirst (0.01s)
    search_test.go:88: results[0].InvoiceID = "inv_0193", want "inv_0192" (title match should rank first)
FAIL
FAIL	github.com/tally-hq/tally-api/internal/search	0.612s
FAIL`, true)
	s.say(`Reproduced: 3 failures in 50 runs, always the same pair of invoices swapped. Let me look at the query.`)
	s.read("internal/search/fts.go", 41, `// Search returns the invoices matching q, best match first.
func (ix *Index) Search(ctx context.Context, tenantID int64, q string, limit int) ([]Hit, error) {
	rows, err := ix.db.QueryContext(ctx, ‵
		SELECT i.id, snippet(invoices_fts, 1, '<b>', '</b>', '…', 12), bm25(invoices_fts, 10.0, 1.0)
		FROM invoices_fts
		JOIN invoices i ON i.rowid = invoices_fts.rowid
		WHERE invoices_fts MATCH ? AND i.tenant_id = ?
		ORDER BY bm25(invoices_fts, 10.0, 1.0)
		LIMIT ?‵, ftsQuery(q), tenantID, limit)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()`)
	s.read("internal/search/search_test.go", 60, `func TestSearchRanksTitleMatchesFirst(t *testing.T) {
	t.Parallel()
	ix := newTestIndex(t)
	seed(t, ix, invoice{ID: "inv_0192", Title: "Acme hosting March", Notes: "monthly"})
	seed(t, ix, invoice{ID: "inv_0193", Title: "Consulting", Notes: "Acme hosting migration, Acme follow-up"})

	results, err := ix.Search(ctx, 1, "acme hosting", 10)
	if err != nil {
		t.Fatal(err)
	}
	if results[0].InvoiceID != "inv_0192" {
		t.Fatalf("results[0].InvoiceID = %q, want %q (title match should rank first)", results[0].InvoiceID, "inv_0192")
	}
}

func newTestIndex(t *testing.T) *Index {
	db, err := sql.Open("sqlite", "file::memory:?cache=shared")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return mustIndex(t, db)
}`)
	s.reply(`The test opens "file::memory:?cache=shared" — every test that calls newTestIndex shares ONE in-memory database while t.Parallel() runs them concurrently. Other tests seed invoices too; if another test's rows land in the same FTS table, bm25 statistics (document count, average length) change, and the weighting can flip for two close documents. Also ORDER BY bm25 has no tiebreaker. Two causes, the shared cache is the real one.`,
		`Found it, and it's two things stacked on each other:

1. **Shared in-memory database.** ‵newTestIndex‵ opens ‵file::memory:?cache=shared‵, so *every* test in the package gets the **same** database — and they run with ‵t.Parallel()‵. Rows seeded by other tests end up in ‵invoices_fts‵, which changes the bm25 corpus statistics (document count and average column length). With two documents this close, that's enough to swap them.
2. **No tiebreaker.** ‵ORDER BY bm25(...)‵ alone leaves equal scores in whatever order SQLite visits them.

The fix for (1) is a database per test; for (2) a stable secondary sort:

`+code("go", `func newTestIndex(t *testing.T) *Index {
	// A named in-memory database per test: "cache=shared" alone is one
	// database for the whole package, and the tests run in parallel.
	dsn := fmt.Sprintf("file:%s?mode=memory&cache=shared", url.QueryEscape(t.Name()))
	db, err := sql.Open("sqlite", dsn)
	...
}`)+`

Shall I apply both?`)
	s.insight("per-test database")
	s.user(`Oh wow. Yes, that shared cache thing would explain why it only happens on CI with more cores. Go ahead.`)
	s.edit("internal/search/search_test.go", `	db, err := sql.Open("sqlite", "file::memory:?cache=shared")`,
		`	// A named in-memory database per test: "cache=shared" alone is one
	// database for the whole package, and the tests run in parallel.
	dsn := fmt.Sprintf("file:%s?mode=memory&cache=shared", url.QueryEscape(t.Name()))
	db, err := sql.Open("sqlite", dsn)`)
	s.edit("internal/search/fts.go", `		ORDER BY bm25(invoices_fts, 10.0, 1.0)
		LIMIT ?‵`, `		ORDER BY bm25(invoices_fts, 10.0, 1.0), i.issued_at DESC, i.id
		LIMIT ?‵`)
	s.todos(
		todo{"Reproduce the flaky failure locally", "completed"},
		todo{"Find the source of nondeterminism", "completed"},
		todo{"Fix and prove it with -count=500", "in_progress"},
	)
	s.bash("go test ./internal/search/ -race -count=500", "Run the search package 500 times with the race detector",
		`--- FAIL: TestSearchSnippetHighlightsTerms (0.00s)
    search_test.go:131: snippet = "…<b>Acme</b> hosting March…", want "<b>Acme</b> <b>hosting</b> March"
FAIL
FAIL	github.com/tally-hq/tally-api/internal/search	9.804s
FAIL`, true)
	s.user(`Ugh, seriously? Now a different test is red. This is exactly the rabbit hole I was afraid of.`)
	s.reply(`A different test fails right after the databases were isolated. It never failed before, so it most likely depended on rows another test seeded. Check what it seeds before changing anything.`,
		`I know — but this one is a good sign, not a new flake. Let me check something before touching it.`)
	s.read("internal/search/search_test.go", 118, `func TestSearchSnippetHighlightsTerms(t *testing.T) {
	t.Parallel()
	ix := newTestIndex(t)
	seedDefaults(t, ix)

	results, _ := ix.Search(ctx, 1, "acme hosting", 1)
	if got, want := results[0].Snippet, "<b>Acme</b> <b>hosting</b> March"; got != want {
		t.Fatalf("snippet = %q, want %q", got, want)
	}
}`)
	s.grep("func seedDefaults", "internal/search", `internal/search/helpers_test.go:12:func seedDefaults(t *testing.T, ix *Index) {`)
	s.reply("", `This test calls ‵seedDefaults‵ but never seeded "Acme hosting March" itself — it was silently relying on the row **another test** inserted into the shared database. Now that each test has its own database it sees a different top hit, whose snippet is cut with ellipses. The test was wrong all along; it only passed because of the same bug.

I'll make it seed its own invoice and compare the snippet without depending on the ellipsis:`)
	s.edit("internal/search/search_test.go", `	seedDefaults(t, ix)

	results, _ := ix.Search(ctx, 1, "acme hosting", 1)`, `	seed(t, ix, invoice{ID: "inv_0192", Title: "Acme hosting March", Notes: "monthly"})

	results, err := ix.Search(ctx, 1, "acme hosting", 1)
	if err != nil {
		t.Fatal(err)
	}`)
	s.bash("go test ./internal/search/ -race -count=500", "Run the search package 500 times with the race detector",
		"ok  \tgithub.com/tally-hq/tally-api/internal/search\t11.237s", false)
	s.bash("go test ./...", "Run the whole suite",
		`ok  	github.com/tally-hq/tally-api/cmd/tally	0.031s
ok  	github.com/tally-hq/tally-api/internal/billing	1.402s
ok  	github.com/tally-hq/tally-api/internal/ingest	2.118s
ok  	github.com/tally-hq/tally-api/internal/search	0.244s
ok  	github.com/tally-hq/tally-api/internal/store	3.870s
ok  	github.com/tally-hq/tally-api/internal/web	1.955s`, false)
	s.todos(
		todo{"Reproduce the flaky failure locally", "completed"},
		todo{"Find the source of nondeterminism", "completed"},
		todo{"Fix and prove it with -count=500", "completed"},
	)
	s.say(`500 runs under ‵-race‵, all green, and the full suite passes. Summary:

- **Root cause:** ‵file::memory:?cache=shared‵ gave every parallel test the same database, so bm25 statistics depended on which other tests had already seeded rows.
- **Fixes:** one named in-memory database per test; a deterministic ‵ORDER BY ... , i.issued_at DESC, i.id‵ tiebreaker in ‵Search‵; ‵TestSearchSnippetHighlightsTerms‵ now seeds its own data.
- **Worth knowing:** any other package using ‵cache=shared‵ without a name has the same trap — ‵internal/store‵ does, in ‵testdb.go‵.`)
	s.user(`That is such a relief. Thank you — I'd never have guessed the snippet test was only passing by accident. Let's open a ticket for the store package and call it a day on this one.`)
	s.say(`Glad we got to the bottom of it! Suggested ticket text:

> **Test databases share one in-memory SQLite in internal/store.** ‵testdb.go‵ opens ‵file::memory:?cache=shared‵; parallel tests see each other's rows. Use a per-test name as in ‵internal/search/search_test.go‵.`)

	ss := &s.doc.Session
	ss.Summary = baton.Summary{
		AutoGenerated: "Tracked a one-in-ten CI failure of TestSearchRanksTitleMatchesFirst to a package-wide shared in-memory SQLite database used by parallel tests; gave each test its own database, added a tiebreaker to the FTS5 ranking query, and fixed a snippet test that only passed by accident.",
		KeyTopics:     []string{"flaky tests", "SQLite FTS5", "bm25 ranking", "test isolation"},
		MainOutcomes:  []string{"Search tests pass 500/500 under -race", "Deterministic ordering for equal bm25 scores"},
		Decisions: []baton.Decision{{
			Decision:  "One named in-memory database per test instead of a shared cache",
			Rationale: "Parallel tests changed each other's bm25 corpus statistics",
			Timestamp: s.clock.Add(-20 * time.Minute),
		}},
	}
	ss.Continuity.OpenThreads = []string{"internal/store/testdb.go uses the same shared in-memory database"}
	ss.Technical.CodeChanges = []baton.CodeChange{
		{File: "internal/search/fts.go", Type: "modified", Description: "tiebreaker in ORDER BY"},
		{File: "internal/search/search_test.go", Type: "modified", Description: "per-test database, self-seeding snippet test"},
	}
}

func idempotentWebhooks(s *session) {
	codeSession(s, "Add idempotency keys to the payments webhook", "feat/webhook-idempotency", repoAPI, dirAPI, "Go", "PostgreSQL", "Stripe")
	s.doc.Session.Tags = []string{"payments", "webhooks", "postgres"}
	s.doc.Session.ReviewStatus = baton.ReviewReviewed
	s.doc.Session.QualityScore = score(0.81)

	s.user(`Good news from last time: the shared in-memory database in ‵internal/store/testdb.go‵ is fixed, every test opens its own now.

Stripe retried a ‵payment_intent.succeeded‵ webhook last night and we booked the same payment twice on invoice INV-2291. Support had to fix it by hand. I want the webhook handler to be idempotent: processing the same event id twice must be a no-op. Where would you start?`)
	s.reply(`Need to see the handler and how payments are stored. Options: unique constraint on stripe event id + insert-first, or check-then-insert (racy), or advisory locks. Prefer a unique index in a table processed_events, same transaction as the payment booking.`,
		`Ouch, double-booking is the worst kind of bug to explain to a customer. Let me read the handler first.`)
	s.read("internal/billing/webhook.go", 34, `func (h *WebhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	event, err := webhook.ConstructEvent(body(r), r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	switch event.Type {
	case "payment_intent.succeeded":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(event.Data.Raw, &pi); err != nil {
			http.Error(w, "bad payload", http.StatusBadRequest)
			return
		}
		if err := h.payments.Book(r.Context(), pi.Metadata["invoice_id"], pi.AmountReceived, pi.Currency); err != nil {
			h.log.Error("book payment", "err", err, "event", event.ID)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusOK)
}`)
	s.say(`The handler books the payment directly, with no memory of which events it has seen. I'd fix it at the database level so it holds even with two instances receiving the same retry at the same moment:

1. A table ‵processed_webhook_events(event_id text primary key, received_at timestamptz)‵.
2. In **one transaction**: insert the event id; if it already exists (‵ON CONFLICT DO NOTHING‵ affecting 0 rows) return 200 without booking; otherwise book the payment and commit.

A check-then-insert in Go would be racy; the unique key makes Postgres the referee.`)
	forkPoint := s.lastID()
	s.user(`Sounds right. Write the migration and the handler change.`)
	s.write("migrations/0042_processed_webhook_events.up.sql", `CREATE TABLE processed_webhook_events (
    event_id    text        PRIMARY KEY,
    event_type  text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
`)
	s.write("migrations/0042_processed_webhook_events.down.sql", "DROP TABLE processed_webhook_events;\n")
	s.edit("internal/billing/webhook.go", `		if err := h.payments.Book(r.Context(), pi.Metadata["invoice_id"], pi.AmountReceived, pi.Currency); err != nil {`,
		`		err := h.store.InTx(r.Context(), func(tx store.Tx) error {
			first, err := tx.MarkEventProcessed(r.Context(), event.ID, string(event.Type))
			if err != nil || !first {
				return err // a retry of an event we already booked: nothing to do
			}
			return h.payments.BookTx(r.Context(), tx, pi.Metadata["invoice_id"], pi.AmountReceived, pi.Currency)
		})
		if err != nil {`)
	s.write("internal/store/webhook_events.go", `package store

import "context"

// MarkEventProcessed records a webhook event id. It reports false when the
// event was already recorded, so the caller can skip it.
func (tx Tx) MarkEventProcessed(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := tx.ExecContext(ctx, ‵
		INSERT INTO processed_webhook_events (event_id, event_type)
		VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING‵, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
`)
	s.bash("go test ./internal/billing/ ./internal/store/", "Run billing and store tests",
		`--- FAIL: TestWebhookBooksPaymentOnce (0.14s)
    webhook_test.go:77: payments for INV-2291 = 2, want 1
--- FAIL: TestWebhookRejectsBadSignature (0.02s)
    webhook_test.go:102: store.InTx: pq: relation "processed_webhook_events" does not exist
FAIL
FAIL	github.com/tally-hq/tally-api/internal/billing	0.611s
ok  	github.com/tally-hq/tally-api/internal/store	2.904s
FAIL`, true)
	s.reply(`"relation does not exist" means the test database never got the new table, so the tests probably build it from a schema snapshot rather than the migrations. The double booking could follow from that: MarkEventProcessed fails, the handler answers 500, the fake Stripe retries. Check the test helper first.`,
		`Two failures, probably one cause: the test database doesn't have the new table. Let me check how it's built.`)
	s.grep("schema.sql|RunMigrations", "internal/testutil", `internal/testutil/db.go:31:	if _, err := db.Exec(string(schemaSQL)); err != nil {
internal/testutil/db.go:18://go:embed schema.sql`)
	s.say(`Right — the tests load a checked-in ‵internal/testutil/schema.sql‵ snapshot instead of running migrations, so the new table isn't there. The "booked twice" failure is a consequence: ‵MarkEventProcessed‵ errored, the handler answered 500, and the test's fake Stripe retried against the legacy fallback path. Regenerating the snapshot:`)
	s.bash("make schema-snapshot && go test ./internal/billing/ ./internal/store/", "Regenerate the test schema and rerun",
		`pg_dump --schema-only --no-owner tally_dev > internal/testutil/schema.sql
ok  	github.com/tally-hq/tally-api/internal/billing	0.702s
ok  	github.com/tally-hq/tally-api/internal/store	2.881s`, false)
	s.say(`Green. I'd also add a concurrency test — two goroutines delivering the same event at once — because that's the case the unique key is really for:

` + code("go", `func TestWebhookConcurrentRetriesBookOnce(t *testing.T) {
	h, db := newWebhookHandler(t)
	ev := paymentSucceeded(t, "evt_3P1xYz", "INV-2291", 12500)

	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); deliver(t, h, ev) }()
	}
	wg.Wait()

	if n := countPayments(t, db, "INV-2291"); n != 1 {
		t.Fatalf("payments = %d, want 1", n)
	}
}`))
	s.user(`Yes please, add it. And thanks — this is way cleaner than the Redis-lock idea Sam floated last week.`)
	s.edit("internal/billing/webhook_test.go", `func TestWebhookRejectsBadSignature(t *testing.T) {`, `func TestWebhookConcurrentRetriesBookOnce(t *testing.T) {
	h, db := newWebhookHandler(t)
	ev := paymentSucceeded(t, "evt_3P1xYz", "INV-2291", 12500)

	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); deliver(t, h, ev) }()
	}
	wg.Wait()

	if n := countPayments(t, db, "INV-2291"); n != 1 {
		t.Fatalf("payments = %d, want 1", n)
	}
}

func TestWebhookRejectsBadSignature(t *testing.T) {`)
	s.bash("go test ./internal/billing/ -run Webhook -race -count=20", "Run the webhook tests 20 times under -race",
		"ok  \tgithub.com/tally-hq/tally-api/internal/billing\t4.118s", false)
	s.say(`20 runs under ‵-race‵, including 8 concurrent deliveries each time: exactly one payment every time. Ready for review on ‵feat/webhook-idempotency‵.`)
	s.doc.Session.Summary = baton.Summary{
		AutoGenerated: "Made the Stripe payment webhook idempotent with a processed_webhook_events table keyed by event id, written in the same transaction as the payment booking; fixed the test schema snapshot and added a concurrent-retry test.",
		KeyTopics:     []string{"idempotency", "webhooks", "PostgreSQL transactions"},
		MainOutcomes:  []string{"Duplicate Stripe retries no longer double-book payments"},
		Decisions: []baton.Decision{{
			Decision:  "Use a unique key in PostgreSQL rather than a Redis lock",
			Rationale: "The database is already the source of truth and the key holds across instances",
			Timestamp: s.clock.Add(-25 * time.Minute),
		}},
	}
	s.doc.Session.Continuity.OpenThreads = []string{"Prune processed_webhook_events older than Stripe's 3-day retry window"}

	// The steward came back the next morning to try Sam's idea anyway, from
	// the point where the design was proposed.
	s.pause(17 * time.Hour)
	s.fork("advisory-lock", "main", forkPoint, "Try pg_advisory_xact_lock instead of a table")
	s.user(`Before I merge: could we get the same guarantee with ‵pg_advisory_xact_lock‵ on a hash of the event id, without a new table? Sam will ask.`)
	s.reply(`Advisory lock serializes concurrent deliveries but does not remember that an event was processed after commit. A retry an hour later would take the lock and book again. So it needs a "seen" record anyway — the lock alone is insufficient.`,
		`We could serialize concurrent deliveries that way, but it doesn't give idempotency on its own:

`+code("sql", `SELECT pg_advisory_xact_lock(hashtextextended($1, 0));  -- $1 = event id
-- ... book the payment ...
COMMIT;  -- lock released, and nothing remembers the event`)+`

The lock only lives as long as the transaction. Stripe's retries come minutes or hours apart, long after the lock is gone, so a late retry would book again. We'd still need a durable record of processed events — at which point the unique key alone does the job and the lock adds nothing.`)
	s.insight("keep the table")
	explained := s.lastID()
	s.user(`Makes sense, that's the argument I needed. Keeping the table.`)
	s.say(`👍 For the PR description: *advisory locks serialize, they don't remember; retries arrive after the lock is released*.`)

	// A fork of the fork: the steward asked a different follow-up from the
	// same explanation.
	s.pause(40 * time.Minute)
	s.fork("ttl", "advisory-lock", explained, "Prune old webhook events")
	s.user(`One more: how do we keep that table from growing forever?`)
	s.say(`Stripe retries for up to three days, so anything older than, say, 30 days is safe to delete. A daily job is enough:

` + code("sql", `DELETE FROM processed_webhook_events
WHERE received_at < now() - interval '30 days';`) + `

With the primary key on ‵event_id‵ you'll want an index on ‵received_at‵ so the delete doesn't scan: ‵CREATE INDEX ON processed_webhook_events (received_at);‵`)
	s.user(`Perfect. I'll add it to the nightly maintenance job.`)
}

func keysetPagination(s *session) {
	codeSession(s, "Move the invoice list to keyset pagination", "feat/invoice-keyset-pagination", repoWeb, dirWeb, "TypeScript", "React", "Go", "PostgreSQL")
	s.doc.Session.Technical.Repositories = []string{repoWeb, repoAPI}
	s.doc.Session.Tags = []string{"pagination", "frontend", "performance"}

	s.user(`The invoice list page gets really slow for our biggest tenant (~180k invoices) when you go deep into the pages. It's OFFSET pagination on the API side. Can we switch to keyset/cursor pagination? The web side is ‵src/features/invoices/InvoiceList.tsx‵ and it uses ‵useInvoices(page)‵.`)
	s.read("src/features/invoices/useInvoices.ts", 1, `import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { Invoice } from "./types";

export function useInvoices(page: number, pageSize = 50) {
  return useQuery({
    queryKey: ["invoices", page, pageSize],
    queryFn: () =>
      api.get<{ invoices: Invoice[]; total: number }>(
        ‵/invoices?offset=${page * pageSize}&limit=${pageSize}‵,
      ),
  });
}`)
	s.reply(`Keyset: cursor = (issued_at, id) of the last row, query WHERE (issued_at, id) < ($1, $2) ORDER BY issued_at DESC, id DESC. Use useInfiniteQuery on the client, "Load more" button. Need an index on (tenant_id, issued_at DESC, id DESC). Total count: keep but cached/approximate.`,
		`Plan:

- **API:** ‵GET /invoices?after=<cursor>&limit=50‵, where the cursor encodes ‵(issued_at, id)‵ of the last row. The query becomes a row comparison that an index can serve directly:

`+code("sql", `SELECT id, number, customer_name, total_cents, currency, issued_at, status
FROM invoices
WHERE tenant_id = $1
  AND (issued_at, id) < ($2, $3)
ORDER BY issued_at DESC, id DESC
LIMIT $4;`)+`

- **Index:** ‵(tenant_id, issued_at DESC, id DESC)‵.
- **Web:** ‵useInfiniteQuery‵ with ‵getNextPageParam: last => last.nextCursor‵ and a "Load more" button (page numbers don't make sense with cursors).

I'll start with the hook.`)
	s.write("src/features/invoices/useInvoices.ts", `import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { Invoice } from "./types";

interface InvoicePage {
  invoices: Invoice[];
  nextCursor: string | null;
}

export function useInvoices(pageSize = 50) {
  return useInfiniteQuery({
    queryKey: ["invoices", pageSize],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      api.get<InvoicePage>(‵/invoices?after=${encodeURIComponent(pageParam)}&limit=${pageSize}‵),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
`)
	s.bash("npx tsc --noEmit", "Type-check the web app",
		`src/features/invoices/InvoiceList.tsx:18:41 - error TS2554: Expected 0-1 arguments, but got 2.

18   const { data, isLoading } = useInvoices(page, 50);
                                           ~~~~

src/features/invoices/InvoiceList.tsx:27:22 - error TS2339: Property 'invoices' does not exist on type 'InfiniteData<InvoicePage, string>'.

27       {data?.invoices.map((inv) => (
                        ~~~~~~~~

Found 2 errors in the same file, starting at: src/features/invoices/InvoiceList.tsx:18`, true)
	s.say(`Expected — the component still uses the page API. Updating it to flatten the pages and show "Load more":`)
	s.edit("src/features/invoices/InvoiceList.tsx", `  const { data, isLoading } = useInvoices(page, 50);`, `  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = useInvoices(50);
  const invoices = data?.pages.flatMap((p) => p.invoices) ?? [];`)
	s.edit("src/features/invoices/InvoiceList.tsx", `      {data?.invoices.map((inv) => (`, `      {invoices.map((inv) => (`)
	s.edit("src/features/invoices/InvoiceList.tsx", `      <Pagination page={page} total={data?.total ?? 0} onChange={setPage} />`, `      {hasNextPage && (
        <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}`)
	s.bash("npx tsc --noEmit && npx vitest run src/features/invoices", "Type-check and run the invoice tests",
		`
 RUN  v2.1.4 /home/alex/src/tally-web

 ❯ src/features/invoices/InvoiceList.test.tsx (3 tests | 1 failed) 412ms
   × InvoiceList > shows page 2 when the next page button is clicked 58ms
     → Unable to find an accessible element with the role "button" and name "Next page"

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)`, true)
	s.say(`That test is about the old pager, so it should change with the behaviour rather than be patched: it becomes "loads more invoices when Load more is clicked".`)
	s.edit("src/features/invoices/InvoiceList.test.tsx", `  it("shows page 2 when the next page button is clicked", async () => {
    server.use(invoicesHandler({ pages: 2 }));
    render(<InvoiceList />);
    await userEvent.click(await screen.findByRole("button", { name: "Next page" }));
    expect(await screen.findByText("INV-0051")).toBeInTheDocument();
  });`, `  it("loads more invoices when Load more is clicked", async () => {
    server.use(invoicesHandler({ pages: 2 }));
    render(<InvoiceList />);
    expect(await screen.findByText("INV-0001")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("INV-0051")).toBeInTheDocument();
    expect(screen.getByText("INV-0001")).toBeInTheDocument(); // earlier rows stay
  });`)
	s.bash("npx vitest run src/features/invoices", "Run the invoice tests",
		`
 RUN  v2.1.4 /home/alex/src/tally-web

 ✓ src/features/invoices/InvoiceList.test.tsx (3 tests) 388ms

 Test Files  1 passed (1)
      Tests  3 passed (3)`, false)
	s.user(`Nice. Now the Go side — the handler is ‵internal/web/invoices.go‵ in tally-api. Cursor should be opaque please, I don't want people hand-crafting them.`)
	s.say(`Agreed, an opaque cursor also lets us change the sort key later. I'll base64url-encode ‵issued_at|id‵ and reject anything that doesn't decode:

` + code("go", `// invoiceCursor is the position after the last invoice of a page.
type invoiceCursor struct {
	IssuedAt time.Time
	ID       int64
}

func (c invoiceCursor) String() string {
	raw := c.IssuedAt.UTC().Format(time.RFC3339Nano) + "|" + strconv.FormatInt(c.ID, 10)
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func parseInvoiceCursor(s string) (invoiceCursor, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return invoiceCursor{}, errBadCursor
	}
	ts, id, ok := strings.Cut(string(raw), "|")
	...
}`) + `

And the migration for the index, created concurrently so it doesn't lock the table in production:

` + code("sql", `-- migrations/0043_invoices_keyset.up.sql
CREATE INDEX CONCURRENTLY IF NOT EXISTS invoices_tenant_issued_id
    ON invoices (tenant_id, issued_at DESC, id DESC);`))
	s.user(`Great, ship it. Page 3,000 of the big tenant went from 4.2s to 31ms on staging, by the way. 🎉`)
	s.say(`That's the index doing exactly what it should — deep pages now cost the same as the first one. Nice result!`)
}

func speedUpRevenueReport(s *session) {
	ss := &s.doc.Session
	ss.Title = "Speed up the monthly revenue report query"
	ss.Type = baton.SessionCode
	ss.Source = "api"
	ss.Branch = "perf/revenue-report"
	ss.Technical = baton.TechnicalContext{Repositories: []string{repoAPI}, Technologies: []string{"PostgreSQL", "SQL", "Go"}}
	ss.Assistant = baton.Assistant{InstanceID: "tally-ops-bot", Capabilities: []string{"code"}}
	ss.Tags = []string{"performance", "sql", "reports"}
	ss.QualityScore = score(0.74)
	s.model = "claude-opus-4-1"

	s.user(`The monthly revenue report takes 38 seconds for our largest tenant and the request times out at 30. Here's the query and the EXPLAIN ANALYZE:

‵‵‵sql
SELECT date_trunc('month', p.paid_at) AS month,
       i.currency,
       sum(p.amount_cents) AS revenue_cents,
       count(DISTINCT i.customer_id) AS paying_customers
FROM payments p
JOIN invoices i ON i.id = p.invoice_id
WHERE i.tenant_id = $1
  AND p.paid_at >= $2 AND p.paid_at < $3
  AND p.status = 'succeeded'
GROUP BY 1, 2
ORDER BY 1, 2;
‵‵‵

‵‵‵
GroupAggregate  (cost=1843210.44..1904877.12 rows=240 width=48) (actual time=37412.118..38102.774 rows=24 loops=1)
  ->  Sort  (actual time=37398.502..37801.330 rows=1912334 loops=1)
        Sort Method: external merge  Disk: 98312kB
        ->  Hash Join  (actual time=1804.227..35110.951 rows=1912334 loops=1)
              Hash Cond: (p.invoice_id = i.id)
              ->  Seq Scan on payments p  (actual time=0.031..29881.405 rows=24877310 loops=1)
                    Filter: ((paid_at >= ...) AND (paid_at < ...) AND (status = 'succeeded'))
                    Rows Removed by Filter: 3120044
              ->  Hash  (actual time=1799.870..1799.871 rows=412877 loops=1)
                    ->  Index Scan using invoices_tenant_id_idx on invoices i
Planning Time: 0.412 ms
Execution Time: 38131.602 ms
‵‵‵`)
	s.reply(`Seq scan on payments for all tenants (24.8M rows) then hash join to filter by tenant. payments has no tenant_id. Options: denormalize tenant_id onto payments + index (tenant_id, paid_at) INCLUDE (amount_cents, status, invoice_id); or index on payments(invoice_id, paid_at) and nested loop... 412k invoices × lookup is ok-ish. Also the external merge sort: work_mem. Count distinct forces sort. Best: add tenant_id to payments (it's immutable), partial index WHERE status='succeeded'.`,
		`The plan tells the story: **29.9 of the 38 seconds are a sequential scan of all 24.9M payments** — for every tenant — because ‵payments‵ has no ‵tenant_id‵, so the tenant filter can only apply after the join. Then 1.9M rows get sorted on disk (‵external merge, 98MB‵) for the ‵count(DISTINCT ...)‵.

What I'd do, in order of impact:

1. **Put ‵tenant_id‵ on ‵payments‵** (it never changes for a payment) and add a partial covering index:

`+code("sql", `ALTER TABLE payments ADD COLUMN tenant_id bigint;
-- backfill in batches, then SET NOT NULL
CREATE INDEX CONCURRENTLY payments_tenant_paid_succeeded
    ON payments (tenant_id, paid_at)
    INCLUDE (invoice_id, amount_cents)
    WHERE status = 'succeeded';`)+`

2. **Filter payments first**, then join:

`+code("sql", `SELECT date_trunc('month', p.paid_at) AS month,
       i.currency,
       sum(p.amount_cents)            AS revenue_cents,
       count(DISTINCT i.customer_id)  AS paying_customers
FROM payments p
JOIN invoices i ON i.id = p.invoice_id
WHERE p.tenant_id = $1
  AND p.status = 'succeeded'
  AND p.paid_at >= $2 AND p.paid_at < $3
GROUP BY 1, 2
ORDER BY 1, 2;`)+`

3. If the sort still spills, raise ‵work_mem‵ **for this query only** (‵SET LOCAL work_mem = '64MB'‵ inside the report's transaction) rather than globally.`)
	s.user(`I did 1 and 2 on staging. New plan:

‵‵‵
GroupAggregate  (actual time=612.004..744.915 rows=24 loops=1)
  ->  Sort  (actual time=598.110..671.227 rows=1912334 loops=1)
        Sort Method: external merge  Disk: 97920kB
        ->  Nested Loop  (actual time=0.061..402.338 rows=1912334 loops=1)
              ->  Index Only Scan using payments_tenant_paid_succeeded on payments p  (actual time=0.040..121.772 rows=1912334 loops=1)
                    Heap Fetches: 0
              ->  Memoize  (actual time=0.000..0.000 rows=1 loops=1912334)
                    Hits: 1499457  Misses: 412877
Execution Time: 751.220 ms
‵‵‵

From 38s to 0.75s. Wow.`)
	s.say(`That's a 50× improvement, and ‵Heap Fetches: 0‵ means the covering index is doing all the work. 🎉

The remaining cost is the on-disk sort for ‵count(DISTINCT customer_id)‵. Two options:

- ‵SET LOCAL work_mem = '128MB'‵ for the report transaction should turn it into an in-memory quicksort (~200ms saved).
- Or compute paying customers in a separate, cheaper query grouped by ‵(month, currency, customer_id)‵ first.

Honestly, at 750ms I'd stop here and spend the effort on the backfill plan instead — 24.9M rows need batching so we don't bloat the table or hold long locks.`)
	s.user(`Agreed, stopping here. Can you give me a batched backfill that's safe to run during the day?`)
	s.say(`Here's one that updates 10k rows at a time, commits between batches and sleeps briefly so replicas keep up:

` + code("sql", `-- run repeatedly until it reports UPDATE 0
WITH batch AS (
    SELECT p.id, i.tenant_id
    FROM payments p
    JOIN invoices i ON i.id = p.invoice_id
    WHERE p.tenant_id IS NULL
    ORDER BY p.id
    LIMIT 10000
    FOR UPDATE OF p SKIP LOCKED
)
UPDATE payments p
SET tenant_id = batch.tenant_id
FROM batch
WHERE p.id = batch.id;`) + `

And a small driver:

` + code("bash", `#!/usr/bin/env bash
set -euo pipefail
while :; do
  n=$(psql "$DATABASE_URL" -qtAc "$(cat backfill_payments_tenant.sql)" | awk '{print $2}')
  echo "$(date -Is) updated ${n:-0}"
  [[ "${n:-0}" == "0" ]] && break
  sleep 0.2
done`) + `

Once it reports 0, ‵ALTER TABLE payments ALTER COLUMN tenant_id SET NOT NULL‵ — on PG 12+ add a ‵CHECK (tenant_id IS NOT NULL) NOT VALID‵, ‵VALIDATE‵ it, then set NOT NULL, so the final step doesn't scan under an exclusive lock.`)
	s.user(`Thanks, that's exactly the level of care I wanted.`)
}
