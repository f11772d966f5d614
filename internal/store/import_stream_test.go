package store_test

import (
	"context"
	"fmt"
	"iter"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// streamOf yields a document's messages one at a time, as a streaming
// reader would, counting how many it has given (the import reads it on a
// goroutine of its own); the document it returns has the same session and
// conversations, without messages.
func streamOf(doc *baton.ImportDocument, read *atomic.Int64) (*baton.ImportDocument, int, iter.Seq2[int, *baton.Message]) {
	head := *doc
	head.Conversations = make([]baton.ImportConversation, len(doc.Conversations))
	total := 0
	for i, c := range doc.Conversations {
		c.Messages = nil
		head.Conversations[i] = c
		total += len(doc.Conversations[i].Messages)
	}
	return &head, total, func(yield func(int, *baton.Message) bool) {
		for ci := range doc.Conversations {
			for _, m := range doc.Conversations[ci].Messages {
				read.Add(1)
				if !yield(ci, &m) {
					return
				}
			}
		}
	}
}

// transcriptTexts is every conversation's transcript of a session, as text.
func transcriptTexts(t *testing.T, s *store.Store, stewardID int64, sessionID string) []string {
	t.Helper()
	ctx := context.Background()
	convs, err := s.Conversations(ctx, stewardID, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range convs {
		var after int64
		for {
			page, err := s.Transcript(ctx, stewardID, sessionID, c.ID, after, store.MaxBatch)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			for _, m := range page {
				out = append(out, fmt.Sprintf("%s %d %s %s %s", c.Title, m.Seq, m.SourceID, m.Role, m.Content))
			}
			after = page[len(page)-1].Seq
		}
	}
	return out
}

// A document read one message at a time is written chunk by chunk as it
// is read: when a chunk commits, no more than that chunk and the next have
// been read (memory holds the chunk being written and the one read beside
// it, not the document); another writer commits between
// chunks; the steward sees nothing until the end, then the session a whole
// import makes.
func TestImportStreamWritesEachChunkAsItIsRead(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		bob := mustSteward(t, s, "bob")
		other := mustSession(t, s, ada.ID, &baton.Session{Title: "live"})
		start := time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)
		var read atomic.Int64
		chunks := 0
		s.SetImportChunks(100, func(n int) error {
			chunks = n
			if r := read.Load(); r > int64(n+1)*100 {
				t.Errorf("after chunk %d, %d messages were read: the stream is read more than a chunk ahead of the writes", n, r)
			}
			if n == 2 {
				res, err := s.AppendMessages(ctx, ada.ID, other.ID, "", msgs(5, "live", start))
				if err != nil || res.Stored != 5 {
					t.Errorf("append during the import = %+v, %v", res, err)
				}
				invisible(t, s, ada.ID, 1)
			}
			return nil
		})
		head, total, stream := streamOf(bigDocument(450, 120, 300), &read)
		res, err := s.ImportStream(ctx, ada.ID, head, total, stream)
		if err != nil || res.Status != baton.ImportStored || res.Messages != 570 {
			t.Fatalf("ImportStream = %+v, %v", res, err)
		}
		if chunks != 6 {
			t.Fatalf("the import took %d chunks, want 6 of 100 messages", chunks)
		}
		if got := rowCounts(t, s)["staged"]; got != 0 {
			t.Fatalf("%d staged sessions left after the import", got)
		}

		s.SetImportChunks(100, nil)
		whole, err := s.Import(ctx, bob.ID, bigDocument(450, 120, 300))
		if err != nil || whole.Status != baton.ImportStored {
			t.Fatalf("Import = %+v, %v", whole, err)
		}
		got, want := transcriptTexts(t, s, ada.ID, res.SessionID), transcriptTexts(t, s, bob.ID, whole.SessionID)
		if fmt.Sprint(got) != fmt.Sprint(want) || len(got) != 450+420 {
			t.Fatalf("streamed import's transcripts (%d lines) differ from a whole import's (%d lines)", len(got), len(want))
		}
		sa, _ := s.Session(ctx, ada.ID, res.SessionID)
		sb, _ := s.Session(ctx, bob.ID, whole.SessionID)
		if sa.MessageCount != sb.MessageCount || sa.Title != sb.Title || sa.Tokens != sb.Tokens || !sa.StartedAt.Equal(sb.StartedAt) {
			t.Fatalf("streamed session %+v, whole %+v", sa, sb)
		}

		// Small, or already stored: read whole and imported as Import does.
		read.Store(0)
		head, total, stream = streamOf(bigDocument(480, 120, 300), &read)
		res, err = s.ImportStream(ctx, ada.ID, head, total, stream)
		if err != nil || res.Status != baton.ImportUpdated || res.Messages != 30 {
			t.Fatalf("streamed re-import = %+v, %v", res, err)
		}
	})
}

// A message that breaks a rule late in a streamed document fails the
// import there, naming the message as a whole import does, and leaves
// nothing behind: no session, staged or not, no message, no index row.
func TestImportStreamFailingLateLeavesNothing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		before := rowCounts(t, s)
		s.SetImportChunks(100, func(n int) error {
			if n == 2 {
				invisible(t, s, ada.ID, 0)
			}
			return nil
		})
		doc := bigDocument(450, 120, 300)
		doc.Conversations[0].Messages[420].Role = "narrator"
		var read atomic.Int64
		head, total, stream := streamOf(doc, &read)
		res, err := s.ImportStream(ctx, ada.ID, head, total, stream)
		if err != nil || res.Status != baton.ImportRejected {
			t.Fatalf("ImportStream = %+v, %v; want rejected", res, err)
		}
		if r := read.Load(); r >= 570 {
			t.Fatalf("the whole document was read (%d messages) before the bad one failed it", r)
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("rows after a failed import = %v, before = %v", after, before)
		}
		s.SetImportChunks(100, nil)
		whole, err := s.Import(ctx, ada.ID, doc)
		if err != nil || whole.Status != baton.ImportRejected || whole.Error != res.Error {
			t.Fatalf("whole import = %+v, %v; streamed said %q", whole, err, res.Error)
		}
		if want := `conversation main message[420].role must be steward, assistant, system, tool_call or tool_result; got "narrator"`; res.Error != want {
			t.Fatalf("error = %q, want %q", res.Error, want)
		}
	})
}
