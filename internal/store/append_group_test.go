package store_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/uptrace/bun/dialect"
)

// Group commit (append_group.go): appends queued while another writes
// share one write transaction, each in its own savepoint. An append that
// fails there fails alone — its writes undone, its own error returned —
// and the others in the group are committed with the answers they would
// have had alone.
func TestGroupedAppendFailsAlone(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
	first := mustSession(t, s, ada.ID, &baton.Session{Title: "first"})
	faulty := mustSession(t, s, ada.ID, &baton.Session{Title: "fails after writing"})
	bobs := mustSession(t, s, bob.ID, &baton.Session{Title: "bob's"})
	start := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	diskOnFire := errors.New("disk on fire")
	store.SetAppendFault(func(sessionID string) error {
		if sessionID == faulty.ID {
			return diskOnFire
		}
		return nil
	})
	t.Cleanup(func() { store.SetAppendFault(nil) })

	gone, cancel := context.WithCancel(ctx)
	calls := []struct {
		name                      string
		ctx                       context.Context
		sessionID, conversationID string
		msgs                      []*baton.Message
	}{
		{"first three", ctx, first.ID, "", msgs(3, "a", start)},
		{"another steward's session", ctx, bobs.ID, "", msgs(2, "b", start)},
		{"fails after its writes", ctx, faulty.ID, "", msgs(2, "c", start)},
		{"one repeat and two new", ctx, first.ID, "", append(msgs(3, "a", start)[2:], msgs(2, "d", start.Add(time.Hour))...)},
		{"unknown conversation", ctx, first.ID, "nope", msgs(1, "e", start)},
		{"caller gone while queued", gone, first.ID, "", msgs(1, "f", start)},
		{"last", ctx, first.ID, "", msgs(1, "g", start.Add(2*time.Hour))},
	}
	type answer struct {
		res baton.AppendResult
		err error
	}
	answers := make([]answer, len(calls))
	release := s.HoldWriteLock()
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := s.AppendMessages(c.ctx, ada.ID, c.sessionID, c.conversationID, c.msgs)
			answers[i] = answer{res, err}
		}()
		// One at a time, so the queue holds them in this order.
		for s.QueuedAppends() < i+1 {
			runtime.Gosched()
		}
	}
	cancel()
	release() // the first caller takes all seven for one transaction
	wg.Wait()

	want := []struct {
		stored, dups int
		code         string
		err          error
	}{
		{stored: 3},
		{code: baton.ENOTFOUND},
		{err: diskOnFire},
		{stored: 2, dups: 1},
		{code: baton.ENOTFOUND},
		{err: context.Canceled},
		{stored: 1},
	}
	for i, w := range want {
		got := answers[i]
		switch {
		case w.err != nil && !errors.Is(got.err, w.err), w.code != "" && baton.ErrorCode(got.err) != w.code:
			t.Errorf("%s: error %v; want %v%s", calls[i].name, got.err, w.err, w.code)
		case w.err == nil && w.code == "" && got.err != nil:
			t.Errorf("%s: error %v; want none", calls[i].name, got.err)
		case got.res.Stored != w.stored || got.res.Duplicates != w.dups:
			t.Errorf("%s: stored %d, duplicates %d; want %d, %d", calls[i].name, got.res.Stored, got.res.Duplicates, w.stored, w.dups)
		}
	}

	// The first session holds the successful appends in the order they
	// came, numbered 1…6; the failed ones left nothing anywhere.
	got, err := s.Transcript(ctx, ada.ID, first.ID, "", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for i, m := range got {
		order = append(order, m.SourceID)
		if m.Seq != int64(i+1) {
			t.Errorf("message %s has seq %d; want %d", m.SourceID, m.Seq, i+1)
		}
	}
	if fmt.Sprint(order) != "[a-0 a-1 a-2 d-0 d-1 g-0]" {
		t.Errorf("first session holds %v", order)
	}
	for _, c := range []struct {
		steward int64
		id      string
		count   int64
	}{{ada.ID, first.ID, 6}, {ada.ID, faulty.ID, 0}, {bob.ID, bobs.ID, 0}} {
		sess, err := s.Session(ctx, c.steward, c.id)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.TranscriptLength(ctx, c.steward, c.id, "")
		if err != nil {
			t.Fatal(err)
		}
		if int64(sess.MessageCount) != c.count || n != c.count {
			t.Errorf("session %q counts %d messages and holds %d; want %d", sess.Title, sess.MessageCount, n, c.count)
		}
	}
}

// Many agents appending at once, several to each session: every batch is
// stored whole, once, in the order its sender sent it, and each
// conversation's sequence numbers run 1…n with no gap or repeat. On SQLite
// the first round is held back so it is committed as one group.
func TestConcurrentAppendsKeepOrderAndSeq(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		const sessions, perSession, rounds, size = 3, 4, 6, 5
		ids := make([]string, sessions)
		for i := range ids {
			ids[i] = mustSession(t, s, ada.ID, &baton.Session{Title: fmt.Sprint("busy ", i)}).ID
		}
		var release func()
		if s.DB().Dialect().Name() == dialect.SQLite {
			release = s.HoldWriteLock()
		}
		start := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
		var wg sync.WaitGroup
		errs := make(chan error, sessions*perSession*rounds)
		for agent := 0; agent < sessions*perSession; agent++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := 0; r < rounds; r++ {
					batch := msgs(size, fmt.Sprintf("agent%d-round%d", agent, r), start)
					// Each batch after the first repeats the previous
					// batch's last message, as a retrying client would.
					if r > 0 {
						batch = append(msgs(size, fmt.Sprintf("agent%d-round%d", agent, r-1), start)[size-1:], batch...)
					}
					res, err := s.AppendMessages(ctx, ada.ID, ids[agent%sessions], "", batch)
					if err == nil && (res.Stored != size || res.Duplicates != min(r, 1)) {
						err = fmt.Errorf("agent %d round %d: stored %d, duplicates %d", agent, r, res.Stored, res.Duplicates)
					}
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		if release != nil {
			for s.QueuedAppends() < sessions*perSession {
				runtime.Gosched()
			}
			release()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for _, id := range ids {
			got, err := s.Transcript(ctx, ada.ID, id, "", 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != perSession*rounds*size {
				t.Errorf("session holds %d messages; want %d", len(got), perSession*rounds*size)
			}
			last := map[string]string{} // agent → its last source id seen
			for i, m := range got {
				if m.Seq != int64(i+1) {
					t.Fatalf("message %d has seq %d", i+1, m.Seq)
				}
				var agent, round, k int
				if _, err := fmt.Sscanf(m.SourceID, "agent%d-round%d-%d", &agent, &round, &k); err != nil {
					t.Fatal(err)
				}
				key := fmt.Sprint(agent)
				this := fmt.Sprintf("%03d-%03d", round, k)
				if this <= last[key] {
					t.Errorf("agent %d: %s after %s", agent, m.SourceID, last[key])
				}
				last[key] = this
			}
		}
	})
}

// ftsWatermark is how far the full-text index's watermark has reached.
func ftsWatermark(t *testing.T, s *store.Store) int64 {
	t.Helper()
	return rawInt(t, s, "SELECT last_id FROM watermarks WHERE name = 'messages_fts'")
}

// rawInt is the one number a query straight at the database answers.
func rawInt(t *testing.T, s *store.Store, query string) int64 {
	t.Helper()
	var n int64
	if err := s.DB().NewRaw(query).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// An append is searchable once it is answered: the group's transaction
// indexes what it wrote (and the little the indexer had not reached), so
// no search waits for the indexer's next pass. Concurrent appends, written
// in groups, are each searchable when their call returns.
func TestAnAnsweredAppendIsSearchable(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sess := mustSession(t, s, ada.ID, &baton.Session{Title: fmt.Sprint("writer ", w)})
			for k := range 5 {
				word := fmt.Sprintf("zebra%dx%d", w, k)
				batch := msgs(40, fmt.Sprintf("w%d-%d", w, k), time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC))
				batch[17].Content = "the " + word + " arrived"
				if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", batch); err != nil {
					t.Error(err)
					return
				}
				if hits, err := s.Search(ctx, ada.ID, word, 10); err != nil || len(hits) != 1 {
					t.Errorf("%s right after its append: %d hits, %v", word, len(hits), err)
				}
			}
		}()
	}
	wg.Wait()
	var newest int64
	if err := s.DB().NewRaw("SELECT max(id) FROM messages").Scan(ctx, &newest); err != nil {
		t.Fatal(err)
	}
	if last := ftsWatermark(t, s); last != newest {
		t.Errorf("index watermark %d, newest message %d", last, newest)
	}
	if n, err := s.IndexPending(ctx); err != nil || n != 0 {
		t.Errorf("the indexer found %d more, %v", n, err)
	}
}

// A backlog larger than an indexer batch (an import's rows, an index
// rebuilt) is the indexer's: an append does not take it on, so it is not
// slowed by it, and the indexer then indexes everything once.
func TestAnAppendLeavesALargeBacklogToTheIndexer(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "backlog"})
	start := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	for k := range 9 {
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(1000, fmt.Sprint("b", k), start)); err != nil {
			t.Fatal(err)
		}
	}
	// The index emptied and its watermark set back, as a rebuild does.
	if _, err := s.DB().ExecContext(ctx, "INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().ExecContext(ctx, "UPDATE watermarks SET last_id = 0 WHERE name = 'messages_fts'"); err != nil {
		t.Fatal(err)
	}
	late := msgs(1, "late", start)
	late[0].Content = "a quagga at last"
	if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", late); err != nil {
		t.Fatal(err)
	}
	if last := ftsWatermark(t, s); last != 0 {
		t.Fatalf("an append indexed a backlog of 9,001 messages (watermark %d)", last)
	}
	if n, err := s.IndexPending(ctx); err != nil || n != 9001 {
		t.Fatalf("the indexer added %d, %v; want all 9,001", n, err)
	}
	if hits, err := s.Search(ctx, ada.ID, "quagga", 10); err != nil || len(hits) != 1 {
		t.Errorf("quagga after the indexer: %d hits, %v", len(hits), err)
	}
}
