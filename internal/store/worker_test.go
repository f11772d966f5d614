package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Defect 1 (issue 13): one row the analysis worker could not read stopped
// it for every steward. It now skips and reports that row, and a panic in
// the analysis of one message skips that message, not the batch.
func TestAnalysisWorkerSkipsAndReportsRowsItCannotProcess(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "poisoned"})
		start := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(6, "row", start)); err != nil {
			t.Fatal(err)
		}
		var ids []int64
		if err := s.DB().NewRaw("SELECT id FROM messages ORDER BY id").Scan(ctx, &ids); err != nil || len(ids) != 6 {
			t.Fatalf("ids = %v, %v", ids, err)
		}
		// A row stored before validation existed: it cannot be read back.
		if _, err := s.DB().NewRaw(`UPDATE messages SET semantic = '"not an object"' WHERE id = ?`, ids[1]).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		analyzed := map[int64]bool{}
		n, err := s.AnalyzePending(ctx, func(batch []*baton.Message) {
			for _, m := range batch {
				if m.ID == ids[3] {
					panic("analysis bug")
				}
			}
			for _, m := range batch {
				analyzed[m.ID] = true
			}
		})
		var skipped store.SkippedRows
		if !errors.As(err, &skipped) || len(skipped) != 2 {
			t.Fatalf("AnalyzePending = %d, %v; want two skipped rows", n, err)
		}
		if msg := err.Error(); !strings.Contains(msg, "cannot be read") || !strings.Contains(msg, "panic: analysis bug") {
			t.Errorf("report %q does not say what failed", msg)
		}
		if n != 4 || !analyzed[ids[0]] || !analyzed[ids[5]] || analyzed[ids[1]] || analyzed[ids[3]] {
			t.Errorf("analysed %d: %v", n, analyzed)
		}
		// The worker moved on: nothing is pending, and a later message is analysed.
		if n, err := s.AnalyzePending(ctx, func([]*baton.Message) {}); n != 0 || err != nil {
			t.Errorf("second run = %d, %v", n, err)
		}
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(1, "later", start.Add(time.Hour))); err != nil {
			t.Fatal(err)
		}
		if n, err := s.AnalyzePending(ctx, func([]*baton.Message) {}); n != 1 || err != nil {
			t.Errorf("after a new write = %d, %v", n, err)
		}
	})
}
