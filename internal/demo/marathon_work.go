package demo

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The marathon's routine work between fixes: tests written, stress runs,
// profiles, commits and a look at the log. It keeps a long day varied once
// a phase has made its changes.

// commitMessage is the commit line for a change or fix with this key.
func commitMessage(key, why string) string {
	kind, arg, _ := strings.Cut(key, ":")
	switch kind {
	case "lock":
		return "sync: " + arg + " takes only its tenant's lock"
	case "state":
		return "sync: take " + arg + " out from under the engine mutex"
	case "snapshot":
		return "sync: " + arg + " reads a snapshot of tenant state"
	case "constructor":
		return "sync: build test engines with NewEngine in " + arg
	case "reentrant":
		return "sync: " + arg + " runs under the caller's tenant lock"
	case "stale":
		return "sync: read " + arg + " from tenant state"
	case "io-under-shared":
		return "sync: hold sharedMu only for the " + arg + " write"
	case "ctx", "sleep":
		return "bankclient: " + arg + " honours ctx"
	case "deadline":
		return "bankclient: per-request deadline for " + arg
	case "retryafter":
		return "bankclient: honour Retry-After from " + arg
	}
	if msg, ok := commitMessages[key]; ok {
		return msg
	}
	// Otherwise the first clause of why, without Markdown.
	line := strings.NewReplacer("‵", "", "*", "").Replace(why)
	if i := strings.IndexAny(line, ".:;—"); i > 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if len(line) > 64 {
		line = line[:strings.LastIndex(line[:64], " ")]
	}
	r, size := utf8.DecodeRuneInString(line)
	return "sync: " + string(unicode.ToLower(r)) + line[size:]
}

// commitMessages are the commit lines of the day's one-off changes and fixes.
var commitMessages = map[string]string{
	"tenantLocks":            "sync: create tenant locks on demand and count references",
	"tenantLocks.Unlock":     "sync: drop a tenant's lock entry when it goes idle",
	"state()":                "sync: keep tenantState in one map with its own mutex",
	"queue.push":             "sync: queue jobs per tenant",
	"queue.pop":              "sync: pop round-robin across tenants",
	"scheduler.backoff":      "sync: scheduler respects per-tenant backoff",
	"turn":                   "sync: bound the accounts a tenant syncs per turn",
	"queue.len":              "sync: count jobs across tenant queues",
	"requeue":                "sync: requeue tenants with accounts left over",
	"dedupe":                 "sync: ignore a job that is already queued",
	"metrics.queue":          "sync: gauge tenants waiting in the queue",
	"defaultclient":          "bankclient: 30s timeout instead of http.DefaultClient",
	"workerloop":             "sync: workers stop when the engine's context ends",
	"shutdown":               "sync: Run waits for in-flight syncs on shutdown",
	"inflight-check-and-set": "sync: check and set inflight in one critical section",
	"seenTx-per-account":     "sync: key duplicate detection by account and reference",
	"cursor-forward":         "sync: never move a cursor backwards",
	"old-expectation":        "sync: test that each tenant, not the engine, is serialized",
	"matcher-refcache":       "sync: match references from the tenant's cache",
}

// commit commits the changes made since the last commit.
func (m *marathon) commit() {
	if len(m.uncommitted) == 0 {
		return
	}
	subject := m.uncommitted[0]
	body := ""
	if len(m.uncommitted) > 1 {
		body = "\n\n- " + strings.Join(m.uncommitted[1:], "\n- ")
	}
	hash := fmt.Sprintf("%07x", m.rng.IntN(1<<28))
	m.bash(fmt.Sprintf("git add -A internal/sync && git commit -q -m %q", subject+body), "Commit the last changes",
		fmt.Sprintf("[refactor/sync-per-tenant-locks %s] %s\n %d files changed, %d insertions(+), %d deletions(-)",
			hash, subject, 1+len(m.uncommitted), 8+m.rng.IntN(60), 3+m.rng.IntN(40)), false)
	m.commits = append(m.commits, hash+" "+subject)
	m.uncommitted = nil
}

// other does the routine work of the phase when it has no change left.
func (m *marathon) other() {
	switch {
	case m.phase().name == "timeouts" && m.bankSurvey():
	case m.phase().name == "fairness" && m.queueSurvey():
	case m.writeTest():
	case m.rng.IntN(3) == 0 && len(m.commits) > 3 && !m.said["log:"+m.phase().name]:
		m.gitLog()
	case m.rng.IntN(4) == 0 && !m.said["profile:"+m.phase().name]:
		m.profile()
	default:
		m.stress()
	}
}

// testSpec is a test the day writes, in the phase that needs it.
type testSpec struct {
	phase, name, file, why, body string
}

var marathonTests = []testSpec{
	{"map", "TestEngine_ManyTenantsUnderRace", "internal/sync/harness_test.go",
		"First the safety net: 200 fake tenants syncing at once, so ‵-race‵ has something to find after every change.",
		`	e := newTestEngine(t, withFakeBank(latency(2*time.Millisecond)))
	tenants := seedTenants(t, e, 200, accountsEach(3))

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for _, tn := range tenants {
		wg.Add(1)
		go func() { defer wg.Done(); mustSync(t, e, ctx, tn) }()
	}
	wg.Wait()

	for _, tn := range tenants {
		if got := e.snapshot(tn.ID).applied; got != 3*txPerAccount {
			t.Errorf("tenant %d applied %d transactions, want %d", tn.ID, got, 3*txPerAccount)
		}
	}`},
	{"locks", "TestTenantLocks_SerializesSameTenant", "internal/sync/tenant_lock_test.go",
		"A test for the lock itself: two goroutines on the same tenant must never overlap.",
		`	var l tenantLocks
	var inside atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock := l.Lock(42)
			if n := inside.Add(1); n != 1 {
				t.Errorf("%d goroutines inside tenant 42's lock", n)
			}
			time.Sleep(time.Millisecond)
			inside.Add(-1)
			unlock()
		}()
	}
	wg.Wait()`},
	{"locks", "TestTenantLocks_DifferentTenantsInParallel", "internal/sync/tenant_lock_test.go",
		"And the property we're doing this for: different tenants don't wait for each other.",
		`	var l tenantLocks
	unlock := l.Lock(1)
	defer unlock()

	done := make(chan struct{})
	go func() { l.Lock(2)(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("tenant 2 waited for tenant 1's lock")
	}`},
	{"locks", "TestTenantLocks_DropsIdleEntries", "internal/sync/tenant_lock_test.go",
		"The lock map must not grow with every tenant ever seen.",
		`	var l tenantLocks
	for id := range int64(1000) {
		l.Lock(id)()
	}
	if n := l.len(); n != 0 {
		t.Fatalf("%d idle entries left in the lock map, want 0", n)
	}`},
	{"races", "TestEngine_StatusWhileSyncing", "internal/sync/status_test.go",
		"The detector only sees races on paths the tests run, so: ‵Status‵ polled in a loop while syncs run.",
		`	e := newTestEngine(t, withFakeBank(latency(time.Millisecond)))
	tenants := seedTenants(t, e, 20, accountsEach(2))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			for _, tn := range tenants {
				_ = e.Status(tn.ID)
			}
		}
	}()
	syncAll(t, e, tenants)`},
	{"races", "TestDebugHandler_WhileSyncing", "internal/sync/debug_test.go",
		"Same for the debug endpoint, which reads half the engine's state.",
		`	e := newTestEngine(t, withFakeBank(latency(time.Millisecond)))
	tenants := seedTenants(t, e, 20, accountsEach(2))
	srv := httptest.NewServer(e.DebugHandler())
	defer srv.Close()
	go func() {
		for range 200 {
			resp, err := http.Get(srv.URL + "/debug/sync")
			if err == nil {
				resp.Body.Close()
			}
		}
	}()
	syncAll(t, e, tenants)`},
	{"races", "TestJanitor_EvictsWhileSyncing", "internal/sync/janitor_test.go",
		"The janitor deletes idle cursors and tokens on a timer; it needs to run *during* syncs in a test.",
		`	e := newTestEngine(t, withFakeBank(latency(time.Millisecond)), withJanitorEvery(time.Millisecond))
	tenants := seedTenants(t, e, 30, accountsEach(2))
	syncAll(t, e, tenants)
	syncAll(t, e, tenants) // cursors evicted in between must be reloaded, not zero
	for _, tn := range tenants {
		if c := e.snapshot(tn.ID).cursor; c.IsZero() {
			t.Errorf("tenant %d has a zero cursor after two syncs", tn.ID)
		}
	}`},
	{"fairness", "TestQueue_FairAcrossTenants", "internal/sync/queue_test.go",
		"The fairness property as a test: jobs come out one tenant at a time, in turn.",
		`	q := NewQueue()
	for i := range 6 {
		q.Push(Job{TenantID: 1, Account: int64(i)}) // a big tenant
	}
	q.Push(Job{TenantID: 2})
	q.Push(Job{TenantID: 3})

	var order []int64
	for q.Len() > 0 {
		order = append(order, q.Pop().TenantID)
	}
	if got, want := fmt.Sprint(order[:4]), "[1 2 3 1]"; got != want {
		t.Fatalf("first four jobs from tenants %s, want %s", got, want)
	}`},
	{"fairness", "TestEngine_SmallTenantNotStarved", "internal/sync/fairness_test.go",
		"End to end: one tenant with 40 accounts behind a slow bank, five small ones — the small ones must finish first.",
		`	e := newTestEngine(t, withWorkers(2), withFakeBank(latency(50*time.Millisecond)))
	big := seedTenant(t, e, accounts(40))
	small := seedTenants(t, e, 5, accountsEach(1))

	start := time.Now()
	go mustSync(t, e, context.Background(), big)
	for _, tn := range small {
		mustSync(t, e, context.Background(), tn)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("small tenants took %v behind the big one", d)
	}`},
	{"fairness", "TestQueue_PushDeduplicates", "internal/sync/queue_test.go",
		"A slow tenant shouldn't pile up identical jobs.",
		`	q := NewQueue()
	for range 10 {
		q.Push(Job{TenantID: 7, Kind: JobSync})
	}
	if n := q.Len(); n != 1 {
		t.Fatalf("queue holds %d identical jobs, want 1", n)
	}`},
	{"timeouts", "TestClient_FetchStatementsHonoursContext", "internal/sync/bankclient/client_test.go",
		"A bank that never answers, and a context that gets cancelled: the fetch must return promptly.",
		`	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer hang.Close()
	c := newTestClient(t, hang.URL)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.FetchStatements(ctx, testAccount, Cursor{})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > time.Second {
		t.Fatalf("err = %v after %v, want DeadlineExceeded within a second", err, time.Since(start))
	}`},
	{"timeouts", "TestEngine_ShutdownStopsInflightFetches", "internal/sync/shutdown_test.go",
		"Shutdown with fetches in flight: ‵Run‵ must return soon after cancel, and leave no goroutine behind.",
		`	e := newTestEngine(t, withFakeBank(hangs()))
	seedTenants(t, e, 10, accountsEach(2))
	before := runtime.NumGoroutine()

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- e.Run(ctx) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	waitForGoroutines(t, before)`},
	{"timeouts", "TestClient_RetrySleepInterruptible", "internal/sync/bankclient/retry_test.go",
		"The retry backoff must not outlive a cancelled context.",
		`	c := newTestClient(t, alwaysStatus(http.StatusServiceUnavailable), withBackoff(time.Minute))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _ = c.FetchStatements(ctx, testAccount, Cursor{})
	if d := time.Since(start); d > time.Second {
		t.Fatalf("fetch returned after %v; the retry sleep ignored ctx", d)
	}`},
	{"polish", "TestCursor_NeverMovesBackwards", "internal/sync/cursor_test.go",
		"The regression test I promised for the cursor going backwards.",
		`	st := &tenantState{cursors: map[int64]Cursor{}}
	e := newTestEngine(t)
	e.advanceCursor(st, acct(1), cursorAt(1400))
	e.advanceCursor(st, acct(1), cursorAt(1200)) // an older page finishing late
	if got := st.cursors[1]; got != cursorAt(1400) {
		t.Fatalf("cursor = %v, want it to stay at 1400", got)
	}`},
	{"polish", "TestEngine_SameReferenceTwoAccounts", "internal/sync/dedupe_test.go",
		"And one for duplicate detection across accounts with the same bank reference.",
		`	e := newTestEngine(t)
	tn := seedTenant(t, e, accounts(2))
	feed(t, e, tn.Accounts[0], tx("REF-001", 12500))
	feed(t, e, tn.Accounts[1], tx("REF-001", 8000))
	mustSync(t, e, context.Background(), tn)
	if got := e.snapshot(tn.ID).applied; got != 2 {
		t.Fatalf("applied %d transactions, want 2: same reference, different accounts", got)
	}`},
	{"locks", "TestEngine_OverlapsTenantsNotSyncs", "internal/sync/overlap_test.go",
		"The property this refactor promises, as a test: one tenant never overlaps with itself, different tenants do.",
		`	e := newTestEngine(t, withFakeBank(latency(5*time.Millisecond)), withProbe())
	tenants := seedTenants(t, e, 4, accountsEach(2))
	syncAll(t, e, append(tenants, tenants...)) // every tenant twice, concurrently
	if n := e.probe.maxOverlap(tenants[0].ID); n != 1 {
		t.Errorf("tenant %d overlapped with itself %d times", tenants[0].ID, n)
	}
	if e.probe.maxConcurrentTenants() < 2 {
		t.Error("tenants never ran in parallel")
	}`},
	{"races", "TestMetrics_CollectWhileSyncing", "internal/sync/metrics_test.go",
		"Prometheus scrapes on its own schedule, so the collector gets a concurrent test too.",
		`	e := newTestEngine(t, withFakeBank(latency(time.Millisecond)))
	tenants := seedTenants(t, e, 20, accountsEach(2))
	reg := prometheus.NewRegistry()
	reg.MustRegister(e.Collector())
	go func() {
		for range 100 {
			_, _ = reg.Gather()
		}
	}()
	syncAll(t, e, tenants)`},
	{"fairness", "TestScheduler_RespectsBackoff", "internal/sync/scheduler_test.go",
		"A tenant whose bank keeps failing must wait out its backoff.",
		`	s := newTestScheduler(t, every(time.Second))
	s.fail(7, 3) // three failures in a row: backoff 4s
	s.tick(t0)
	s.tick(t0.Add(2 * time.Second))
	if n := s.queue.count(7); n != 1 {
		t.Fatalf("tenant 7 queued %d times within its backoff, want 1", n)
	}`},
	{"timeouts", "TestWorker_NoGoroutineLeakOnCancel", "internal/sync/worker_test.go",
		"Last one for this part: cancelling a worker pool must not leave goroutines behind.",
		`	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	pool := startWorkers(ctx, newTestEngine(t), 8)
	cancel()
	pool.Wait()
	waitForGoroutines(t, before)`},
	{"polish", "TestSchedule_InflightCheckAndSet", "internal/sync/scheduler_test.go",
		"And the regression test for the tenant that got synced twice in one tick.",
		`	e := newTestEngine(t, withWorkers(16))
	tn := seedTenant(t, e, accounts(1))
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() { defer wg.Done(); e.schedule(context.Background(), tn) }()
	}
	wg.Wait()
	if n := e.queue.count(tn.ID); n != 1 {
		t.Fatalf("tenant queued %d times by 16 concurrent schedules, want 1", n)
	}`},
}

// writeTest writes the next test the phase needs and runs it. It reports
// false when the phase has none left.
func (m *marathon) writeTest() bool {
	var spec *testSpec
	for i := range marathonTests {
		t := &marathonTests[i]
		if t.phase == m.phase().name && !m.said["test:"+t.name] {
			spec = t
			break
		}
	}
	if spec == nil {
		return false
	}
	m.said["test:"+spec.name] = true
	if m.rng.IntN(2) == 0 {
		m.user(m.fresh("Can we get a test for that?", "I'd like a test pinning this down.", "Test first, then we move on?", "Let's lock this in with a test."))
	}
	m.say(spec.why)
	content := fmt.Sprintf("func %s(t *testing.T) {\n%s\n}\n", spec.name, spec.body)
	if prev, ok := m.lastTest[spec.file]; ok {
		// Insert before the file's previous test, which Edit can find.
		anchor := "func " + prev + "(t *testing.T) {"
		m.edit(spec.file, anchor, content+"\n"+anchor)
	} else {
		pkg := "sync"
		if strings.Contains(spec.file, "bankclient") {
			pkg = "bankclient"
		}
		m.write(spec.file, "package "+pkg+"\n\n"+content)
	}
	m.lastTest[spec.file] = spec.name
	m.bash(fmt.Sprintf("go test ./internal/sync/... -run '^%s$' -race -v", spec.name), "Run the new test",
		fmt.Sprintf("=== RUN   %s\n--- PASS: %s (%.2fs)\nPASS\nok  \tgithub.com/tally-hq/tally-api/internal/sync\t%.3fs", spec.name, spec.name, float64(5+m.rng.IntN(300))/100, 1+float64(m.rng.IntN(400))/100), false)
	m.say(pick(m.session, "Passes. ", "Green on the first run. ", "Passes, and it would have failed this morning. ") +
		pick(m.session, "It stays in the suite.", "One more guard rail.", ""))
	m.uncommitted = append(m.uncommitted, "sync: test "+strings.TrimPrefix(spec.name, "Test"))
	return true
}

// stress runs one test many times on several CPU counts, as one does
// between changes in concurrent code.
func (m *marathon) stress() {
	test := pick(m.session, m.phase().tests...)
	count := pick(m.session, 50, 100, 200, 500)
	cpus := pick(m.session, "1,4,16", "2,8", "1,32", "4,16,32")
	if m.rng.IntN(2) == 0 {
		m.user(fmt.Sprintf(pick(m.session,
			"Hammer ‵%s‵ for a while, I want to be sure.",
			"Run ‵%s‵ a few hundred times under -race?",
			"Let's stress ‵%s‵ on different CPU counts.",
			"Before the next change: ‵%s‵ with a high count."), test))
	}
	if m.rng.IntN(4) == 0 && m.redRun(test, fmt.Sprintf("-race -count=%d -cpu=%s", count, cpus)) {
		return // hammering it shook a bug out
	}
	secs := float64(count) * (0.02 + float64(m.rng.IntN(20))/1000) * float64(strings.Count(cpus, ",")+1)
	m.bash(fmt.Sprintf("go test ./internal/sync/... -race -run '%s' -count=%d -cpu=%s", strings.SplitN(test, "/", 2)[0], count, cpus),
		fmt.Sprintf("Run %s %d times on %s CPUs", test, count, cpus),
		fmt.Sprintf("ok  \tgithub.com/tally-hq/tally-api/internal/sync\t%.3fs\nok  \tgithub.com/tally-hq/tally-api/internal/sync/bankclient\t%.3fs", secs, secs/5), false)
	m.say(m.stressRemark(count, cpus))
}

func (m *marathon) stressRemark(count int, cpus string) string {
	return fmt.Sprintf(pick(m.session,
		"%[1]d runs on %[2]s CPUs, all green under ‵-race‵.",
		"Clean across %[1]d runs with ‵-cpu=%[2]s‵. Nothing flaky that I can provoke.",
		"%[1]d/%[1]d passing on %[2]s CPUs.",
		"No failures in %[1]d runs (‵-cpu=%[2]s‵). I'm fairly confident in this part now.",
		"All %[1]d runs pass on %[2]s CPUs; the slowest run was well under the timeout.",
		"Green %[1]d times over with ‵-cpu=%[2]s‵. Moving on.",
	), count, cpus)
}

// profile looks at mutex contention, which falls through the day.
func (m *marathon) profile() {
	m.said["profile:"+m.phase().name] = true
	m.user(m.fresh("Where's the contention now?", "Can we see a mutex profile?", "What's still waiting on locks?"))
	share := 92 - 14*indexOfPhase(m.phase().name) - m.rng.IntN(6)
	top := "sync.(*Mutex).Unlock (*Engine).syncTenant"
	if m.said["deadlock"] {
		top = "sync.(*Mutex).Unlock (*tenantLocks).Lock"
	}
	m.bash("go test ./internal/sync/ -run '^$' -bench 'BenchmarkEngine/tenants=200' -mutexprofile mutex.out -mutexprofilefraction 1 && go tool pprof -top -nodecount=5 mutex.out",
		"Profile mutex contention in the 200-tenant benchmark",
		fmt.Sprintf(`Type: delay
Showing nodes accounting for %.2fs, 100%% of %.2fs total
      flat  flat%%   sum%%        cum   cum%%
    %.2fs %d.%02d%% %d.%02d%%     %.2fs %d.%02d%%  %s
    %.2fs  %d.%02d%%   100%%     %.2fs  %d.%02d%%  sync.(*Mutex).Unlock (*Engine).recordResult`,
			float64(share)/10, float64(share)/10,
			float64(share)*0.9/10, share*9/10, m.rng.IntN(100), share*9/10, m.rng.IntN(100), float64(share)*0.9/10, share*9/10, m.rng.IntN(100), top,
			float64(share)*0.1/10, share/10, m.rng.IntN(100), float64(share)*0.1/10, share/10, m.rng.IntN(100)), false)
	if top == "sync.(*Mutex).Unlock (*Engine).syncTenant" {
		m.say(fmt.Sprintf("As expected: %.1f seconds of waiting in the benchmark, almost all of it on ‵e.mu‵ in ‵syncTenant‵. That's the number to watch fall.", float64(share)/10))
	} else {
		m.say(fmt.Sprintf("Down to %.1f seconds of lock waiting, most of it now inside ‵tenantLocks.Lock‵ for the *same* tenant — which is correct: that's one tenant's syncs queuing behind each other, not other tenants.", float64(share)/10))
	}
}

// gitLog looks back at the commits of the day so far.
func (m *marathon) gitLog() {
	m.said["log:"+m.phase().name] = true
	m.user(m.fresh("Show me the log so far?", "How many commits are we at?", "Let me see what we've committed."))
	n := min(len(m.commits), 8)
	var b strings.Builder
	for i := len(m.commits) - 1; i >= len(m.commits)-n; i-- {
		b.WriteString(m.commits[i] + "\n")
	}
	m.bash(fmt.Sprintf("git log --oneline -%d", n), "Show the latest commits", strings.TrimSuffix(b.String(), "\n"), false)
	m.say(fmt.Sprintf("%d commits on the branch so far, each one small enough to review on its own. I'd keep it that way rather than squash — the history explains the locking rule step by step.", len(m.commits)))
}

// diff shows the change a fix made, as git does.
func (m *marathon) diff(f fix) {
	line := 40 + m.rng.IntN(250)
	oldLines, newLines := strings.Split(md(f.old), "\n"), strings.Split(md(f.new), "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "diff --git a/%[1]s b/%[1]s\nindex %07x..%07x 100644\n--- a/%[1]s\n+++ b/%[1]s\n", f.file, m.rng.IntN(1<<28), m.rng.IntN(1<<28))
	fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", line, len(oldLines), line, len(newLines))
	for _, l := range oldLines {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range newLines {
		b.WriteString("+" + l + "\n")
	}
	m.bash("git diff "+f.file, "Show the change", strings.TrimSuffix(b.String(), "\n"), false)
}

// bankSurvey is the first look at one bank's client in the timeouts phase.
func (m *marathon) bankSurvey() bool {
	var bank string
	for _, b := range banks {
		if !m.said["survey:"+b] {
			bank = b
			break
		}
	}
	if bank == "" {
		return false
	}
	m.said["survey:"+bank] = true
	file := "internal/sync/bankclient/" + bank + ".go"
	m.ask(file)
	m.say(fmt.Sprintf("Reading the %s client first.", bank))
	endpoint := map[string]string{
		"barclays": "/open-banking/v3.1/aisp/accounts/%s/transactions",
		"hsbc":     "/open-banking/v3.1/aisp/accounts/%s/transactions",
		"monzo":    "/transactions?account_id=%s&expand[]=merchant",
		"lloyds":   "/open-banking/v3.1.6/aisp/accounts/%s/transactions",
		"natwest":  "/open-banking/v3.1/aisp/accounts/%s/transactions",
		"starling": "/api/v2/feed/account/%s/category/default",
		"revolut":  "/api/1.0/transactions?account=%s",
	}[bank]
	start := 30 + m.rng.IntN(60)
	m.read(file, start, fmt.Sprintf(`func (c *%[1]sClient) FetchStatements(ctx context.Context, acct Account, cur Cursor) ([]Transaction, error) {
	u := c.base + fmt.Sprintf(%[2]q, acct.ExternalID)
	backoff := 500 * time.Millisecond
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+c.token(acct))
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, fmt.Errorf("%[1]s: %%w", err)
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			backoff *= 2
			resp.Body.Close()
			time.Sleep(backoff)
			continue
		}
		return decode%[3]s(resp)
	}
}`, bank, endpoint, strings.ToUpper(bank[:1])+bank[1:]))
	m.grep(`http\.DefaultClient|time\.Sleep|NewRequest\(`, "internal/sync/bankclient/"+bank+".go",
		fmt.Sprintf("%[1]s:%[2]d:\t\treq, err := http.NewRequest(http.MethodGet, u, nil)\n%[1]s:%[3]d:\t\t\ttime.Sleep(backoff)\n%[1]s:%[4]d:\t\thttp: http.DefaultClient,", file, start+4, start+15, 20+m.rng.IntN(8)))
	m.say(fmt.Sprintf(`The %s client has all three problems:

- the request is built **without ‵ctx‵**, so cancelling the engine doesn't stop it;
- the rate-limit backoff uses ‵time.Sleep‵, which nothing can interrupt — and it doubles without limit;
- it uses ‵http.DefaultClient‵, which has **no timeout at all**.

%s documents a %d-second gateway timeout, so I'd give each request %d seconds.`, bank, strings.ToUpper(bank[:1])+bank[1:], bankTimeouts[bank], bankTimeouts[bank]-10))
	return true
}

// queueSurvey reads the queue and the scheduler before the fairness work.
func (m *marathon) queueSurvey() bool {
	surveys := []struct{ key, file, code, finding string }{
		{"survey:queue", "internal/sync/queue.go", `// Queue holds sync jobs in arrival order.
type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []Job
}

func (q *Queue) Push(job Job) {
	q.mu.Lock()
	q.items = append(q.items, job)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Queue) Pop() Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	job := q.items[0]
	q.items = q.items[1:]
	return job
}`, "Plain FIFO: a tenant with 40 accounts enqueues 40 jobs at once, and every tenant that arrives after it waits behind all 40. With per-tenant locks that's now the main source of unfairness. A ring of tenants, each with its own small queue, fixes it without priorities."},
		{"survey:scheduler", "internal/sync/scheduler.go", `func (s *Scheduler) tick(now time.Time) {
	for _, t := range s.tenants() {
		last := s.lastRun[t.ID]
		if time.Since(last) < s.interval {
			continue
		}
		for _, acct := range s.accounts(t.ID) {
			s.queue.Push(Job{TenantID: t.ID, Account: acct.ID, Kind: JobSync})
		}
		s.lastRun[t.ID] = now
	}
}`, "Two things here: every tick pushes one job *per account*, which is how one tenant floods the queue, and it ignores the tenant's backoff, so a failing bank is retried every interval regardless. I'd push one job per tenant and let ‵syncTenant‵ work through a bounded number of accounts per turn."},
	}
	for _, sv := range surveys {
		if m.said[sv.key] {
			continue
		}
		m.said[sv.key] = true
		m.ask(sv.file)
		m.read(sv.file, 12+m.rng.IntN(40), sv.code)
		m.say(sv.finding)
		return true
	}
	return false
}
