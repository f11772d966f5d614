package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// benchStore opens a migrated SQLite store in the benchmark's temporary
// folder with one steward, closed when the benchmark ends.
func benchStore(b *testing.B) (*Store, *baton.Steward) {
	b.Helper()
	ctx := context.Background()
	s, err := Open("sqlite:" + filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if _, err := s.MigrateUp(ctx); err != nil {
		b.Fatal(err)
	}
	st := &baton.Steward{Username: "bench"}
	if err := s.CreateSteward(ctx, st); err != nil {
		b.Fatal(err)
	}
	return s, st
}

// BenchmarkInsertMessages writes 1,000-message batches in one transaction
// each: the INSERT alone, as Bun builds it (inline values) and with bound
// values, one statement per rows messages.
func BenchmarkInsertMessages(b *testing.B) {
	for _, per := range []int{0, 1, 16, 64, 256, 1000} {
		name := fmt.Sprintf("bound-%d", per)
		if per == 0 {
			name = "bun"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			s, st := benchStore(b)
			sess := &baton.Session{Title: "bench"}
			if err := s.CreateSession(ctx, st.ID, sess); err != nil {
				b.Fatal(err)
			}
			conv, err := s.Conversation(ctx, st.ID, sess.ID, "")
			if err != nil {
				b.Fatal(err)
			}
			text := strings.Repeat("The handler now batches the index writes so ingest keeps its pace. ", 3)
			t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			seq := int64(0)
			cpu0 := processCPU()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				batch := make([]*baton.Message, 1000)
				for j := range batch {
					seq++
					batch[j] = &baton.Message{StewardID: st.ID, SessionID: sess.ID, ConversationID: conv.ID, Seq: seq,
						SourceID: fmt.Sprint(seq), Role: baton.RoleAssistant, ContentType: baton.ContentText,
						Content: text, Timestamp: t0.Add(time.Duration(seq) * time.Second)}
				}
				b.StartTimer()
				err := s.inTx(ctx, func(tx bun.Tx) error {
					if per == 0 {
						_, err := tx.NewInsert().Model(&batch).Returning("id").Exec(ctx)
						return err
					}
					return s.insertMessagesBy(ctx, tx, batch, nil, per)
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "msgs/s")
			// CPU time of the process (building batches included): steadier
			// than the clock on a machine others share.
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU is the user and system time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
