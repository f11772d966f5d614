package store

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// BenchmarkWriteGroup is one write group as the realistic mix of 64
// clients makes them (loadtest -only mix): 13 appends to 13 sessions, of
// 20 messages (3 in 5) or 2 (a hook's), each in its savepoint, then the
// group's full-text indexing and the commit. Only what runs under the
// write lock is timed; cpu-µs/append is this process's CPU (the writer
// alone runs) per append, which other work on a shared machine stretches
// less than the clock.
func BenchmarkWriteGroup(b *testing.B) {
	const sessions, perGroup = 64, 13
	ctx := context.Background()
	s, st := benchStore(b)
	ids := make([]string, sessions)
	for i := range ids {
		sess := &baton.Session{Title: fmt.Sprintf("agent %d", i)}
		if err := s.CreateSession(ctx, st.ID, sess); err != nil {
			b.Fatal(err)
		}
		ids[i] = sess.ID
	}
	rng := rand.New(rand.NewSource(1))
	words := strings.Fields(`the a to of and in is that for it this with on be as we can not you are
		should will test file function error fix change run build code value return call query index table
		goroutine mutex channel context deadline postgres sqlite migration schema transaction rollback
		commit handler middleware router template cookie token payload json decoder struct pointer slice`)
	text := func() string {
		n := 25 + rng.Intn(30)
		w := make([]string, n)
		for i := range w {
			w[i] = words[rng.Intn(len(words))]
			if rng.Intn(8) == 0 {
				w[i] += fmt.Sprint(rng.Intn(20000))
			}
		}
		return strings.Join(w, " ")
	}
	next := 0
	call := func(i int) *groupCall {
		n := 20
		if i%5 >= 3 {
			n = 2
		}
		msgs := make([]*baton.Message, n)
		for j := range msgs {
			role := baton.RoleAssistant
			if j%2 == 0 {
				role = baton.RoleSteward
			}
			msgs[j] = &baton.Message{Role: role, Content: text(), Timestamp: time.Now()}
		}
		if err := PrepareMessages(msgs, "messages", s.clock()); err != nil {
			b.Fatal(err)
		}
		rows, err := s.rowValuesOf(msgs)
		if err != nil {
			b.Fatal(err)
		}
		session := ids[next%sessions]
		next++
		return &groupCall{ctx: ctx, size: n, write: func(ctx context.Context, tx bun.Tx) error {
			_, err := s.appendInSession(ctx, tx, st.ID, session, "", msgs, rows)
			return err
		}}
	}
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		batch := make([]*groupCall, perGroup)
		for j := range batch {
			batch[j] = call(i*perGroup + j)
		}
		before := processCPU()
		b.StartTimer()
		s.writeGroupBatch(func() []*groupCall { return batch })
		b.StopTimer()
		cpu += processCPU() - before
		for _, c := range batch {
			if c.err != nil {
				b.Fatal(c.err)
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*perGroup), "cpu-µs/append")
}
