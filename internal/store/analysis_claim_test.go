package store_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Scale-out: instances sharing one PostgreSQL database run the
// analysis worker side by side; each batch is claimed with a row lock, so
// every message is analysed exactly once.
func TestInstancesNeverAnalyseAMessageTwice(t *testing.T) {
	url, ok := storetest.Databases(t)[store.Postgres]
	if !ok {
		t.Skip("needs PostgreSQL (BATON_TEST_POSTGRES_URL)")
	}
	ctx := context.Background()
	first := storetest.Open(t, url)
	ada := mustSteward(t, first, "ada")
	sess := mustSession(t, first, ada.ID, &baton.Session{Title: "shared"})
	const total = 2400
	start := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	for i := 0; i < total; i += 600 {
		if _, err := first.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(600, "m"+strconv.Itoa(i), start)); err != nil {
			t.Fatal(err)
		}
	}
	instances := []*store.Store{first, storetest.Open(t, url), storetest.Open(t, url)}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for _, s := range instances {
		wg.Add(1)
		go func() {
			defer wg.Done()
			idle := 0
			for idle < 20 {
				_, claimed, err := s.AnalyseNext(ctx, 100, func(err error) { t.Error(err) }, func(b store.AnalysisBatch) []*baton.Message {
					todo := b.Todo
					mu.Lock()
					for _, m := range todo {
						seen[m.ID]++
					}
					mu.Unlock()
					time.Sleep(5 * time.Millisecond) // analysis takes a while; let the others try meanwhile
					return todo
				})
				if err != nil {
					t.Error(err)
					return
				}
				if claimed {
					idle = 0
				} else {
					idle++
					time.Sleep(2 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	twice := 0
	for _, n := range seen {
		if n > 1 {
			twice++
		}
	}
	if len(seen) != total || twice != 0 {
		t.Errorf("analysed %d distinct messages of %d, %d of them more than once", len(seen), total, twice)
	}
	var left int
	if err := first.DB().NewRaw("SELECT count(*) FROM messages WHERE NOT analyzed").Scan(ctx, &left); err != nil || left != 0 {
		t.Errorf("%d messages left unanalysed (%v)", left, err)
	}
}

// On SQLite two workers in one process (the worker's Run and an
// AnalyzePending beside it) take turns: each message is analysed once, not
// once by each, the loser's work thrown away at save time.
func TestWorkersOfOneProcessNeverAnalyseAMessageTwice(t *testing.T) {
	s := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "turns"})
	const total = 800
	if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(total, "m", time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC))); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				_, claimed, err := s.AnalyseNext(ctx, 100, func(err error) { t.Error(err) }, func(b store.AnalysisBatch) []*baton.Message {
					todo := b.Todo
					mu.Lock()
					for _, m := range todo {
						seen[m.ID]++
					}
					mu.Unlock()
					time.Sleep(5 * time.Millisecond) // analysis takes a while; let the other try meanwhile
					return todo
				})
				if err != nil {
					t.Error(err)
					return
				}
				if !claimed {
					return
				}
			}
		}()
	}
	wg.Wait()
	if len(seen) != total {
		t.Errorf("%d messages analysed, want %d", len(seen), total)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("message %d analysed %d times", id, n)
		}
	}
}

// Two processes on one SQLite file may still read the same batch; the one
// that saves second finds the watermark moved. That batch existed, so
// AnalyseNext must say so: AnalyzePending stopped at the first lost race
// and left the rest unanalysed.
func TestAnalyseNextAfterAnotherWorkerSavedSaysThereWasABatch(t *testing.T) {
	url := storetest.Databases(t)[store.SQLite]
	s, other := storetest.Open(t, url), storetest.Open(t, url)
	ctx := context.Background()
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "raced"})
	if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(30, "m", time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC))); err != nil {
		t.Fatal(err)
	}
	pass := func(b store.AnalysisBatch) []*baton.Message { return b.Todo }
	fail := func(err error) { t.Error(err) }
	innerSaved := 0
	_, claimed, err := s.AnalyseNext(ctx, 10, fail, func(b store.AnalysisBatch) []*baton.Message {
		// The other worker takes the same batch and saves it first.
		n, innerClaimed, err := other.AnalyseNext(ctx, 10, fail, pass)
		if err != nil || !innerClaimed {
			t.Fatalf("inner AnalyseNext = %d, %v, %v", n, innerClaimed, err)
		}
		innerSaved = n
		return b.Todo
	})
	if err != nil || !claimed || innerSaved != 10 {
		t.Fatalf("AnalyseNext after a lost race: claimed %v, err %v (the other saved %d); want claimed", claimed, err, innerSaved)
	}
	for i := 0; i < 10; i++ {
		if _, claimed, err := s.AnalyseNext(ctx, 10, fail, pass); err != nil {
			t.Fatal(err)
		} else if !claimed {
			break
		}
	}
	var left int
	if err := s.DB().NewRaw("SELECT count(*) FROM messages WHERE NOT analyzed").Scan(ctx, &left); err != nil || left != 0 {
		t.Errorf("%d messages left unanalysed (%v)", left, err)
	}
}

// The analysis of a batch larger than one save chunk is written whole: every
// message analysed, the watermark at the batch's end (both databases).
func TestSaveMessageAnalysisInChunksWritesTheWholeBatch(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "long"})
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(250, "m", time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC))); err != nil {
			t.Fatal(err)
		}
		from, upto, todo, err := s.UnanalysedMessages(ctx, 500, func(err error) { t.Error(err) })
		if err != nil || len(todo) != 250 {
			t.Fatalf("unanalysed: %d, %v", len(todo), err)
		}
		for _, m := range todo {
			m.Semantic.Emotions = []string{"joy"}
		}
		if saved, err := s.SaveMessageAnalysis(ctx, from, upto, todo); err != nil || !saved {
			t.Fatalf("saved %v, %v", saved, err)
		}
		var left, joyful int
		if err := s.DB().NewRaw("SELECT count(*) FROM messages WHERE NOT analyzed").Scan(ctx, &left); err != nil {
			t.Fatal(err)
		}
		if err := s.DB().NewRaw("SELECT count(*) FROM messages WHERE arc_emotion = 'joy'").Scan(ctx, &joyful); err != nil {
			t.Fatal(err)
		}
		mark, err := s.AnalysisWatermark(ctx)
		if left != 0 || joyful != 250 || mark != upto || err != nil {
			t.Errorf("left %d unanalysed, %d saved, watermark %d (want %d), %v", left, joyful, mark, upto, err)
		}
	})
}
