package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// Defect: one row the analysis worker could not read stopped
// it for every steward. It now skips and reports that row, and a panic in
// the analysis of one message skips that message, not the batch.
func TestAnalysisWorkerSkipsAndReportsRowsItCannotProcess(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			ada := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, ada); err != nil {
				t.Fatal(err)
			}
			sess := &baton.Session{Title: "poisoned"}
			if err := st.CreateSession(ctx, ada.ID, sess); err != nil {
				t.Fatal(err)
			}
			start := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
			rows := func(n int, prefix string) []*baton.Message {
				out := make([]*baton.Message, n)
				for i := range out {
					out[i] = &baton.Message{SourceID: fmt.Sprintf("%s-%d", prefix, i), Role: baton.RoleSteward,
						Content: fmt.Sprintf("message %d", i), Timestamp: start.Add(time.Duration(i) * time.Second)}
				}
				return out
			}
			if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", rows(6, "row")); err != nil {
				t.Fatal(err)
			}
			var ids []int64
			if err := st.DB().NewRaw("SELECT id FROM messages ORDER BY id").Scan(ctx, &ids); err != nil || len(ids) != 6 {
				t.Fatalf("ids = %v, %v", ids, err)
			}
			// A row stored before validation existed: it cannot be read back.
			if _, err := st.DB().NewRaw(`UPDATE messages SET semantic = '"not an object"' WHERE id = ?`, ids[1]).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			svc := NewService(st)
			analyzed := map[int64]bool{}
			svc.analyzeBatch = func(batch []*baton.Message) {
				for _, m := range batch {
					if m.ID == ids[3] {
						panic("analysis bug")
					}
				}
				for _, m := range batch {
					analyzed[m.ID] = true
				}
			}
			n, err := svc.AnalyzePending(ctx)
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
			svc.analyzeBatch = func([]*baton.Message) {}
			if n, err := svc.AnalyzePending(ctx); n != 0 || err != nil {
				t.Errorf("second run = %d, %v", n, err)
			}
			if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", rows(1, "later")); err != nil {
				t.Fatal(err)
			}
			if n, err := svc.AnalyzePending(ctx); n != 1 || err != nil {
				t.Errorf("after a new write = %d, %v", n, err)
			}
		})
	}
}

// A message whose analysis panics before its write is written as it came,
// unanalysed (not half-filled), beside the rest of its batch; the worker
// then tries it, and reports and skips it.
func TestAnalysisPanicBeforeTheWriteLeavesTheMessageToTheWorker(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	ada := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, ada); err != nil {
		t.Fatal(err)
	}
	sess := &baton.Session{Title: "poisoned before the write"}
	if err := st.CreateSession(ctx, ada.ID, sess); err != nil {
		t.Fatal(err)
	}
	svc := NewService(st)
	svc.analyzeBatch = func(batch []*baton.Message) {
		for _, m := range batch {
			if m.Content == "poison" {
				m.Semantic.Intent = "half-written"
				panic("analysis bug")
			}
		}
		svc.AnalyzeMessages(batch)
	}
	msgs := []*baton.Message{{Role: baton.RoleSteward, Content: "Wonderful, thank you!"}, {Role: baton.RoleSteward, Content: "poison"}}
	if res, err := st.AppendAnalysed(ctx, ada.ID, sess.ID, "", msgs, svc.AnalyzeBeforeWrite); err != nil || res.Stored != 2 {
		t.Fatalf("append = %+v, %v", res, err)
	}
	got, err := st.SessionMessages(ctx, ada.ID, sess.ID)
	if err != nil || len(got) != 2 {
		t.Fatalf("messages = %d, %v", len(got), err)
	}
	if !got[0].Analyzed || got[0].Semantic.Sentiment <= 0 {
		t.Errorf("the sound message = analysed %v, %+v", got[0].Analyzed, got[0].Semantic)
	}
	if got[1].Analyzed || got[1].Semantic.Intent != "" {
		t.Errorf("the message whose analysis panicked = analysed %v, %+v; want it as it came", got[1].Analyzed, got[1].Semantic)
	}
	n, err := svc.AnalyzePending(ctx)
	var skipped store.SkippedRows
	if n != 0 || !errors.As(err, &skipped) || len(skipped) != 1 || !strings.Contains(err.Error(), "panic: analysis bug") {
		t.Errorf("worker = %d, %v; want the poisoned message reported and skipped", n, err)
	}
}
