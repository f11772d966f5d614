package demo

import (
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// chatSession sets up a conversation through the API, outside an editor.
func chatSession(s *session, title string, typ baton.SessionType, model string) {
	ss := &s.doc.Session
	ss.Title = title
	ss.Type = typ
	ss.Source = "api"
	ss.Assistant = baton.Assistant{InstanceID: "baton-chat", Capabilities: []string{"chat"}}
	s.model = model
	// Away from the editor, the steward takes longer over each message.
	s.think = [2]time.Duration{40 * time.Second, 6 * time.Minute}
}

func planRoadmap(s *session) {
	chatSession(s, "Plan Q3 roadmap for the ingest pipeline", baton.SessionPlanning, "claude-opus-4-1")
	ss := &s.doc.Session
	ss.Tags = []string{"roadmap", "ingest", "q3"}
	ss.ReviewStatus = baton.ReviewReviewed
	ss.QualityScore = score(0.86)
	ss.Technical.Repositories = []string{repoAPI}
	ss.Technical.Technologies = []string{"Go", "PostgreSQL", "Stripe", "Open Banking"}

	s.user(`I need to put together the Q3 roadmap for Tally's ingest pipeline — the part that pulls in bank statements and payment events and matches them to invoices. Rough inventory of what's on the table:

- Stripe webhooks occasionally double-book payments on retries
- the sync engine holds one global mutex, so big tenants block small ones
- customers keep asking for OFX and CAMT.053 statement import (today: CSV only)
- Open Banking connector for the two big UK banks
- matching accuracy: ~83% auto-matched, the rest is manual

We're three engineers plus me, about 11 weeks. Help me think it through?`)
	s.reply(`Prioritise: correctness first (double booking = money bugs, trust), then throughput (sync mutex — affects everyone as tenants grow), then new sources. Matching accuracy is the customer-visible value. Estimate rough sizes. OFX/CAMT are parsers — moderate. Open Banking: regulatory (AISP licence or aggregator), big. Suggest using an aggregator.`,
		`Happy to. Let me sort these by what they protect rather than by size:

**1. Correctness — do first.** Double-booked payments are money bugs; each one costs support time and customer trust. It's also small: an idempotency key on webhook events. *~1 week.*

**2. Throughput — do second.** The global mutex gets worse with every large tenant you sign. It's a real refactor with concurrency risk, so it needs a solid test harness (race detector, load test). *~3–4 weeks, one engineer.*

**3. Matching accuracy — the customer-visible win.** Going from 83% to 90% auto-matched removes roughly 40% of the manual work. Start by measuring *why* the 17% fail before building anything. *~2 weeks of analysis, then features.*

**4. New sources.** OFX and CAMT.053 are well-specified parsers behind your existing CSV interface: *~2 weeks together*. Open Banking is a different beast — you'd need an AISP licence or an aggregator (TrueLayer, Yapily), consent flows and token refresh. *6+ weeks*, and mostly not engineering.

Which of these has a customer commitment attached? That often decides the order more than the engineering does.`)
	s.user(`Two enterprise prospects want CAMT.053 before they sign, target end of August. Open Banking is nice-to-have. Nobody is promised matching improvements but it's the thing our users complain about most.`)
	s.say(`Then I'd sequence it like this (11 weeks, 3 engineers):

| weeks | engineer A | engineer B | engineer C |
|---|---|---|---|
| 1 | webhook idempotency | OFX parser | matching: failure analysis |
| 2–3 | sync engine: test harness | CAMT.053 parser | matching: failure analysis |
| 4–6 | sync engine refactor | CAMT.053 + prospect pilots | matching: top 2 fixes |
| 7–8 | sync engine rollout | OFX polish, docs | matching: top 2 fixes |
| 9–11 | buffer / on-call | Open Banking spike (aggregator) | matching: UI for suggestions |

**Decisions this implies:**
- CAMT.053 lands by week 6, leaving room for the prospects' pilot feedback before August.
- Open Banking is a **spike** in Q3 (pick an aggregator, prototype consent), not a launch.
- The sync refactor gets a dedicated engineer and a test harness *before* the change.

**Risks:** the sync refactor is the one most likely to overrun; weeks 9–11 are deliberately a buffer.`)
	s.user(`This is really helpful. One concern: putting the sync refactor on one person makes it a bus-factor problem.`)
	s.reply(`Valid. Mitigation: pair on design week, PR reviews by B, written design doc, weekly demo. Or split: A does harness + refactor, C reviews every PR.`,
		`Fair point. Cheap mitigations without halving throughput:

- A one-page design doc in week 2, reviewed by the whole team before any code.
- Every sync PR reviewed by the same second engineer (B), so two people know it deeply.
- Feature-flag the new engine per tenant, so rollback is a toggle, not a revert.`)
	s.user(`Good. Let's go with this. I'll share it with the team tomorrow. Still open: which aggregator, and whether we measure matching accuracy per bank or per tenant.`)
	s.say(`Sounds like a plan. I'd measure matching per **bank format** first — failures tend to cluster around how a bank writes references, and that tells you which parser or heuristic to fix.`)

	ss.Summary = baton.Summary{
		AutoGenerated: "Prioritised the Q3 ingest roadmap: webhook idempotency first, a sync-engine refactor behind a test harness and feature flag, CAMT.053 and OFX parsers for two enterprise prospects by week 6, matching-accuracy analysis in parallel, and only a spike for Open Banking.",
		KeyTopics:     []string{"roadmap", "sync engine", "CAMT.053", "Open Banking", "matching accuracy"},
		MainOutcomes:  []string{"11-week plan across three engineers", "Open Banking reduced to a spike"},
		Decisions: []baton.Decision{
			{Decision: "Webhook idempotency ships in week 1", Rationale: "Money bugs erode trust and the fix is small", Timestamp: s.clock.Add(-30 * time.Minute)},
			{Decision: "CAMT.053 before Open Banking", Rationale: "Two enterprise prospects need it before August", Timestamp: s.clock.Add(-20 * time.Minute)},
			{Decision: "Sync refactor behind a per-tenant feature flag with a dedicated reviewer", Rationale: "Reduce bus factor and make rollback a toggle", Timestamp: s.clock.Add(-5 * time.Minute)},
		},
	}
	ss.Progress = baton.Progress{
		TasksDiscussed: []string{"Webhook idempotency", "Sync engine refactor", "OFX", "CAMT.053", "Open Banking", "Matching accuracy"},
		TasksRemaining: []string{"Share the plan with the team", "Choose an Open Banking aggregator"},
	}
	ss.Continuity = baton.Continuity{
		HandoffNotes: "Plan agreed; present it to the team and collect estimates for the sync refactor.",
		OpenThreads:  []string{"Which Open Banking aggregator (TrueLayer or Yapily)?", "Measure matching accuracy per bank format or per tenant?"},
	}
}

func explainIsolationLevels(s *session) {
	chatSession(s, "Explain PostgreSQL isolation levels with examples", baton.SessionChat, "gpt-4o")
	// An evening question asked in ChatGPT and imported from its export,
	// whose last answer the steward stopped (shown as unfinished).
	s.doc.Session.Source = "chatgpt"
	s.doc.Session.Assistant = baton.Assistant{InstanceID: "chatgpt", Capabilities: []string{"chat"}}
	s.doc.Session.Tags = []string{"learning", "postgres"}
	s.doc.Session.ReviewStatus = baton.ReviewArchived
	s.doc.Session.QualityScore = score(0.79)

	s.user(`Evening question, not work-critical: I keep hand-waving about isolation levels. Can you explain READ COMMITTED vs REPEATABLE READ vs SERIALIZABLE in Postgres with a concrete example each? I learn best from two sessions side by side.`)
	s.say(`Sure! Take a table ‵accounts(id, balance)‵ and two sessions, **A** and **B**.

**READ COMMITTED** (Postgres default) — each *statement* sees data committed before it started:

` + code("sql", `-- A                                   -- B
BEGIN;
SELECT balance FROM accounts WHERE id=1;  -- 100
                                          UPDATE accounts SET balance=50 WHERE id=1; -- autocommit
SELECT balance FROM accounts WHERE id=1;  -- 50  (changed inside A's transaction!)
COMMIT;`) + `

**REPEATABLE READ** — the whole *transaction* sees one snapshot, taken at its first query:

` + code("sql", `BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT balance FROM accounts WHERE id=1;  -- 100
                                          UPDATE accounts SET balance=50 WHERE id=1;
SELECT balance FROM accounts WHERE id=1;  -- still 100
UPDATE accounts SET balance=balance-10 WHERE id=1;
-- ERROR: could not serialize access due to concurrent update`) + `

**SERIALIZABLE** — like repeatable read, plus Postgres detects *read/write dependencies* that no serial order could produce (write skew), and aborts one transaction.`)
	s.user(`What's write skew concretely? That's the one I never get.`)
	s.say(`The classic one is on-call doctors. Rule: at least one doctor must stay on call.

` + code("sql", `-- both Alice and Bob are on call
-- A (Alice)                               -- B (Bob)
BEGIN ISOLATION LEVEL REPEATABLE READ;     BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT count(*) FROM doctors               SELECT count(*) FROM doctors
 WHERE on_call;            -- 2             WHERE on_call;            -- 2
UPDATE doctors SET on_call=false           UPDATE doctors SET on_call=false
 WHERE name='Alice';                        WHERE name='Bob';
COMMIT;                                    COMMIT;
-- nobody is on call now`) + `

Each transaction read a consistent snapshot, checked the rule, and updated a **different row** — so there's no write conflict for REPEATABLE READ to catch. Under **SERIALIZABLE**, Postgres notices that each transaction read what the other wrote and aborts the second commit with ‵could not serialize access due to read/write dependencies‵. Your code must then retry.`)
	s.user(`Oh, that finally clicks. The rows are different, so nothing "conflicts" — it's the *read* that's stale. Thanks!`)
	s.say(`Exactly that. Rule of thumb: if a transaction checks a condition across rows and then writes based on it, either use SERIALIZABLE with a retry loop, or lock what you read (‵SELECT ... FOR UPDATE‵).`)
	s.user(`And what does SERIALIZABLE cost in practice?`)
	s.say(`Less than its reputation suggests. The predicate locks are cheap; what you pay for is retries, and those grow with contention: with few transactions touching the same rows you will barely notice it, but on a hot`)
	c := &s.doc.Conversations[s.conv]
	c.Messages[len(c.Messages)-1].Attributes = map[string]any{"unfinished": "interrupted"} // as the ChatGPT importer marks it
}

func analyzeChurn(s *session) {
	chatSession(s, "Analyze churn in the April signup cohort", baton.SessionAnalysis, "claude-sonnet-4-5")
	ss := &s.doc.Session
	ss.Tags = []string{"analytics", "churn", "sql"}
	ss.ReviewStatus = baton.ReviewReviewed
	ss.QualityScore = score(0.83)
	ss.Technical.Technologies = []string{"SQL", "PostgreSQL", "Metabase"}

	s.user(`The April signup cohort churned way more than March: 31% gone after 60 days vs 18%. Marketing thinks it's the new pricing page. I have read access to the analytics replica. Help me figure out what actually happened before the Monday meeting?`)
	s.reply(`Hypotheses: pricing page changed plan mix (more monthly vs annual), acquisition channel shift (paid campaign in April), onboarding change, product bug in April (import failures). First: break churn down by channel, plan, and whether they completed first import.`,
		`Let's test a few hypotheses instead of just the one. Churn jumps like this usually come from a **change in who signed up** (channel, plan mix) or a **change in what they experienced** (onboarding, bugs). First cut — churn by acquisition channel and plan:

`+code("sql", `SELECT s.channel,
       s.plan_interval,
       count(*)                                           AS signups,
       round(100.0 * avg((t.churned_at < s.created_at + interval '60 days')::int), 1) AS churn_60d_pct
FROM signups s
JOIN tenants t ON t.id = s.tenant_id
WHERE s.created_at >= '2025-03-01' AND s.created_at < '2025-05-01'
GROUP BY 1, 2, date_trunc('month', s.created_at)
ORDER BY 1, 2;`))
	s.user(`Results (April only, I dropped March for brevity):

‵‵‵
 channel      | plan_interval | signups | churn_60d_pct
--------------+---------------+---------+--------------
 organic      | annual        |     212 |          9.4
 organic      | monthly       |     388 |         22.7
 paid_search  | annual        |      41 |         14.6
 paid_search  | monthly       |     517 |         52.8
 partner      | monthly       |      96 |         17.7
‵‵‵`)
	s.say(`That's the story: **paid search, monthly plans: 52.8% churn on 517 signups**. Everything else looks like March. That one segment alone accounts for ~273 of the ~380 churned April tenants.

So it's less "the pricing page" and more "a new paid campaign brought in people who weren't a fit" — or who hit a wall early. Next cut: did they activate? (first bank statement imported within 7 days):

` + code("sql", `SELECT (first_import_at < s.created_at + interval '7 days') AS activated_7d,
       count(*) AS signups,
       round(100.0 * avg((t.churned_at < s.created_at + interval '60 days')::int), 1) AS churn_60d_pct
FROM signups s
JOIN tenants t ON t.id = s.tenant_id
WHERE s.channel = 'paid_search' AND s.plan_interval = 'monthly'
  AND s.created_at >= '2025-04-01' AND s.created_at < '2025-05-01'
GROUP BY 1;`))
	probe := s.lastID()
	s.user(`‵‵‵
 activated_7d | signups | churn_60d_pct
--------------+---------+--------------
 f            |     361 |          68.1
 t            |     156 |          17.3
‵‵‵

Whoa. Activated ones churn like everyone else.`)
	s.say(`Right — **once they import a statement, paid-search tenants stay like anyone else (17.3%)**. The problem is the 70% who never get there. I'd bring three findings to Monday:

1. The April jump is concentrated in one segment: paid search × monthly (52.8% vs ~18% elsewhere).
2. Within it, activation is everything: 68% churn without a first import in 7 days, 17% with one.
3. So the lever is **onboarding to first import** for that audience (and the campaign's targeting), not the pricing page.

A good follow-up would be the campaign keywords: if they target "free invoice template", you're buying the wrong audience.`)
	s.insight("activation, not pricing")
	s.user(`This is fantastic, thank you. Marketing is not going to love point 3 but the data is clear.`)
	ss.Summary = baton.Summary{
		AutoGenerated: "The April churn jump (31% vs 18%) is concentrated in paid-search monthly signups (52.8%); within that segment tenants without a first import in 7 days churn at 68% and activated ones at 17%, so onboarding to first import and campaign targeting matter, not the pricing page.",
		KeyTopics:     []string{"churn", "cohort analysis", "activation", "acquisition channels"},
		MainOutcomes:  []string{"Churn traced to paid-search monthly signups that never activate"},
		Decisions:     []baton.Decision{{Decision: "Present activation, not pricing, as the lever on Monday", Timestamp: s.clock}},
	}
	ss.Continuity.OpenThreads = []string{"Pull the paid campaign's keywords", "Measure time-to-first-import for paid signups"}

	// A second look, forked after the activation query: by plan price
	// instead of activation.
	s.pause(2 * time.Hour)
	s.fork("by-price", "main", probe, "Check whether price points explain it instead")
	s.user(`Devil's advocate for the meeting: what if it *is* price? Can we split that segment by the plan price they chose instead?`)
	s.say(`Good instinct to check. Same segment, split by plan tier:

` + code("sql", `SELECT p.tier, p.monthly_price_cents / 100 AS price, count(*) AS signups,
       round(100.0 * avg((t.churned_at < s.created_at + interval '60 days')::int), 1) AS churn_60d_pct
FROM signups s
JOIN tenants t ON t.id = s.tenant_id
JOIN plans p ON p.id = s.plan_id
WHERE s.channel = 'paid_search' AND s.plan_interval = 'monthly'
  AND s.created_at >= '2025-04-01' AND s.created_at < '2025-05-01'
GROUP BY 1, 2 ORDER BY 2;`))
	s.user(`‵‵‵
 tier    | price | signups | churn_60d_pct
---------+-------+---------+--------------
 starter |    12 |     301 |          54.5
 growth  |    39 |     188 |          51.1
 scale   |    99 |      28 |          46.4
‵‵‵`)
	s.say(`Churn is about the same at every price (46–55%), so price isn't what separates churners from stayers in this segment — activation is. That's a useful slide to pre-empt the pricing argument.`)
}

func planMultiTenancy(s *session) {
	chatSession(s, "Sketch the data model for multi-entity tenants", baton.SessionPlanning, "claude-opus-4-1")
	ss := &s.doc.Session
	ss.Tags = []string{"architecture", "data-model"}
	ss.Technical.Technologies = []string{"PostgreSQL", "row-level security"}

	s.user(`Accounting firms want one Tally login that manages many client companies ("entities"), each with its own invoices, bank accounts and currency. Today tenant = company. What's a sane data model that doesn't force a rewrite of every query?`)
	s.reply(`Options: (1) tenant stays the billing/login boundary, add entity_id to all business tables; (2) make each entity a tenant and add an "organization" above with memberships. Option 2 keeps every tenant_id query unchanged — isolation stays at tenant level; the org is just for login/switching and billing. Less rewrite.`,
		`Two shapes are worth comparing:

**A. Entities inside a tenant.** Add ‵entity_id‵ to invoices, customers, bank accounts, payments… and filter by it everywhere. Every query changes, and a missing filter leaks one client's data to another client of the same firm.

**B. Organizations above tenants.** Keep *tenant = one company's books*, unchanged. Add:

`+code("sql", `CREATE TABLE organizations (id bigserial PRIMARY KEY, name text NOT NULL, billing_plan text NOT NULL);
ALTER TABLE tenants ADD COLUMN organization_id bigint REFERENCES organizations(id);
CREATE TABLE organization_members (
    organization_id bigint REFERENCES organizations(id),
    user_id         bigint REFERENCES users(id),
    role            text   NOT NULL CHECK (role IN ('owner','accountant','viewer')),
    PRIMARY KEY (organization_id, user_id)
);`)+`

A user picks a tenant after login (a company switcher); everything below runs exactly as today with one ‵tenant_id‵. Billing moves to the organization.

I'd pick **B**: isolation stays where it already is, and the change is additive.`)
	s.user(`B it is, I like that nothing below the switcher changes. What about an accountant who needs a report across all their clients?`)
	s.say(`Make cross-tenant reads an explicit, separate path rather than weakening the per-tenant one: a report service that takes the list of tenant ids the user may see (from ‵organization_members‵ joined to ‵tenants‵) and queries with ‵tenant_id = ANY($1)‵. If you later turn on Postgres row-level security, that's one policy:

` + code("sql", `CREATE POLICY tenant_isolation ON invoices
USING (tenant_id = ANY (current_setting('tally.tenant_ids')::bigint[]));`))
	s.user(`Good. Open question for later: do we migrate existing multi-company customers automatically or let them opt in?`)
	ss.Summary.Decisions = []baton.Decision{{
		Decision:  "Organizations above tenants, tenants unchanged",
		Rationale: "Isolation stays at tenant_id; the change is additive",
		Timestamp: s.clock.Add(-3 * time.Minute),
	}}
	ss.Continuity.OpenThreads = []string{"Migrate existing multi-company customers automatically or by opt-in?"}
}

func draftPostmortem(s *session) {
	chatSession(s, "Draft the postmortem for the bank sync outage", baton.SessionChat, "claude-sonnet-4-5")
	s.doc.Session.Tags = []string{"incident", "postmortem"}

	s.user(`Need a blameless postmortem draft. Facts: Tuesday 09:12–10:47 UTC bank sync stopped for all tenants. Cause: the sync engine's global mutex was held by a goroutine stuck on an HTTP call to Barclays' API that had no timeout. Detection: a customer emailed at 09:58; our alert didn't fire because it checks "sync jobs failing", and nothing failed — nothing ran. Fix: restarted pods at 10:41, added a 30s client timeout. I'm honestly annoyed we found out from a customer.`)
	s.say(`Understandable — being told by a customer stings, and it's worth naming plainly in the doc. Draft:

## Bank sync outage — 95 minutes, all tenants

**Summary.** From 09:12 to 10:47 UTC no bank statements were synced for any tenant. No data was lost; syncs resumed and caught up by 11:20.

**Impact.** ~4,100 tenants saw stale balances for up to 95 minutes; 23 support tickets.

**Root cause.** The sync engine serializes work behind one process-wide mutex. A request to one bank's API hung without a timeout while holding that mutex, so every other sync waited behind it.

**Detection.** A customer reported it at 09:58, **46 minutes in**. Our alert fires on *failing* sync jobs; during the outage no job failed because none ran.

**What went well.** Once noticed, diagnosis took 20 minutes thanks to the goroutine dump endpoint.

**Action items.**
| action | owner | due |
|---|---|---|
| Timeouts on every outbound HTTP client (done: 30s) | Sam | done |
| Alert on *absence* of successful syncs for 10 min | Priya | next week |
| Remove the global mutex (per-tenant locking) | Alex | Q3, in roadmap |
| Lint rule: no ‵http.DefaultClient‵ in internal/ | Jo | 2 weeks |`)
	s.user(`Good. Make the detection section less defensive — we should own that the alert design was wrong.`)
	s.say(`Revised:

**Detection.** We learned about the outage from a customer, 46 minutes after it began. Our alerting only looked for sync jobs that *failed*; it had no way to notice that *no jobs were running at all*. That was a gap in how we designed the alert, and the main reason this incident lasted as long as it did.`)
	s.user(`Perfect. Thanks for helping me keep it blameless while still being honest.`)
}

func collaborationRetro(s *session) {
	chatSession(s, "Six weeks in: how our collaboration is going", baton.SessionReflection, "claude-opus-4-1")
	ss := &s.doc.Session
	ss.Tags = []string{"retro", "collaboration"}
	ss.ReviewStatus = baton.ReviewReviewed
	ss.QualityScore = score(0.92)
	ss.Relationship = baton.Relationship{
		TrustLevel:            0.82,
		CollaborationStyle:    baton.StyleCollaborative,
		CommunicationPatterns: []string{"steward states the goal, assistant proposes a plan", "tests as the shared definition of done"},
		GrowthIndicators:      []string{"steward delegates larger refactors", "assistant asks before wide changes"},
	}

	s.user(`I'd like to step back from code for a few minutes. We've worked together most days for about six weeks now — flaky tests, the webhook thing, the sync engine marathon. What patterns do you see in how we work? Be honest, including where I make it harder.`)
	s.reflect(`Thanks for asking — I'll try to be concrete.

**What works well**
- You give me the *symptom and the stakes* up front ("blocking merges all morning", "support fixed it by hand"). That lets me pick the right depth without asking.
- You ask for the blast radius before a change (the config refactor). Those sessions went smoothly because we agreed on the map first.
- You verify independently — running the leak test against the old code was exactly right, and it caught more than I could have by asserting.

**Where it gets harder**
- When you're frustrated, prompts get shorter ("still red, ugh"). That's human, but it's the moment I most need the full output, and sometimes I only get a summary.
- In the marathon we went ~6 hours without a checkpoint. The last hour had more backtracking than the first five together; we were both tired, in a sense.

**Where I could do better**
- I sometimes write callers before helpers (the config session) and let the compiler tell me. It works, but it's noise in your terminal.
- I should say earlier when I'm unsure rather than proposing a fix confidently.`)
	s.user(`That's fair, especially the marathon. I kept going because it felt like we were close. And yes, I do send "ugh" messages. What would a better long session look like?`)
	s.reflect(`A few small habits:

1. **Checkpoint every ~90 minutes**: I write a short state summary — what's done, what's failing, the next hypothesis — and you decide whether to continue. It also makes a good handoff if you stop.
2. **One hypothesis per test run.** When two fixes go in together and the run is red, we lose time working out which one broke it.
3. **When frustrated, paste, don't paraphrase.** Full output beats a summary, every time.
4. **Stop at green**, not at "one more thing".

Want me to propose the checkpoint automatically in long sessions?`)
	s.user(`Yes, please do that. This was useful — I'll reread it before the next long session.`)
	ss.Summary = baton.Summary{
		AutoGenerated: "A retrospective on six weeks of work: clear stakes and independent verification work well; long sessions without checkpoints and paraphrased failures make it harder. Agreed on checkpoints every ~90 minutes, one hypothesis per run, full output over summaries, and stopping at green.",
		KeyTopics:     []string{"collaboration", "long sessions", "checkpoints"},
		MainOutcomes:  []string{"Working agreement for long sessions"},
		Decisions: []baton.Decision{{
			Decision:  "Assistant proposes a checkpoint summary every ~90 minutes in long sessions",
			Rationale: "The marathon's last hour had more backtracking than the first five",
			Timestamp: s.clock,
		}},
	}
	ss.Continuity = baton.Continuity{
		HandoffNotes: "Apply the long-session agreement: checkpoints, one hypothesis per run, paste full output.",
		OpenThreads:  []string{"Try the checkpoint habit in the next long session"},
	}
}

func latencyRegression(s *session) {
	chatSession(s, "Investigate the p95 latency regression after release 2.3", baton.SessionAnalysis, "claude-sonnet-4-5")
	ss := &s.doc.Session
	ss.Tags = []string{"performance", "observability"}
	ss.Technical.Technologies = []string{"Prometheus", "PromQL", "Go", "PostgreSQL"}

	s.user(`Since release 2.3 on Tuesday, p95 for ‵GET /api/invoices/:id‵ went from ~80ms to ~310ms. p50 barely moved. Here's the PromQL I used:

‵‵‵
histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{route="/api/invoices/:id"}[5m])))
‵‵‵`)
	s.reply(`p95 up, p50 flat → a subset of requests got slow, not all. Candidates: a new N+1 for invoices with many lines, a cache miss path, a lock. Suggest splitting by status code/tenant, and checking DB query duration metrics, and the release diff.`,
		`p50 flat with p95 up 4× means **some** requests got much slower, not all of them. First let's see which — split by tenant size and check whether the time goes to the database:

`+code("promql", `# share of time in SQL, per route
sum(rate(db_query_duration_seconds_sum{route="/api/invoices/:id"}[5m]))
  /
sum(rate(http_request_duration_seconds_sum{route="/api/invoices/:id"}[5m]))`)+`

And from the 2.3 diff, anything that touches how an invoice is loaded?`)
	s.user(`DB share went from ~35% to ~85%. And yes — 2.3 added "show payment attempts" on the invoice page. The loader now calls ‵PaymentAttempts(invoiceID)‵ per line item. Oops.`)
	s.say(`That's an N+1: one query per line item. Invoices with 3 lines don't notice (p50), invoices with 80 lines from the bulk-billing tenants do (p95). One query for the whole invoice fixes it:

` + code("sql", `SELECT pa.*
FROM payment_attempts pa
WHERE pa.invoice_id = $1
ORDER BY pa.line_item_id, pa.attempted_at;`) + `

…then group by ‵line_item_id‵ in Go. Also worth a test that counts queries when loading a 100-line invoice, so the next N+1 fails CI instead of paging someone.`)
	s.user(`Deployed the fix — p95 is back to 76ms. Adding the query-count test now.`)
}

func rateLimiterReview(s *session) {
	chatSession(s, "Talk through the review comments on the rate limiter PR", baton.SessionChat, "claude-sonnet-4-5")
	ss := &s.doc.Session
	ss.Tags = []string{"code-review", "api"}
	ss.Technical.Repositories = []string{repoAPI}
	ss.Technical.Technologies = []string{"Go", "Redis"}

	s.user(`The CHECK constraint for the legacy invoice currency codes is still on my list, but first: Priya left review comments on my rate limiter PR (#482) and I disagree with one. She says the token bucket in Redis should use a Lua script instead of MULTI/EXEC. My version does GET, computes in Go, then MULTI SET/EXPIRE EXEC. Who's right?`)
	s.reply(`GET then compute then MULTI: the read is outside the transaction, so two concurrent requests both read 5 tokens, both write 4: lost update, allows more requests than limit. WATCH could fix it with retries; Lua runs atomically server-side. Priya is right.`,
		`I'm afraid Priya is right here. The problem is the gap between your ‵GET‵ and the ‵MULTI‵:

`+code("text", `request A: GET bucket -> 5 tokens
request B: GET bucket -> 5 tokens
request A: MULTI SET bucket 4 ... EXEC
request B: MULTI SET bucket 4 ... EXEC   # two requests spent, one token charged`)+`

‵MULTI/EXEC‵ makes the *writes* atomic, but the read happened outside the transaction, so concurrent requests overwrite each other (a lost update) and the limiter lets through more than the limit — exactly under the burst it exists for. You could add ‵WATCH‵ and retry, but a Lua script runs read-compute-write atomically on the server in one round trip:

`+code("lua", `local tokens = tonumber(redis.call('HGET', KEYS[1], 't') or ARGV[1])
local ts     = tonumber(redis.call('HGET', KEYS[1], 'ts') or ARGV[3])
tokens = math.min(tonumber(ARGV[1]), tokens + (ARGV[3] - ts) * ARGV[2])
if tokens < 1 then return 0 end
redis.call('HSET', KEYS[1], 't', tokens - 1, 'ts', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`))
	s.user(`Ugh, yeah, I see it. Slightly embarrassing. I'll switch to Lua and thank Priya.`)
	s.say(`Not embarrassing — it's the most common rate limiter bug there is, and it only shows under concurrency. A test with 50 goroutines hitting a limit of 10 would make it visible either way; worth adding with the Lua version.`)
}
