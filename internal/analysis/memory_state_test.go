package analysis

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// A memory made again from its running state (memoryState: only the
// messages the conversation grew by are read) says what one made from
// every message it covers says, at every step of a conversation's growth,
// also when the state no longer matches the conversation and is dropped.
func TestMemoryFromItsRunningStateIsTheMemoryFromEveryMessage(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := NewService(st)
			ada := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, ada); err != nil {
				t.Fatal(err)
			}
			sess := &baton.Session{Title: "running memory"}
			if err := st.CreateSession(ctx, ada.ID, sess); err != nil {
				t.Fatal(err)
			}
			conv, err := st.Conversation(ctx, ada.ID, sess.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			asks := []string{
				"Please fix the flaky login test in the auth package; it fails about once in ten runs.",
				"Why does the importer hold the whole file in memory? We should stream it instead.",
				"Let's use SQLite for the local database and keep PostgreSQL for the shared server.",
				"Can you add a rate limiter to the public API endpoints before the release?",
				"The search index misses words with accents, like café; can we fold them?",
			}
			answers := []string{
				"I found the race: the session cache is read before the token is written. The test passes now.",
				"The importer reads the document into a buffer first; I changed it to decode the stream a chunk at a time.",
				"Agreed, SQLite it is for local use; we decided to keep the migrations paired because both databases run.",
				"I added a token bucket limiter in the middleware and a test that the 429 names the retry time.",
				"Let me look at the tokenizer first.\n\n| a | b |\n|---|---|\n\nThe tokenizer now folds accents, so café matches cafe.",
			}
			start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
			k := 0
			grow := func(n int) {
				t.Helper()
				var msgs []*baton.Message
				for range n {
					m := &baton.Message{SourceID: fmt.Sprintf("m%d", k), Timestamp: start.Add(time.Duration(k) * time.Second)}
					switch k % 3 {
					case 0:
						m.Role, m.Content = baton.RoleSteward, fmt.Sprintf("%s (round %d)", asks[k/3%len(asks)], k)
					case 1:
						m.Role, m.Content = baton.RoleSystem, "ok"
					default:
						m.Role, m.Content = baton.RoleAssistant, answers[k/7%len(answers)]
					}
					msgs = append(msgs, m)
					k++
				}
				if _, err := st.AppendMessages(ctx, ada.ID, sess.ID, "", msgs); err != nil {
					t.Fatal(err)
				}
			}
			check := func(step string) {
				t.Helper()
				if err := svc.RefreshMemory(ctx, ada.ID, sess.ID, ""); err != nil {
					t.Fatal(err)
				}
				m, err := st.ConversationMemory(ctx, ada.ID, sess.ID, "")
				if err != nil {
					t.Fatal(err)
				}
				msgs, err := st.FirstMessageTexts(ctx, ada.ID, sess.ID, conv.ID, m.Covered)
				if err != nil {
					t.Fatal(err)
				}
				if want := summaryText(textViews(msgs)); m.Summary != want || m.Summary == "" {
					t.Fatalf("%s: the memory of %d messages from its running state:\n%q\nfrom every message:\n%q", step, m.Covered, m.Summary, want)
				}
			}
			for _, n := range []int{25, 7, 3, 40, 90, 12, 200} {
				grow(n)
				check(fmt.Sprintf("after %d messages", k))
			}
			if len(svc.memories.states) != 1 {
				t.Fatalf("the running state is not kept: %d states", len(svc.memories.states))
			}
			// A state whose last message is no longer the conversation's
			// (an import moved it) is dropped, and the memory made afresh.
			for _, s := range svc.memories.states {
				s.lastID++
			}
			grow(100)
			check("after the state was spoilt")

			// An import completes a covered message in place (same id, new
			// text), which the state cannot tell; the session's analysis
			// that follows drops it, so the memory made next reads the new
			// text.
			if _, err := st.DB().NewRaw("UPDATE messages SET content = ? WHERE id = (SELECT min(id) FROM messages WHERE conversation_id = ?)",
				"We decided to replace the session cache with signed cookies, because the cache races with the token writer and signed cookies need no shared state at all.",
				conv.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if err := svc.AnalyzeSession(ctx, ada.ID, sess.ID); err != nil {
				t.Fatal(err)
			}
			grow(100)
			check("after a covered message was completed in place")
		})
	}
}
