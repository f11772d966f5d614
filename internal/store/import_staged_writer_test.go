package store_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// forkingDocument is a document of many conversations: forks of forks,
// fork points in an earlier chunk and in the same one, a fork before its
// parent's first message, conversations no message comes for (the last
// one too), a source id repeated in a conversation, priced and unpriced
// token usage.
func forkingDocument() *baton.ImportDocument {
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	thread := func(prefix string, n int) []baton.Message {
		out := make([]baton.Message, n)
		for i := range out {
			out[i] = baton.Message{SourceID: fmt.Sprintf("%s-%d", prefix, i), Role: baton.RoleSteward,
				Content: fmt.Sprintf("%s says %d", prefix, i), Timestamp: start.Add(time.Duration(i) * time.Second)}
			if i%2 == 1 {
				out[i].Role, out[i].Model = baton.RoleAssistant, "claude-sonnet-4-5"
				out[i].Usage = baton.Usage{InputTokens: int64(100 + i), OutputTokens: int64(7 * i), CacheReadTokens: 3}
				if i%5 == 0 {
					out[i].Model = "a-model-nobody-prices"
				}
			}
		}
		return out
	}
	main := thread("m", 250)
	main = append(main[:120], append([]baton.Message{main[10]}, main[120:]...)...) // a repeated line
	return &baton.ImportDocument{
		Key:     "forks.json",
		Session: baton.Session{Title: "Forks", Source: "structured", SourceRef: "forks-1", StartedAt: start},
		Conversations: []baton.ImportConversation{
			{Key: "main", Messages: main},
			{Key: "a", ParentKey: "main", ForkAfterSourceID: "m-5", Messages: thread("a", 30)},
			{Key: "empty", ParentKey: "main", ForkAfterSourceID: "m-7"},
			{Key: "b", ParentKey: "a", ForkAfterSourceID: "a-3", Kind: baton.ConversationFork, Title: "b's own", Messages: thread("b", 5)},
			{Key: "before", ParentKey: "main", Messages: thread("before", 3)},
			{Key: "c", ParentKey: "main", ForkAfterSourceID: "m-240", Messages: thread("c", 45)},
			{Key: "d", ParentKey: "c", ForkAfterSourceID: "c-44", Messages: thread("d", 2)},
			{Key: "last", ParentKey: "b", ForkAfterSourceID: "b-4"},
		},
	}
}

// sessionRows is what the store holds of a session, ids left out: its
// counts and tokens, each conversation with its parent, fork point and
// count, each message in order.
func sessionRows(t *testing.T, s *store.Store, stewardID int64, sessionID string) string {
	t.Helper()
	ctx := context.Background()
	sess, err := s.Session(ctx, stewardID, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	tk := sess.Tokens
	fmt.Fprintf(&b, "session %q %d messages, tokens %d %d %d %d %d %d, cost %.9f\n", sess.Title, sess.MessageCount,
		tk.Input, tk.Output, tk.CacheRead, tk.CacheWrite, tk.Total, tk.Unpriced, math.Round(tk.CostUSD*1e9)/1e9)
	var convs []struct {
		Ref, Kind, Title, Parent, ForkAfter string
		ForkSeq, Count                      int64
	}
	if err := s.DB().NewRaw(`SELECT c.source_ref AS ref, c.kind, c.title, coalesce(p.source_ref, '') AS parent,
		coalesce(f.source_id, '') AS fork_after, c.fork_point_seq AS fork_seq, c.message_count AS count
		FROM conversations c LEFT JOIN conversations p ON p.id = c.parent_conversation_id
		LEFT JOIN messages f ON f.id = c.fork_point_message_id WHERE c.session_id = ? ORDER BY c.source_ref`, sessionID).
		Scan(ctx, &convs); err != nil {
		t.Fatal(err)
	}
	for _, c := range convs {
		fmt.Fprintf(&b, "conversation %+v\n", c)
	}
	var rows []struct {
		Ref, SourceID, Content, Model string
		Seq                           int64
	}
	if err := s.DB().NewRaw(`SELECT c.source_ref AS ref, m.seq, m.source_id, m.content, m.model FROM messages m
		JOIN conversations c ON c.id = m.conversation_id WHERE m.session_id = ? AND m.steward_id = ? ORDER BY c.source_ref, m.seq`,
		sessionID, stewardID).Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "message %+v\n", r)
	}
	return b.String()
}

// A new session written in chunks holds what one transaction writes: the
// same conversations, fork points, sequence numbers, counts and tokens,
// a repeated line left out.
func TestChunkedImportWritesWhatOneTransactionWrites(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		whole, err := s.Import(ctx, ada.ID, forkingDocument())
		if err != nil || whole.Status != baton.ImportStored {
			t.Fatalf("import in one transaction = %+v, %v", whole, err)
		}
		chunks := 0
		s.SetImportChunks(40, func(n int) error { chunks = n; return nil })
		doc := forkingDocument()
		doc.Session.SourceRef = "forks-2"
		chunked, err := s.Import(ctx, ada.ID, doc)
		if err != nil || chunked.Status != baton.ImportStored || chunked.Messages != whole.Messages {
			t.Fatalf("import in chunks = %+v, %v; in one transaction %d messages", chunked, err, whole.Messages)
		}
		if chunks != 9 {
			t.Fatalf("the import took %d chunks, want 9 of 40 messages", chunks)
		}
		want, got := sessionRows(t, s, ada.ID, whole.SessionID), sessionRows(t, s, ada.ID, chunked.SessionID)
		if got != want {
			t.Fatalf("in chunks:\n%s\nin one transaction:\n%s", got, want)
		}
		if !strings.Contains(want, "335 messages") || !strings.Contains(want, "Ref:b Kind:fork Title:b's own Parent:a ForkAfter:a-3 ForkSeq:10 Count:5") {
			t.Fatalf("the document's rows are not what it says:\n%s", want)
		}
	})
}

// A fork after a message its parent does not have fails a chunked import
// naming the conversation, and leaves nothing.
func TestChunkedImportRefusesAMissingForkPoint(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		s.SetImportChunks(40, nil)
		doc := forkingDocument()
		doc.Conversations[5].ForkAfterSourceID = "m-9999"
		res, err := s.Import(ctx, ada.ID, doc)
		if err != nil || res.Status != baton.ImportRejected || !strings.Contains(res.Error, `conversation "c" forks after message "m-9999"`) {
			t.Fatalf("Import = %+v, %v", res, err)
		}
		if n := rowCounts(t, s); n["sessions"] != 0 || n["conversations"] != 0 || n["messages"] != 0 {
			t.Fatalf("a failed import left %v", n)
		}
	})
}
