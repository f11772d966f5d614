package continuity_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// longCodingSession stores a 2,000-message session: the fixture's coding
// session repeated, each round on its own file and error.
func longCodingSession(b *testing.B, st *store.Store, stewardID int64, n int, start time.Time) string {
	b.Helper()
	sess, round := continuitytest.CodingSession()
	sess.SourceRef = fmt.Sprintf("bench-%d", n)
	sess.StartedAt = start
	var msgs []baton.Message
	for r := 0; len(msgs) < 2000; r++ {
		for _, m := range round {
			m.SourceID = fmt.Sprintf("r%d-%s", r, m.SourceID)
			m.Timestamp = start.Add(time.Duration(len(msgs)) * 10 * time.Second)
			if m.ToolResult != nil {
				tr := *m.ToolResult
				tr.ToolUseID = fmt.Sprintf("r%d-%s", r, tr.ToolUseID)
				m.ToolResult = &tr
			}
			if len(m.ToolCalls) > 0 {
				tc := append([]baton.ToolCall(nil), m.ToolCalls...)
				for i := range tc {
					tc[i].ID = fmt.Sprintf("r%d-%s", r, tc[i].ID)
				}
				m.ToolCalls = tc
			}
			msgs = append(msgs, m)
		}
	}
	msgs = msgs[:2000]
	// Messages arrive analysed (the worker analyses each as it is stored).
	ptrs := make([]*baton.Message, len(msgs))
	for i := range msgs {
		ptrs[i] = &msgs[i]
	}
	analysis.NewService(st).AnalyzeMessages(ptrs)
	end := start.Add(6 * time.Hour)
	sess.EndedAt = &end
	res, err := st.Import(context.Background(), stewardID, &baton.ImportDocument{Key: sess.SourceRef, Session: sess,
		Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}})
	if err != nil || res.Status != baton.ImportStored {
		b.Fatalf("import: %v %+v", err, res)
	}
	return res.SessionID
}

func benchStore(b *testing.B) (*store.Store, *continuity.Service, int64) {
	st := storetest.Open(b, storetest.Databases(b)[store.SQLite])
	steward := &baton.Steward{Username: "bench"}
	if err := st.CreateSteward(context.Background(), steward); err != nil {
		b.Fatal(err)
	}
	an := analysis.NewService(st)
	return st, continuity.New(st, an), steward.ID
}

// BenchmarkFinalize2000 finalizes a 2,000-message session: analysis, the
// draft bridge, markers and the summary (SQLite).
func BenchmarkFinalize2000(b *testing.B) {
	st, cont, sid := benchStore(b)
	id := longCodingSession(b, st, sid, 0, continuitytest.Start)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := cont.Finalize(ctx, sid, id, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFinalizeAnalysed2000 is finalize at SessionEnd, where the
// hook's build has just analysed the session: continuity's own part.
func BenchmarkFinalizeAnalysed2000(b *testing.B) {
	st, cont, sid := benchStore(b)
	id := longCodingSession(b, st, sid, 0, continuitytest.Start)
	ctx := context.Background()
	if _, _, err := cont.Finalize(ctx, sid, id, nil); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := cont.FinalizeAnalysed(ctx, sid, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSummaryOfFive builds the cross-conversational summary of five
// finalized 2,000-message sessions and reports its token count.
func BenchmarkSummaryOfFive(b *testing.B) {
	st, cont, sid := benchStore(b)
	ctx := context.Background()
	for i := range 5 {
		id := longCodingSession(b, st, sid, i, continuitytest.Start.Add(time.Duration(i)*24*time.Hour))
		if _, _, err := cont.Finalize(ctx, sid, id, nil); err != nil {
			b.Fatal(err)
		}
	}
	var cs *baton.CrossSummary
	b.ResetTimer()
	for b.Loop() {
		var err error
		if cs, err = cont.RefreshSummary(ctx, sid); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cs.Tokens), "tokens")
	if len(cs.Sessions) != 5 || cs.Tokens < continuity.SummaryMinTokens || cs.Tokens > continuity.SummaryMaxTokens {
		b.Fatalf("summary of %d sessions has %d tokens:\n%s", len(cs.Sessions), cs.Tokens, cs.Markdown)
	}
}
