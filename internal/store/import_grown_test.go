package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// grownDocument is bigDocument grown to main and fork messages, whose
// last stored main message (of the stored) was completed meanwhile.
func grownDocument(main, fork, storedMain int) *baton.ImportDocument {
	doc := bigDocument(main, fork, 300)
	m := &doc.Conversations[0].Messages[storedMain-1]
	m.Content += " (completed)"
	return doc
}

// sessionState is what a reader sees of a session: its counts, tokens,
// title, end and every transcript.
func sessionState(t *testing.T, s *store.Store, stewardID int64, sessionID string) string {
	t.Helper()
	sess, err := s.Session(context.Background(), stewardID, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	end := ""
	if sess.EndedAt != nil {
		end = sess.EndedAt.UTC().String()
	}
	return fmt.Sprintf("count %d tokens %+v title %q end %s\n%v", sess.MessageCount, sess.Tokens, sess.Title, end,
		transcriptTexts(t, s, stewardID, sessionID))
}

// A re-import of a grown transcript of more than a chunk writes its new
// messages a chunk at a time, out of sight: between chunks another writer
// commits and readers see the session exactly as before; at the end they
// see what a fresh import of the grown document makes (the completed
// message included). A re-import failing half way changes nothing.
func TestGrownReimportGoesInChunksOutOfSight(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		bob := mustSteward(t, s, "bob")
		other := mustSession(t, s, ada.ID, &baton.Session{Title: "live"})
		start := time.Date(2026, 2, 2, 9, 0, 0, 0, time.UTC)
		first, err := s.Import(ctx, ada.ID, bigDocument(450, 120, 300))
		if err != nil || first.Status != baton.ImportStored {
			t.Fatalf("first import = %+v, %v", first, err)
		}
		before := sessionState(t, s, ada.ID, first.SessionID)

		// Failing half way: nothing changes, nothing is left.
		rows := rowCounts(t, s)
		s.SetImportChunks(100, func(n int) error {
			if n == 3 {
				return errors.New("the disk is on fire")
			}
			return nil
		})
		if _, err := s.Import(ctx, ada.ID, grownDocument(800, 200, 450)); err == nil {
			t.Fatal("a failed chunk did not fail the re-import")
		}
		if got := sessionState(t, s, ada.ID, first.SessionID); got != before {
			t.Fatalf("a failed re-import changed the session:\n%s\nwas\n%s", got, before)
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(rows) {
			t.Fatalf("rows after a failed re-import = %v, before = %v", after, rows)
		}

		// A process that dies half way leaves a staged copy, out of sight,
		// which RemoveStaleImports removes.
		s.SetImportChunks(100, func(n int) error {
			if n == 3 {
				return store.ErrAbandonImport
			}
			return nil
		})
		if _, err := s.Import(ctx, ada.ID, grownDocument(800, 200, 450)); err == nil {
			t.Fatal("an abandoned re-import did not fail")
		}
		if got := rowCounts(t, s)["staged"]; got != 1 {
			t.Fatalf("%d staged sessions after an abandoned re-import, want 1", got)
		}
		if got := sessionState(t, s, ada.ID, first.SessionID); got != before {
			t.Fatalf("an abandoned re-import shows:\n%.300s", got)
		}
		if n, err := s.RemoveStaleImports(ctx, time.Now().Add(time.Hour)); err != nil || n != 1 {
			t.Fatalf("RemoveStaleImports = %d, %v; want 1", n, err)
		}
		if after := rowCounts(t, s); fmt.Sprint(after) != fmt.Sprint(rows) {
			t.Fatalf("rows after removing an abandoned re-import = %v, before = %v", after, rows)
		}

		chunks := 0
		s.SetImportChunks(100, func(n int) error {
			chunks = n
			res, err := s.AppendMessages(ctx, ada.ID, other.ID, "", msgs(1, fmt.Sprint("live-", n), start))
			if err != nil || res.Stored != 1 {
				t.Errorf("append between chunks = %+v, %v", res, err)
			}
			if got := sessionState(t, s, ada.ID, first.SessionID); got != before {
				t.Errorf("after chunk %d a reader sees the session half re-imported:\n%.300s", n, got)
			}
			if page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{}); err != nil || len(page.Sessions) != 2 {
				t.Errorf("after chunk %d the steward lists %d sessions (%v), want 2", n, len(page.Sessions), err)
			}
			return nil
		})
		res, err := s.Import(ctx, ada.ID, grownDocument(800, 200, 450))
		if err != nil || res.Status != baton.ImportUpdated || res.Messages != 350+80 || len(res.Skipped) != 1 {
			t.Fatalf("grown re-import = %+v, %v", res, err)
		}
		// Chunks of 100 of the 1,000 messages; those holding new ones are
		// written: main 400-799 and the fork's second hundred.
		if chunks != 5 {
			t.Fatalf("the re-import wrote %d chunks, want 5 of 100 messages", chunks)
		}
		s.SetImportChunks(100, nil)
		fresh, err := s.Import(ctx, bob.ID, grownDocument(800, 200, 450))
		if err != nil || fresh.Status != baton.ImportStored {
			t.Fatalf("fresh import = %+v, %v", fresh, err)
		}
		if got, want := sessionState(t, s, ada.ID, first.SessionID), sessionState(t, s, bob.ID, fresh.SessionID); got != want {
			t.Fatalf("grown re-import:\n%.600s\nfresh import:\n%.600s", got, want)
		}
		if got := rowCounts(t, s)["staged"]; got != 0 {
			t.Fatalf("%d staged sessions left", got)
		}
		if _, err := s.IndexPending(ctx); err != nil {
			t.Fatal(err)
		}
		if hits, err := s.Search(ctx, ada.ID, "zebracorn", 100); err != nil || len(hits) == 0 {
			t.Fatalf("search after the re-import: %d hits, %v", len(hits), err)
		}

		// Again: nothing new, a duplicate.
		if res, err := s.Import(ctx, ada.ID, grownDocument(800, 200, 450)); err != nil || res.Status != baton.ImportDuplicate {
			t.Fatalf("same document again = %+v, %v", res, err)
		}
		// Nothing new but one message completed: nothing staged, the
		// message is completed in the final transaction.
		done := grownDocument(800, 200, 450)
		done.Conversations[0].Messages[799].Content += " (completed)"
		if res, err := s.Import(ctx, ada.ID, done); err != nil || res.Status != baton.ImportUpdated || res.Messages != 0 || len(res.Skipped) != 1 {
			t.Fatalf("completed message = %+v, %v", res, err)
		}
		if m := transcriptTexts(t, s, ada.ID, first.SessionID); !strings.HasSuffix(m[799], "zebracorn m message 799 (completed)") {
			t.Fatalf("message 799 = %q", m[799])
		}
		if got := rowCounts(t, s)["staged"]; got != 0 {
			t.Fatalf("%d staged sessions left", got)
		}
	})
}

// The new messages of a grown transcript move into place a chunk at a
// time: one the conversation received meanwhile (a live append of the
// same message) is kept once, and the counts and tokens match what every
// transcript holds.
func TestGrownReimportMovesInChunksKeepingOneOfEach(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		first, err := s.Import(ctx, ada.ID, bigDocument(450, 120, 300))
		if err != nil || first.Status != baton.ImportStored {
			t.Fatalf("first import = %+v, %v", first, err)
		}
		grown := grownDocument(800, 200, 450)
		live := grown.Conversations[0].Messages[460]
		s.SetImportChunks(100, func(n int) error {
			if n == 1 { // m-460 is staged by now
				res, err := s.AppendMessages(ctx, ada.ID, first.SessionID, "", []*baton.Message{&live})
				if err != nil || res.Stored != 1 {
					t.Errorf("live append = %+v, %v", res, err)
				}
			}
			return nil
		})
		defer s.SetImportChunks(0, nil)
		res, err := s.Import(ctx, ada.ID, grown)
		if err != nil || res.Status != baton.ImportUpdated || res.Messages != 350-1+80 {
			t.Fatalf("grown re-import = %+v, %v", res, err)
		}
		texts := transcriptTexts(t, s, ada.ID, first.SessionID)
		seen := map[string]int{}
		for _, line := range texts {
			// "title seq source role zebracorn m message N": the
			// conversation's title and the source id.
			f := strings.Fields(line)
			seen[strings.Join(f[:len(f)-7], " ")+" "+f[len(f)-6]]++
		}
		for k, n := range seen {
			if n != 1 {
				t.Errorf("%s stored %d times", k, n)
			}
		}
		sess, err := s.Session(ctx, ada.ID, first.SessionID)
		if err != nil {
			t.Fatal(err)
		}
		// The fork's transcript reads its parent's first 300 messages too.
		if want := 800 + 200; sess.MessageCount != want || len(seen) != want+300 {
			t.Fatalf("session counts %d messages, transcripts hold %d, want %d", sess.MessageCount, len(seen), want)
		}
		if got := rowCounts(t, s)["staged"]; got != 0 {
			t.Fatalf("%d staged sessions left", got)
		}
	})
}
