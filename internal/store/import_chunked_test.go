package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// bigDocument is an imported document of main messages in its main thread
// and fork messages in a thread that forks after the main thread's
// forkAfter-th message. Every message says "zebracorn", for search.
func bigDocument(main, fork, forkAfter int) *baton.ImportDocument {
	start := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	thread := func(n int, prefix string) []baton.Message {
		out := make([]baton.Message, n)
		for i := range out {
			role := baton.RoleSteward
			if i%2 == 1 {
				role = baton.RoleAssistant
			}
			out[i] = baton.Message{SourceID: fmt.Sprintf("%s-%d", prefix, i), Role: role,
				Content: fmt.Sprintf("zebracorn %s message %d", prefix, i), Timestamp: start.Add(time.Duration(i) * time.Second)}
		}
		return out
	}
	return &baton.ImportDocument{
		Key:     "big.json",
		Session: baton.Session{Title: "Big import", Source: "structured", SourceRef: "big-1", StartedAt: start, Tags: []string{"bulk"}},
		Conversations: []baton.ImportConversation{
			{Key: "main", Messages: thread(main, "m")},
			{Key: "fork", ParentKey: "main", ForkAfterSourceID: fmt.Sprintf("m-%d", forkAfter-1), Messages: thread(fork, "f")},
		},
	}
}

// rowCounts counts every steward's sessions, conversations and messages,
// staged ones included, and (SQLite) the search index's rows for zebracorn.
func rowCounts(t *testing.T, s *store.Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	for name, q := range map[string]string{
		"sessions":      "SELECT count(*) FROM sessions",
		"conversations": "SELECT count(*) FROM conversations",
		"messages":      "SELECT count(*) FROM messages",
		"staged":        "SELECT count(*) FROM sessions WHERE steward_id = -1",
	} {
		var n int
		if err := s.DB().NewRaw(q).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		out[name] = n
	}
	if s.DB().Dialect().Name().String() == "sqlite" {
		var n int
		if err := s.DB().NewRaw("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'zebracorn'").Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		out["indexed"] = n
	}
	return out
}

// invisible checks that the steward sees nothing of an import in progress:
// not in the session list, not by its source, not by its id, not in search.
func invisible(t *testing.T, s *store.Store, stewardID int64, want int) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
	page, err := s.ListSessions(ctx, stewardID, baton.SessionFilter{})
	if err != nil || len(page.Sessions) != want {
		t.Fatalf("the steward lists %d sessions (%v), want %d: an import in progress shows", len(page.Sessions), err, want)
	}
	if _, err := s.SessionBySource(ctx, stewardID, "structured", "big-1"); baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Fatalf("SessionBySource = %v, want not found", err)
	}
	var staged []string
	if err := s.DB().NewRaw("SELECT id FROM sessions WHERE steward_id = -1").Scan(ctx, &staged); err != nil || len(staged) != 1 {
		t.Fatalf("staged sessions = %v, %v; want 1", staged, err)
	}
	if _, err := s.Session(ctx, stewardID, staged[0]); baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Fatalf("Session(staged) = %v, want not found", err)
	}
	if _, err := s.Transcript(ctx, stewardID, staged[0], "", 0, 10); baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Fatalf("Transcript(staged) = %v, want not found", err)
	}
	if hits, err := s.Search(ctx, stewardID, "zebracorn", 20); err != nil || len(hits) != 0 {
		t.Fatalf("search finds %d messages of an import in progress (%v)", len(hits), err)
	}
}

// A document larger than one chunk is written chunk by chunk: another
// writer's append completes between two chunks, the steward sees nothing
// of the import until its last chunk, then all of it.
func TestLargeImportLetsOtherWritersInAndShowsWhole(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		other := mustSession(t, s, ada.ID, &baton.Session{Title: "live"})
		start := time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)
		chunks := 0
		s.SetImportChunks(100, func(n int) error {
			chunks = n
			if n == 2 {
				// Another writer, while the import is half written.
				res, err := s.AppendMessages(ctx, ada.ID, other.ID, "", msgs(5, "live", start))
				if err != nil || res.Stored != 5 {
					t.Errorf("append during the import = %+v, %v", res, err)
				}
				invisible(t, s, ada.ID, 1)
			}
			return nil
		})
		doc := bigDocument(450, 120, 300)
		res, err := s.Import(ctx, ada.ID, doc)
		if err != nil || res.Status != baton.ImportStored || res.Messages != 570 {
			t.Fatalf("Import = %+v, %v", res, err)
		}
		if chunks != 6 {
			t.Fatalf("the import took %d chunks, want 6 of 100 messages", chunks)
		}
		sess, err := s.Session(ctx, ada.ID, res.SessionID)
		if err != nil || sess.MessageCount != 570 || sess.Title != "Big import" || sess.SourceRef != "big-1" {
			t.Fatalf("session = %+v, %v", sess, err)
		}
		if tags, _ := s.Tags(ctx, ada.ID); len(tags) != 1 || tags[0] != "bulk" {
			t.Fatalf("tags = %v", tags)
		}
		convs, err := s.Conversations(ctx, ada.ID, res.SessionID)
		if err != nil || len(convs) != 2 {
			t.Fatalf("conversations = %d, %v", len(convs), err)
		}
		for _, c := range []struct {
			id   string
			want int64
		}{{convs[0].ID, 450}, {convs[1].ID, 300 + 120}} {
			if n, err := s.TranscriptLength(ctx, ada.ID, res.SessionID, c.id); err != nil || n != c.want {
				t.Fatalf("transcript of %s = %d, %v; want %d", c.id, n, err, c.want)
			}
		}
		if _, err := s.IndexPending(ctx); err != nil {
			t.Fatal(err)
		}
		if hits, err := s.Search(ctx, ada.ID, "zebracorn", 20); err != nil || len(hits) == 0 {
			t.Fatalf("search after the import = %d hits, %v", len(hits), err)
		}
		if got := rowCounts(t, s)["staged"]; got != 0 {
			t.Fatalf("%d staged sessions left after the import", got)
		}

		// The transcript grew: a re-import adds the new messages, once.
		s.SetImportChunks(100, nil)
		grown := bigDocument(480, 120, 300)
		res, err = s.Import(ctx, ada.ID, grown)
		if err != nil || res.Status != baton.ImportUpdated || res.Messages != 30 {
			t.Fatalf("re-import = %+v, %v", res, err)
		}
		res, err = s.Import(ctx, ada.ID, bigDocument(480, 120, 300))
		if err != nil || res.Status != baton.ImportDuplicate || res.Messages != 0 {
			t.Fatalf("third import = %+v, %v", res, err)
		}
		if sess, _ := s.Session(ctx, ada.ID, res.SessionID); sess.MessageCount != 600 {
			t.Fatalf("message_count = %d, want 600", sess.MessageCount)
		}
	})
}

// A chunk that fails after others committed leaves nothing visible and
// nothing behind (search index included), and so does a document rejected
// in a later chunk.
func TestLargeImportFailingLateLeavesNothing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		before := rowCounts(t, s)
		s.SetImportChunks(100, func(n int) error {
			if n == 2 {
				invisible(t, s, ada.ID, 0) // and the indexer has passed the staged rows
			}
			if n == 4 {
				return errors.New("the disk is on fire")
			}
			return nil
		})
		if _, err := s.Import(ctx, ada.ID, bigDocument(450, 120, 300)); err == nil {
			t.Fatal("a failed chunk did not fail the import")
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("rows after a failed import = %v, before = %v", after, before)
		}

		// The fork names a message its parent does not have: found in the
		// fifth chunk, after four committed.
		s.SetImportChunks(100, nil)
		doc := bigDocument(450, 120, 300)
		doc.Conversations[1].ForkAfterSourceID = "m-nowhere"
		res, err := s.Import(ctx, ada.ID, doc)
		if err != nil || res.Status != baton.ImportRejected || res.Error == "" {
			t.Fatalf("Import = %+v, %v; want rejected", res, err)
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("rows after a rejected import = %v, before = %v", after, before)
		}
		if page, _ := s.ListSessions(ctx, ada.ID, baton.SessionFilter{}); len(page.Sessions) != 0 {
			t.Fatalf("the steward lists %d sessions", len(page.Sessions))
		}
	})
}

// An import whose process died after some chunks is invisible, and is
// removed once it has not moved for ImportAbandonedAfter; the document
// then imports whole.
func TestAbandonedImportIsRemoved(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		ada := mustSteward(t, s, "ada")
		before := rowCounts(t, s)
		s.SetImportChunks(100, func(n int) error {
			if n == 3 {
				return store.ErrAbandonImport // the process dies here
			}
			return nil
		})
		if _, err := s.Import(ctx, ada.ID, bigDocument(450, 120, 300)); err == nil {
			t.Fatal("the abandoned import reported success")
		}
		invisible(t, s, ada.ID, 0)
		if got := rowCounts(t, s); got["messages"] != 300 || got["staged"] != 1 {
			t.Fatalf("rows of the abandoned import = %v, want 300 messages staged", got)
		}
		// Not stale yet: an import in progress elsewhere is left alone.
		if n, err := s.RemoveStaleImports(ctx, now.Add(-time.Minute)); err != nil || n != 0 {
			t.Fatalf("RemoveStaleImports(recent) = %d, %v; want 0", n, err)
		}
		if n, err := s.RemoveStaleImports(ctx, now.Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("RemoveStaleImports = %d, %v; want 1", n, err)
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("rows after the clean-up = %v, before = %v", after, before)
		}
		s.SetImportChunks(100, nil)
		res, err := s.Import(ctx, ada.ID, bigDocument(450, 120, 300))
		if err != nil || res.Status != baton.ImportStored || res.Messages != 570 {
			t.Fatalf("import after the clean-up = %+v, %v", res, err)
		}
	})
}
