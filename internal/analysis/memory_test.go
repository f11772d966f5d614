package analysis_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// memoryMessages are n messages from the first'th on, each naming its
// number, so the summary shows how far it reached.
func memoryMessages(first, n int) []*baton.Message {
	out := make([]*baton.Message, n)
	for i := range out {
		k := first + i
		role := baton.RoleSteward
		if k%2 == 0 {
			role = baton.RoleAssistant
		}
		out[i] = &baton.Message{Role: role, SourceID: fmt.Sprintf("m%d", k),
			Timestamp: time.Date(2026, 11, 23, 9, 0, k, 0, time.UTC),
			Content:   fmt.Sprintf("We fixed the parser bug number item%d in the importer module today.", k)}
	}
	return out
}

func TestMediumTermMemoryIsRefreshedEveryTenMessages(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := analysis.NewService(st)
			svc.SetClock(func() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) })
			ada, eve := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "eve"}
			for _, s := range []*baton.Steward{ada, eve} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			sess := &baton.Session{Title: "memory"}
			if err := st.CreateSession(ctx, ada.ID, sess); err != nil {
				t.Fatal(err)
			}
			if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", memoryMessages(1, 25)); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.AnalyzePending(ctx); err != nil {
				t.Fatal(err)
			}
			m, err := st.ConversationMemory(ctx, ada.ID, sess.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			if m.Covered != 20 || m.Summary == "" {
				t.Fatalf("after 25 messages the memory covers %d: %q", m.Covered, m.Summary)
			}
			if strings.Contains(m.Summary, "item21") || strings.Contains(m.Summary, "item25") {
				t.Fatalf("the memory of 20 messages reads later ones: %q", m.Summary)
			}

			if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", memoryMessages(26, 5)); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.AnalyzePending(ctx); err != nil {
				t.Fatal(err)
			}
			if m, err = st.ConversationMemory(ctx, ada.ID, sess.ID, ""); err != nil {
				t.Fatal(err)
			}
			if m.Covered != 30 {
				t.Fatalf("after 30 messages the memory covers %d", m.Covered)
			}

			if _, err := st.ConversationMemory(ctx, eve.ID, sess.ID, ""); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Fatalf("another steward reads the memory: %v", err)
			}
			if err := svc.RefreshMemory(ctx, eve.ID, sess.ID, ""); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Fatalf("another steward refreshes the memory: %v", err)
			}
		})
	}
}

// A long conversation's memory is made again once the conversation has grown
// by an eighth of what the memory covers, not every ten messages: remaking it
// reads every covered message.
func TestMediumTermMemoryOfALongConversationGrowsInEighths(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.Databases(t)[store.SQLite])
	svc := analysis.NewService(st)
	ada := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, ada); err != nil {
		t.Fatal(err)
	}
	sess := &baton.Session{Title: "long memory"}
	if err := st.CreateSession(ctx, ada.ID, sess); err != nil {
		t.Fatal(err)
	}
	covered := func() int {
		t.Helper()
		if _, err := svc.AnalyzePending(ctx); err != nil {
			t.Fatal(err)
		}
		m, err := st.ConversationMemory(ctx, ada.ID, sess.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		return m.Covered
	}
	if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", memoryMessages(1, 800)); err != nil {
		t.Fatal(err)
	}
	if got := covered(); got != 800 {
		t.Fatalf("after 800 messages the memory covers %d", got)
	}
	// 800/8 = 100: at 890 messages the memory stays, at 900 it is made again.
	if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", memoryMessages(801, 90)); err != nil {
		t.Fatal(err)
	}
	if got := covered(); got != 800 {
		t.Fatalf("after 890 messages the memory covers %d, want still 800", got)
	}
	if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", memoryMessages(891, 10)); err != nil {
		t.Fatal(err)
	}
	if got := covered(); got != 900 {
		t.Fatalf("after 900 messages the memory covers %d, want 900", got)
	}
}
