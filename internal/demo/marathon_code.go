package demo

import (
	"fmt"
	"slices"
	"strings"
)

// The marathon's material: the sync engine's functions and shared state,
// the changes the day makes to them and the bugs it meets on the way.

// engineFunc is a function of the sync package the day touches.
type engineFunc struct {
	name, recv, file string
}

func (f engineFunc) String() string {
	if f.recv == "" {
		return f.name
	}
	return "(" + strings.Fields(f.recv)[1] + ")." + f.name
}

var engineFuncs = map[string]engineFunc{
	"syncTenant":      {"syncTenant", "e *Engine", "internal/sync/engine.go"},
	"applyBatch":      {"applyBatch", "e *Engine", "internal/sync/engine.go"},
	"fetchAccount":    {"fetchAccount", "e *Engine", "internal/sync/engine.go"},
	"schedule":        {"schedule", "e *Engine", "internal/sync/scheduler.go"},
	"backoffFor":      {"backoffFor", "e *Engine", "internal/sync/scheduler.go"},
	"loop":            {"loop", "w *worker", "internal/sync/worker.go"},
	"recordResult":    {"recordResult", "e *Engine", "internal/sync/metrics.go"},
	"refreshToken":    {"refreshToken", "e *Engine", "internal/sync/tokens.go"},
	"Match":           {"Match", "m *Matcher", "internal/sync/matcher.go"},
	"advanceCursor":   {"advanceCursor", "e *Engine", "internal/sync/cursor.go"},
	"resolveConflict": {"resolveConflict", "", "internal/sync/conflict.go"},
	"Status":          {"Status", "e *Engine", "internal/sync/status.go"},
	"collect":         {"collect", "c *collector", "internal/sync/metrics.go"},
	"ServeHTTP":       {"ServeHTTP", "h *debugHandler", "internal/sync/debug.go"},
	"evict":           {"evict", "j *janitor", "internal/sync/janitor.go"},
}

// entryPoints are the functions that may take a tenant's lock; every other
// function runs under it.
var entryPoints = []string{"syncTenant", "schedule", "Status"}

// sharedField is a piece of engine state the old mutex guarded: the
// statement that writes it, the function that writes it and those that
// read it.
type sharedField struct {
	name, typ, write, writer string
	readers                  []string
}

var sharedFields = []sharedField{
	{"lastSync", "map[int64]time.Time", "e.lastSync[t.ID] = now", "syncTenant", []string{"Status", "collect", "ServeHTTP"}},
	{"inflight", "map[int64]bool", "e.inflight[t.ID] = true", "schedule", []string{"syncTenant", "ServeHTTP", "collect"}},
	{"retries", "map[int64]int", "e.retries[t.ID]++", "recordResult", []string{"backoffFor", "ServeHTTP"}},
	{"backoff", "map[int64]time.Duration", "e.backoff[t.ID] = next", "backoffFor", []string{"schedule", "Status"}},
	{"lagSeconds", "map[int64]float64", "e.lagSeconds[t.ID] = lag.Seconds()", "recordResult", []string{"Status", "collect"}},
	{"failures", "map[string]int", "e.failures[acct.Bank]++", "fetchAccount", []string{"schedule", "ServeHTTP"}},
	{"cursorCache", "map[int64]Cursor", "e.cursorCache[acct.ID] = cur", "advanceCursor", []string{"fetchAccount", "evict"}},
	{"lastError", "map[int64]error", "e.lastError[t.ID] = err", "syncTenant", []string{"Status", "ServeHTTP"}},
	{"tokenExpiry", "map[string]time.Time", "e.tokenExpiry[acct.Bank] = tok.Expiry", "refreshToken", []string{"fetchAccount", "evict"}},
	{"pending", "map[string]chan struct{}", "e.pending[job.ID] = done", "applyBatch", []string{"loop", "evict"}},
	{"seenTx", "map[string]struct{}", "e.seenTx[tx.BankRef] = struct{}{}", "applyBatch", []string{"Match", "evict"}},
	{"accountsByTenant", "map[int64][]int64", "e.accountsByTenant[t.ID] = ids", "syncTenant", []string{"schedule", "collect"}},
}

// reader is the field's main reader.
func (f sharedField) reader() string { return f.readers[0] }

// key is the expression a field's map is indexed by.
func (f sharedField) key() string {
	open := strings.Index(f.write, "[")
	return f.write[open+1 : strings.Index(f.write, "]")]
}

// perTenant reports whether the field is keyed by tenant (or by one of a
// tenant's accounts), so the tenant's lock can guard it.
func (f sharedField) perTenant() bool { return f.key() == "t.ID" || f.key() == "acct.ID" }

var banks = []string{"barclays", "hsbc", "monzo", "lloyds", "natwest", "starling", "revolut"}

// bankTimeouts are the gateway timeouts, in seconds, the banks document.
var bankTimeouts = map[string]int{"barclays": 30, "hsbc": 30, "monzo": 10, "lloyds": 45, "natwest": 30, "starling": 20, "revolut": 15}

// lockLines is how a function took its lock at this point of the day.
func (m *marathon) lockLines(recv string) string {
	if m.count() < 330 {
		if strings.HasPrefix(recv, "e ") {
			return "\te.mu.Lock()\n\tdefer e.mu.Unlock()\n"
		}
		return "\t" + recv[:1] + ".e.mu.Lock()\n\tdefer " + recv[:1] + ".e.mu.Unlock()\n"
	}
	return ""
}

// writerSnippet is the function that writes field f, as Read shows it.
func (m *marathon) writerSnippet(f sharedField) string {
	fn := engineFuncs[f.writer]
	sig := fmt.Sprintf("func (%s) %s(ctx context.Context, t Tenant) error {\n", fn.recv, fn.name)
	if fn.recv == "" {
		sig = fmt.Sprintf("func %s(ctx context.Context, t Tenant) error {\n", fn.name)
	}
	lock := m.lockLines(fn.recv)
	switch m.rng.IntN(3) {
	case 0:
		return sig + lock + fmt.Sprintf(`
	now := e.clock.Now()
	accts, err := e.store.BankAccounts(ctx, t.ID)
	if err != nil {
		return fmt.Errorf("%s: tenant %%d: %%w", t.ID, err)
	}
	for _, acct := range accts {
		if err := e.fetchAccount(ctx, t, acct); err != nil {
			e.log.Warn("fetch failed", "tenant", t.ID, "bank", acct.Bank, "err", err)
		}
	}
	%s
	return nil
}`, fn.name, f.write)
	case 1:
		return sig + lock + fmt.Sprintf(`	for _, acct := range e.accounts(t.ID) {
		cur, err := e.client(acct.Bank).FetchStatements(ctx, acct, e.cursorFor(acct))
		if err != nil {
			return err
		}
		%s
	}
	return nil
}`, f.write)
	default:
		return sig + lock + fmt.Sprintf(`	job := e.queue.Next(t.ID)
	if job == nil {
		return nil
	}
	done := make(chan struct{})
	%s
	e.log.Debug("%s", "tenant", t.ID, "job", job.ID)
	return e.run(ctx, job, done)
}`, f.write, fn.name)
	}
}

// readerSnippet is the function reader, which reads field f.
func (m *marathon) readerSnippet(f sharedField, reader string) string {
	fn := engineFuncs[reader]
	recv := fn.recv
	if recv == "" {
		recv = "e *Engine"
	}
	e := "e"
	if !strings.HasPrefix(recv, "e ") {
		e = recv[:1] + ".e"
	}
	return fmt.Sprintf(`func (%s) %s(ctx context.Context, t Tenant) bool {
	// No lock here: this "only reads".
	v := %s.%s[%s]
	return %s.ready(v)
}`, recv, fn.name, e, f.name, f.key(), e)
}

func (m *marathon) grepHits(f sharedField) (string, int, int) {
	w, r := engineFuncs[f.writer], engineFuncs[f.reader()]
	wl, rl := 40+m.rng.IntN(220), 30+m.rng.IntN(220)
	hits := fmt.Sprintf("%s:%d:\t%s\n%s:%d:\tv := e.%s[%s]", w.file, wl, f.write, r.file, rl, f.name, f.key())
	if m.rng.IntN(2) == 0 {
		hits += fmt.Sprintf("\n%s:%d:\tdelete(e.%s, %s)", w.file, wl+20+m.rng.IntN(40), f.name, f.key())
	}
	if m.rng.IntN(2) == 0 {
		hits += fmt.Sprintf("\ninternal/sync/engine.go:%d:\t\t%s: make(%s),", 50+m.rng.IntN(20), f.name, f.typ)
	}
	return hits, wl, rl
}

// fix is one edit the day makes, with why. Its key makes sure the day
// makes each change once.
type fix struct {
	key, target, file, old, new, why string
}

// stateFix moves field f into the tenant's state, or guards it with the
// shared mutex when it is not per tenant.
func stateFix(f sharedField) fix {
	w := engineFuncs[f.writer]
	if f.perTenant() {
		return fix{"state:" + f.name, w.String(), w.file, "\t" + f.write,
			"\t" + strings.Replace(f.write, "e."+f.name+"["+f.key()+"]", "st."+f.name, 1),
			fmt.Sprintf("‵%s‵ moves into ‵tenantState‵, guarded by the tenant's lock.", f.name)}
	}
	return fix{"state:" + f.name, w.String(), w.file, "\t" + f.write,
		"\te.sharedMu.Lock()\n\t" + f.write + "\n\te.sharedMu.Unlock()",
		fmt.Sprintf("‵%s‵ is keyed by ‵%s‵ and shared across tenants, so it gets ‵sharedMu‵ — held for the map write only, never across I/O.", f.name, f.key())}
}

// fixes lists the changes the current phase may still make.
func (m *marathon) fixes() []fix {
	var all []fix
	switch m.phase().name {
	case "map", "locks":
		all = m.lockFixes()
	case "races", "polish":
		all = snapshotFixes()
	case "fairness":
		all = fairnessFixes
	default: // timeouts
		all = m.timeoutFixes()
	}
	var left []fix
	for _, f := range all {
		if !m.said[f.key] {
			left = append(left, f)
		}
	}
	return left
}

// lockFixes are the map and locks phases' changes: entry points take
// their tenant's lock, helpers take the tenant's state, shared state
// gets its own lock.
func (m *marathon) lockFixes() []fix {
	var all []fix
	for _, name := range []string{"syncTenant", "applyBatch", "fetchAccount", "advanceCursor", "recordResult", "refreshToken", "backoffFor", "schedule", "Status"} {
		fn := engineFuncs[name]
		if slices.Contains(entryPoints, name) {
			all = append(all, fix{"lock:" + name, fn.String(), fn.file,
				fmt.Sprintf("func (e *Engine) %s(ctx context.Context, t Tenant) error {\n\te.mu.Lock()\n\tdefer e.mu.Unlock()", name),
				fmt.Sprintf("func (e *Engine) %s(ctx context.Context, t Tenant) error {\n\tunlock := e.locks.Lock(t.ID)\n\tdefer unlock()", name),
				fmt.Sprintf("‵%s‵ now takes only its tenant's lock instead of ‵e.mu‵.", name)})
		} else if m.said["deadlock"] {
			all = append(all, fix{"lock:" + name, fn.String(), fn.file,
				fmt.Sprintf("func (e *Engine) %s(ctx context.Context, t Tenant) error {\n\te.mu.Lock()\n\tdefer e.mu.Unlock()", name),
				fmt.Sprintf("// %s requires the tenant's lock, held by syncTenant.\nfunc (e *Engine) %s(ctx context.Context, st *tenantState) error {", name, name),
				fmt.Sprintf("‵%s‵ drops ‵e.mu‵ and takes the ‵*tenantState‵ from ‵syncTenant‵, which already holds the tenant's lock.", name)})
		}
	}
	for _, f := range sharedFields {
		all = append(all, stateFix(f))
	}
	all = append(all,
		fix{"tenantLocks", "tenantLocks", "internal/sync/tenant_lock.go",
			"func (l *tenantLocks) Lock(id int64) (unlock func()) {\n\tl.mu.Lock()\n\tm := l.m[id]",
			"func (l *tenantLocks) Lock(id int64) (unlock func()) {\n\tl.mu.Lock()\n\tm, ok := l.m[id]\n\tif !ok {\n\t\tm = &refMutex{}\n\t\tl.m[id] = m\n\t}\n\tm.refs++",
			"The lock map creates entries on demand and counts references, so an idle tenant's mutex can be dropped."},
		fix{"tenantLocks.Unlock", "tenantLocks", "internal/sync/tenant_lock.go",
			"\treturn func() {\n\t\tm.Unlock()\n\t}",
			"\treturn func() {\n\t\tm.Unlock()\n\t\tl.mu.Lock()\n\t\tif m.refs--; m.refs == 0 {\n\t\t\tdelete(l.m, id)\n\t\t}\n\t\tl.mu.Unlock()\n\t}",
			"‵unlock‵ drops the tenant's entry when nobody holds or waits for it."},
		fix{"state()", "(*Engine).state", "internal/sync/engine.go",
			"\tstates map[int64]*tenantState\n",
			"\tstatesMu sync.Mutex\n\tstates   map[int64]*tenantState // by tenant id; each guarded by that tenant's lock\n",
			"‵tenantState‵ values live in one map with its own short-lived mutex; the state inside each is guarded by the tenant's lock."},
	)
	return all
}

// snapshotFixes are the races and polish phases' changes: shared state
// guarded, readers given a snapshot.
func snapshotFixes() []fix {
	var all []fix
	for _, f := range sharedFields {
		all = append(all, stateFix(f))
	}
	for _, name := range []string{"Status", "collect", "ServeHTTP", "evict"} {
		fn := engineFuncs[name]
		all = append(all, fix{"snapshot:" + name, fn.String(), fn.file,
			"\tst := e.state(t.ID)\n",
			"\tst := e.snapshot(t.ID) // a copy taken under the tenant's lock\n",
			fmt.Sprintf("‵%s‵ reads a snapshot instead of the live state, so it never needs the tenant's lock for longer than a copy.", name)})
	}
	return all
}

// fairnessFixes are the fairness phase's changes: jobs queued per tenant
// and served in turn.
var fairnessFixes = []fix{
	{"queue.push", "internal/sync/queue.go", "internal/sync/queue.go", "\tq.items = append(q.items, job)",
		"\tq.byTenant[job.TenantID] = append(q.byTenant[job.TenantID], job)\n\tif len(q.byTenant[job.TenantID]) == 1 {\n\t\tq.ring = append(q.ring, job.TenantID)\n\t}",
		"Jobs now queue per tenant; the ring holds the tenants that have work, in turn order."},
	{"queue.pop", "(*Queue).Pop", "internal/sync/queue.go", "\tjob := q.items[0]\n\tq.items = q.items[1:]",
		"\tid := q.ring[0]\n\tq.ring = q.ring[1:]\n\tjob := q.byTenant[id][0]\n\tq.byTenant[id] = q.byTenant[id][1:]\n\tif len(q.byTenant[id]) > 0 {\n\t\tq.ring = append(q.ring, id) // back of the line\n\t}",
		"‵Pop‵ takes one job from the tenant at the front of the ring, then sends that tenant to the back."},
	{"scheduler.backoff", "internal/sync/scheduler.go", "internal/sync/scheduler.go", "\tif time.Since(last) < s.interval {",
		"\tif time.Since(last) < s.interval+s.backoff(tenantID) {",
		"The scheduler respects per-tenant backoff, so a failing bank isn't hammered on every tick."},
	{"turn", "(*Engine).syncTenant", "internal/sync/engine.go", "\tfor _, acct := range accts {\n\t\tif err := e.fetchAccount(ctx, t, acct); err != nil {",
		"\tfor _, acct := range accts[:min(len(accts), e.maxAccountsPerTurn)] {\n\t\tif err := e.fetchAccount(ctx, t, acct); err != nil {",
		"A tenant syncs at most ‵maxAccountsPerTurn‵ accounts per turn and is requeued for the rest, so 40 accounts can't hold the line."},
	{"queue.len", "(*Queue).Len", "internal/sync/queue.go", "func (q *Queue) Len() int {\n\treturn len(q.items)",
		"func (q *Queue) Len() int {\n\tn := 0\n\tfor _, jobs := range q.byTenant {\n\t\tn += len(jobs)\n\t}\n\treturn n",
		"‵Len‵ counts across the per-tenant queues; the metrics endpoint uses it."},
	{"requeue", "(*Engine).syncTenant", "internal/sync/engine.go", "\treturn nil\n}\n\n// fetchAccount",
		"\tif len(accts) > e.maxAccountsPerTurn {\n\t\te.queue.Push(Job{TenantID: t.ID, Kind: JobSync}) // the rest next turn\n\t}\n\treturn nil\n}\n\n// fetchAccount",
		"When a tenant has more accounts than one turn allows, it goes back in the queue instead of keeping the worker."},
	{"dedupe", "(*Queue).Push", "internal/sync/queue.go", "func (q *Queue) Push(job Job) {\n\tq.mu.Lock()",
		"func (q *Queue) Push(job Job) {\n\tq.mu.Lock()\n\tif q.queued[job.Key()] {\n\t\tq.mu.Unlock()\n\t\treturn // already waiting: one is enough\n\t}\n\tq.queued[job.Key()] = true",
		"‵Push‵ ignores a job that is already waiting, so a slow tenant doesn't pile up a backlog of identical syncs."},
	{"metrics.queue", "internal/sync/metrics.go", "internal/sync/metrics.go", "\tqueueDepth.Set(float64(e.queue.Len()))",
		"\tqueueDepth.Set(float64(e.queue.Len()))\n\tqueueTenants.Set(float64(e.queue.Tenants()))",
		"A second gauge: tenants waiting, next to jobs waiting — the ratio shows whether one tenant is hogging the queue."},
}

// timeoutFixes are the timeouts phase's changes: every bank client
// already read follows the context, and the engine shuts down cleanly.
func (m *marathon) timeoutFixes() []fix {
	var all []fix
	for _, bank := range banks {
		if !m.said["survey:"+bank] {
			continue // a client is read before it is changed
		}
		client := fmt.Sprintf("internal/sync/bankclient/%s.go", bank)
		all = append(all,
			fix{"ctx:" + bank, client, client, "\treq, err := http.NewRequest(http.MethodGet, u, nil)",
				"\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)",
				fmt.Sprintf("The %s client builds its request with ‵ctx‵, so cancelling the engine aborts the call.", bank)},
			fix{"sleep:" + bank, client, client, "\ttime.Sleep(backoff)",
				"\tselect {\n\tcase <-time.After(backoff):\n\tcase <-ctx.Done():\n\t\treturn nil, ctx.Err()\n\t}",
				fmt.Sprintf("The %s retry loop's sleep is now interruptible by ‵ctx‵.", bank)},
			fix{"deadline:" + bank, client, client, "\tresp, err := c.http.Do(req)",
				fmt.Sprintf("\tctx, cancel := context.WithTimeout(ctx, %d*time.Second) // %s's gateway gives up at %ds\n\tdefer cancel()\n\tresp, err := c.http.Do(req.WithContext(ctx))", bankTimeouts[bank]-10, bank, bankTimeouts[bank]),
				fmt.Sprintf("Each %s request gets its own deadline, a little under the %d seconds their gateway allows, so one slow page can't use up the whole sync.", bank, bankTimeouts[bank])},
			fix{"retryafter:" + bank, client, client, "\tif resp.StatusCode == http.StatusTooManyRequests {\n\t\tbackoff *= 2",
				"\tif resp.StatusCode == http.StatusTooManyRequests {\n\t\tbackoff = retryAfter(resp.Header, backoff*2) // honour the bank's Retry-After",
				fmt.Sprintf("When %s rate-limits us, the client waits as long as their ‵Retry-After‵ header says instead of guessing.", bank)},
		)
	}
	all = append(all,
		fix{"defaultclient", "internal/sync/bankclient/client.go", "internal/sync/bankclient/client.go", "\thttpClient: http.DefaultClient,",
			"\thttpClient: &http.Client{Timeout: 30 * time.Second, Transport: transport},",
			"No more ‵http.DefaultClient‵: every bank client gets a 30-second overall timeout."},
		fix{"workerloop", "(*worker).loop", "internal/sync/worker.go", "\tcase job := <-w.jobs:",
			"\tcase <-ctx.Done():\n\t\treturn ctx.Err()\n\tcase job := <-w.jobs:",
			"The worker loop returns when the engine's context is cancelled instead of waiting for another job."},
		fix{"shutdown", "(*Engine).Run", "internal/sync/engine.go", "\t<-ctx.Done()\n\treturn nil",
			"\t<-ctx.Done()\n\te.wg.Wait() // in-flight fetches see ctx and return\n\treturn ctx.Err()",
			"‵Run‵ waits for in-flight syncs after cancellation, so shutdown doesn't cut a batch in half."},
	)
	return all
}

// failure is a red test run, what it means and the edit that fixes it.
// Its key makes sure each bug bites once.
type failure struct {
	key, out, thinking, diagnosis, file, old, new string
}

// failures lists the bugs a red run of test may still show.
func (m *marathon) failures(test string) []failure {
	file := strings.ToLower(strings.TrimPrefix(strings.SplitN(test, "_", 2)[0], "Test")) + "_test.go"
	line := 30 + m.rng.IntN(250)
	secs := float64(1+m.rng.IntN(900)) / 100
	tenant := 1000 + m.rng.IntN(9000)
	tail := fmt.Sprintf("FAIL\nFAIL\tgithub.com/tally-hq/tally-api/internal/sync\t%.3fs\nFAIL", secs+0.4)
	bank := pick(m.session, banks...)
	want := 40 + m.rng.IntN(200)
	lost := 1 + m.rng.IntN(4)
	acct := 50000 + m.rng.IntN(9999)
	inv := fmt.Sprintf("inv_%04d", m.rng.IntN(9999))

	all := []failure{
		{key: "inflight-check-and-set",
			out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: tenant %d synced %d times in one tick, want 1\n%s", test, secs, file, line, tenant, 2+m.rng.IntN(3), tail),
			thinking:  "Same tenant synced twice in one tick: two workers both saw inflight=false. Check where inflight is set relative to the unlock in schedule.",
			diagnosis: "two workers picked up the same tenant. ‵schedule‵ checks ‵inflight‵ under ‵sharedMu‵ but sets it only after releasing the lock, so both workers saw ‵false‵. Check and set have to happen in one critical section:",
			file:      "internal/sync/scheduler.go",
			old:       "\tbusy := e.inflight[t.ID]\n\te.sharedMu.Unlock()\n\tif busy {\n\t\tcontinue\n\t}\n\te.inflight[t.ID] = true",
			new:       "\tbusy := e.inflight[t.ID]\n\tif !busy {\n\t\te.inflight[t.ID] = true\n\t}\n\te.sharedMu.Unlock()\n\tif busy {\n\t\tcontinue\n\t}"},
		{key: "seenTx-per-account",
			out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: applied = %d transactions, want %d\n%s", test, secs, file, line, want-lost, want, tail),
			thinking:  fmt.Sprintf("%d transactions missing, none errored. Dropped as duplicates? seenTx is keyed by BankRef only; two accounts at the same bank in the fixture reuse references.", lost),
			diagnosis: fmt.Sprintf("%d transactions were dropped as duplicates. ‵seenTx‵ is keyed by the bank reference alone, and two test accounts at %s reuse references — real %s statements do too. The key needs the account:", lost, bank, bank),
			file:      "internal/sync/engine.go",
			old:       "\tif _, dup := st.seenTx[tx.BankRef]; dup {",
			new:       "\tif _, dup := st.seenTx[txKey{acct.ID, tx.BankRef}]; dup {"},
		{key: "cursor-forward",
			out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: cursor for account %d = %d, want >= %d (cursor went backwards)\n%s", test, secs, file, line, acct, 1200+m.rng.IntN(100), 1400+m.rng.IntN(100), tail),
			thinking:  "Cursor went backwards: pages now finish out of order, advanceCursor stores whatever finishes last. Only move forward.",
			diagnosis: "pages of one account can now finish out of order, and ‵advanceCursor‵ stores whichever finishes *last*, even when it's older. The cursor must only move forward:",
			file:      "internal/sync/cursor.go",
			old:       "\tst.cursors[acct.ID] = next",
			new:       "\tif next.After(st.cursors[acct.ID]) {\n\t\tst.cursors[acct.ID] = next\n\t}"},
	}
	for _, h := range []struct{ name, file string }{
		{"newTestEngine", "internal/sync/helpers_test.go"},
		{"newTestWorker", "internal/sync/worker_test.go"},
		{"newBenchEngine", "internal/sync/bench_test.go"},
	} {
		all = append(all, failure{key: "constructor:" + h.name,
			out: fmt.Sprintf("--- FAIL: %s (%.2fs)\npanic: runtime error: invalid memory address or nil pointer dereference [recovered]\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x6f1a2c]\n\ngoroutine %d [running]:\ngithub.com/tally-hq/tally-api/internal/sync.(*tenantLocks).Lock(0x0, 0x%x)\n\t%s/internal/sync/tenant_lock.go:%d +0x2c\ngithub.com/tally-hq/tally-api/internal/sync.(*Engine).syncTenant(0xc0001c6000, {0x8a1f40, 0xc0000a2000}, {0x%x, ...})\n\t%s/internal/sync/engine.go:%d +0x1b4\n%s",
				test, secs, 30+m.rng.IntN(120), tenant, dirAPI, 28+m.rng.IntN(10), tenant, dirAPI, 90+m.rng.IntN(80), tail),
			thinking:  fmt.Sprintf("Nil *tenantLocks: the engine in this test wasn't built with NewEngine. %s constructs the struct literally.", h.name),
			diagnosis: fmt.Sprintf("the engine in this test has no ‵locks‵ — ‵%s‵ builds an ‵&Engine{...}‵ literal instead of calling ‵NewEngine‵, so the new field is nil. The helper should use the constructor:", h.name),
			file:      h.file,
			old:       "\te := &Engine{store: st, clients: fakeClients(t), queue: NewQueue(), log: testLogger(t)}",
			new:       "\te := NewEngine(st, fakeClients(t), testLogger(t))"})
	}
	if m.said["deadlock"] {
		for _, fn := range []string{"fetchAccount", "advanceCursor", "recordResult", "refreshToken"} {
			all = append(all, failure{key: "reentrant:" + fn,
				out: fmt.Sprintf("panic: test timed out after 2m0s\nrunning tests:\n\t%s (2m0s)\n\ngoroutine %d [sync.Mutex.Lock, 1 minutes]:\nsync.runtime_SemacquireMutex(0xc00012a1cc?, 0x0?, 0x1?)\n\t/usr/local/go/src/runtime/sema.go:95 +0x25\ngithub.com/tally-hq/tally-api/internal/sync.(*Engine).%s(...)\n\t%s/%s:%d +0x9e\ngithub.com/tally-hq/tally-api/internal/sync.(*Engine).syncTenant(...)\n\t%s/internal/sync/engine.go:%d +0x2f1\nFAIL\tgithub.com/tally-hq/tally-api/internal/sync\t120.014s\nFAIL",
					test, 20+m.rng.IntN(80), fn, dirAPI, engineFuncs[fn].file, 80+m.rng.IntN(150), dirAPI, 100+m.rng.IntN(60)),
				thinking:  fmt.Sprintf("Parked on Mutex.Lock inside %s called from syncTenant: the same re-entrancy mistake as applyBatch this morning. Helpers must not lock.", fn),
				diagnosis: fmt.Sprintf("the same mistake as ‵applyBatch‵ earlier: ‵%s‵ takes the tenant's lock although its caller, ‵syncTenant‵, already holds it. Helpers never lock — removing it:", fn),
				file:      engineFuncs[fn].file,
				old:       fmt.Sprintf("func (e *Engine) %s(ctx context.Context, st *tenantState, acct Account) error {\n\tunlock := e.locks.Lock(st.tenantID)\n\tdefer unlock()", fn),
				new:       fmt.Sprintf("// %s requires the tenant's lock, held by syncTenant.\nfunc (e *Engine) %s(ctx context.Context, st *tenantState, acct Account) error {", fn, fn)})
		}
	}
	r := redRun{test: test, file: file, tail: tail, inv: inv, line: line, tenant: tenant, secs: secs}
	all = append(all, m.stateFailures(r)...)
	all = append(all, m.renameFailures(r)...)
	var left []failure
	for _, f := range all {
		if !m.said[f.key] {
			left = append(left, f)
		}
	}
	return left
}

// redRun is what a red run's output is made of: the test, where it
// failed, how long it took, and the tenant and invoice it names.
type redRun struct {
	test, file, tail, inv string
	line, tenant          int
	secs                  float64
}

// stateFailures are the bugs of state moved out of the engine: a reader
// left on the old map, and a shared lock held across a bank call.
func (m *marathon) stateFailures(r redRun) []failure {
	var all []failure
	test, file, line, secs, tenant, tail := r.test, r.file, r.line, r.secs, r.tenant, r.tail
	for _, f := range sharedFields {
		if !f.perTenant() || !m.said["state:"+f.name] {
			continue
		}
		r := engineFuncs[f.reader()]
		all = append(all, failure{key: "stale:" + f.name,
			out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: %s for tenant %d is the zero value after a successful sync\n%s", test, secs, file, line, f.name, tenant, tail),
			thinking:  fmt.Sprintf("%s moved into tenantState, but %s still reads e.%s, which nothing writes any more.", f.name, r.name, f.name),
			diagnosis: fmt.Sprintf("‵%s‵ moved into ‵tenantState‵ earlier, but ‵%s‵ still reads the old ‵e.%s‵ map, which nothing writes any more. It has to read the tenant's state:", f.name, r.name, f.name),
			file:      r.file,
			old:       fmt.Sprintf("\tv := e.%s[%s]", f.name, f.key()),
			new:       fmt.Sprintf("\tv := e.snapshot(t.ID).%s", f.name)})
	}
	for _, f := range sharedFields {
		if f.perTenant() || !m.said["state:"+f.name] {
			continue
		}
		w := engineFuncs[f.writer]
		all = append(all, failure{key: "io-under-shared:" + f.name,
			out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: 5 small tenants finished after %.1fs, want < 1s while tenant %d's bank is slow\n%s", test, secs, file, line, 3+float64(m.rng.IntN(40))/10, tenant, tail),
			thinking:  fmt.Sprintf("Small tenants wait for a slow bank although they have their own locks: something shared is held across I/O. %s takes sharedMu around the whole call instead of just the map write.", w.name),
			diagnosis: fmt.Sprintf("‵%s‵ holds ‵sharedMu‵ across the call to the bank, not just around the write to ‵%s‵ — so one slow bank blocks everyone again, just through a smaller lock. Only the map access belongs inside:", w.name, f.name),
			file:      w.file,
			old:       fmt.Sprintf("\te.sharedMu.Lock()\n\tdefer e.sharedMu.Unlock()\n\tres, err := e.client(acct.Bank).Do(ctx, req)\n\t%s", f.write),
			new:       fmt.Sprintf("\tres, err := e.client(acct.Bank).Do(ctx, req)\n\te.sharedMu.Lock()\n\t%s\n\te.sharedMu.Unlock()", f.write)})
	}
	return all
}

// renameFailures are the bugs of names the work left behind: a test
// asserting the old behaviour, and the matcher reading the old cache.
func (m *marathon) renameFailures(r redRun) []failure {
	var all []failure
	test, file, line, secs, tenant, tail, inv := r.test, r.file, r.line, r.secs, r.tenant, r.tail, r.inv
	all = append(all, failure{key: "old-expectation",
		out:       fmt.Sprintf("--- FAIL: TestEngine_SerializesTenants (%.2fs)\n    engine_test.go:%d: tenants %d and %d overlapped, want one tenant at a time\n%s", secs, line, tenant, tenant+1, tail),
		thinking:  "TestEngine_SerializesTenants asserts the old behaviour: one tenant at a time. That is exactly what we are removing; the test encodes the bug.",
		diagnosis: "this test asserts the *old* behaviour — that tenants never overlap. That's the property we're deliberately removing, so the test is wrong now, not the code. It becomes a check that the *same* tenant never overlaps with itself:",
		file:      "internal/sync/engine_test.go",
		old:       "func TestEngine_SerializesTenants(t *testing.T) {",
		new:       "// Different tenants sync in parallel; one tenant never overlaps with itself.\nfunc TestEngine_SerializesEachTenant(t *testing.T) {"})
	all = append(all, failure{key: "matcher-refcache",
		out:       fmt.Sprintf("--- FAIL: %s (%.2fs)\n    %s:%d: matched invoice = \"\", want %q (reference \"TALLY %s\")\n%s", test, secs, file, line, inv, strings.ToUpper(inv), tail),
		thinking:  "Match returns nothing for a reference that is in the fixture. The reference cache moved into tenantState; Match still reads the engine-level map, now always empty.",
		diagnosis: "‵Match‵ still looks references up in ‵e.refCache‵, which nothing fills any more since the cache moved into ‵tenantState‵. It has to use the tenant's:",
		file:      "internal/sync/matcher.go",
		old:       "\tif id, ok := m.e.refCache[ref]; ok {",
		new:       "\tif id, ok := st.refCache[ref]; ok {"})
	return all
}

var lintFindings = []struct{ report, file, old, new, why string }{
	{"internal/sync/worker.go:77:3: SA2001: empty critical section (staticcheck)", "internal/sync/worker.go",
		"\te.mu.Lock()\n\te.mu.Unlock() // wait for in-flight syncs\n", "\te.wg.Wait() // wait for in-flight syncs\n",
		"An empty critical section that used to mean \"wait for the sync holding ‵e.mu‵\". With per-tenant locks it waits for nothing; a WaitGroup says what it means."},
	{"internal/sync/engine.go:41:2: U1000: field mu is unused (staticcheck)", "internal/sync/engine.go",
		"\tmu sync.Mutex // guards everything below\n", "",
		"The old mutex is finally unused. Deleting it — a satisfying line to remove."},
	{"internal/sync/cursor.go:58:9: copylocks: range var c copies lock: sync.cursorState contains sync.Mutex", "internal/sync/cursor.go",
		"\tfor _, c := range st.cursors {", "\tfor i := range st.cursors {\n\t\tc := &st.cursors[i]",
		"Ranging by value copies each cursor's mutex. Iterating by index takes pointers instead."},
	{"internal/sync/engine.go:212:6: U1000: func (*Engine).withLock is unused (staticcheck)", "internal/sync/engine.go",
		"func (e *Engine) withLock(fn func()) {\n\te.mu.Lock()\n\tdefer e.mu.Unlock()\n\tfn()\n}\n", "",
		"‵withLock‵ was the old helper around ‵e.mu‵; nothing calls it now."},
	{"internal/sync/status.go:33:2: SA4006: this value of err is never used (staticcheck)", "internal/sync/status.go",
		"\tsnap, err := e.snapshot(tenantID)\n\tsnap, err = e.enrich(snap)", "\tsnap, err := e.snapshot(tenantID)\n\tif err != nil {\n\t\treturn Status{}, err\n\t}\n\tsnap, err = e.enrich(snap)",
		"A real one: the first error was silently overwritten."},
}
