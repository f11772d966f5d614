package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

func appendAndIndex(t *testing.T, s *store.Store, stewardID int64, sessionID string, contents ...string) {
	t.Helper()
	ctx := context.Background()
	batch := make([]*baton.Message, len(contents))
	for i, c := range contents {
		batch[i] = &baton.Message{Role: baton.RoleAssistant, Content: c, SourceID: fmt.Sprintf("%s-%d", c, i)}
	}
	if _, err := s.AppendMessages(ctx, stewardID, sessionID, "", batch); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestSearchRanksTheMessageThatSaysTheWordMostFirst(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "ranking"})
		appendAndIndex(t, s, ada.ID, sess.ID,
			"The goroutine leak was in the worker pool.",
			"goroutine goroutine goroutine: every goroutine here leaks",
			"Nothing to see in this one.",
			"A goroutine, once, in a message that goes on about the handler, the router, the template and the cookie.",
		)
		hits, err := s.Search(ctx, ada.ID, "goroutine", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 3 {
			t.Fatalf("%d hits, want 3: %+v", len(hits), hits)
		}
		if hits[0].Seq != 2 {
			t.Errorf("first hit is message %d, want 2 (the word four times): %+v", hits[0].Seq, hits)
		}
	})
}

// The index holds each message's steward as a token ("s42") in a column of
// its own; a word typed in a search must only ever match message text.
func TestSearchNeverMatchesTheStewardToken(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		adaSess := mustSession(t, s, ada.ID, &baton.Session{Title: "ada's"})
		bobSess := mustSession(t, s, bob.ID, &baton.Session{Title: "bob's"})
		adaToken, bobToken := fmt.Sprintf("s%d", ada.ID), fmt.Sprintf("s%d", bob.ID)
		appendAndIndex(t, s, ada.ID, adaSess.ID, "hello from ada", "ada again")
		appendAndIndex(t, s, bob.ID, bobSess.ID, "plain words", "bob mentions "+bobToken+" here", "bob mentions "+adaToken+" too")
		// A third steward who wrote most of the messages, so that ada's
		// and bob's searches narrow by their owner tokens.
		carol := mustSteward(t, s, "carol")
		carolSess := mustSession(t, s, carol.ID, &baton.Session{Title: "carol's"})
		var many []string
		for i := 0; i < 40; i++ {
			many = append(many, fmt.Sprintf("carol %d mentions %s and %s and mentions bob", i, adaToken, bobToken))
		}
		appendAndIndex(t, s, carol.ID, carolSess.ID, many...)
		for _, c := range []struct {
			who  *baton.Steward
			q    string
			want int
		}{
			{ada, adaToken, 0}, // ada's messages carry her token in the index, not in their text
			{ada, bobToken, 0}, // bob's text is bob's
			{ada, "mentions", 0},
			{bob, bobToken, 1},
			{bob, adaToken, 1}, // his own message that says it, none of ada's
			{bob, "bob " + bobToken, 1},
			{carol, adaToken, 40},
		} {
			hits, err := s.Search(ctx, c.who.ID, c.q, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != c.want {
				t.Errorf("%s searches %q: %d hits, want %d: %+v", c.who.Username, c.q, len(hits), c.want, hits)
			}
			for _, h := range hits {
				if h.SessionID != bobSess.ID && c.who != carol || c.who == carol && h.SessionID != carolSess.ID {
					t.Errorf("%s searches %q: hit in session %s", c.who.Username, c.q, h.SessionID)
				}
			}
		}
		page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{Text: adaToken})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Sessions) != 0 {
			t.Errorf("ada's session list for %q: %d sessions, want none", adaToken, len(page.Sessions))
		}
	})
}

// The session list's text filter finds the steward's sessions with a
// message holding every word, and only hers.
func TestListSessionsTextFilterMatchesEveryWordOfTheStewardsMessages(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		fish := mustSession(t, s, ada.ID, &baton.Session{Title: "fish", StartedAt: t0})
		tank := mustSession(t, s, ada.ID, &baton.Session{Title: "tank", StartedAt: t0.Add(time.Hour)})
		other := mustSession(t, s, ada.ID, &baton.Session{Title: "other", StartedAt: t0.Add(2 * time.Hour)})
		bobs := mustSession(t, s, bob.ID, &baton.Session{Title: "bob's fish", StartedAt: t0})
		appendAndIndex(t, s, ada.ID, fish.ID, "the zebrafish tank needs a heater")
		appendAndIndex(t, s, ada.ID, tank.ID, "a zebrafish", "a separate tank")
		appendAndIndex(t, s, ada.ID, other.ID, "nothing here")
		appendAndIndex(t, s, bob.ID, bobs.ID, "bob's zebrafish tank")
		for q, want := range map[string][]string{
			"zebrafish":      {tank.ID, fish.ID},
			"Zebrafish-TANK": {fish.ID},
			"heater":         {fish.ID},
			"goldfish":       {},
		} {
			page, err := s.ListSessions(ctx, ada.ID, baton.SessionFilter{Text: q})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, sess := range page.Sessions {
				got = append(got, sess.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%q: sessions %v, want %v", q, got, want)
			}
		}
	})
}

// Migration 0013 (SQLite) replaces the full-text index with one that
// carries the owner token and sets the indexer's watermark back to 0: the
// messages written before it are searchable again once the indexer has run.
func TestMigration0013RebuildsTheSearchIndexThroughTheIndexer(t *testing.T) {
	s := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "m.db"))
	ctx := context.Background()
	// Written through today's models, then the schema goes back to 0012
	// under them (a session row of today's model does not fit 0012's table).
	ada := mustSteward(t, s, "ada")
	sess := mustSession(t, s, ada.ID, &baton.Session{Title: "before 0013"})
	if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", []*baton.Message{{Role: baton.RoleSteward, Content: "the zebrafish from before the migration"}}); err != nil {
		t.Fatal(err)
	}
	migrateDownTo(t, s, 12)
	if _, err := s.DB().ExecContext(ctx, "DELETE FROM messages_fts"); err != nil {
		t.Fatal(err)
	}
	// What the indexer did before 0013: content only.
	for _, q := range []string{"INSERT INTO messages_fts (rowid, content) SELECT id, content FROM messages",
		"UPDATE watermarks SET last_id = (SELECT max(id) FROM messages) WHERE name = 'messages_fts'"} {
		if _, err := s.DB().ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.MigrateUp(ctx); err != nil {
		t.Fatal(err)
	}
	if hits, err := s.Search(ctx, ada.ID, "zebrafish", 10); err != nil || len(hits) != 0 {
		t.Fatalf("before the indexer ran: %d hits, %v; want an empty new index", len(hits), err)
	}
	if n, err := s.IndexPending(ctx); err != nil || n != 1 {
		t.Fatalf("indexer added %d, %v; want the 1 message again", n, err)
	}
	hits, err := s.Search(ctx, ada.ID, "zebrafish", 10)
	if err != nil || len(hits) != 1 || hits[0].SessionID != sess.ID {
		t.Fatalf("after the indexer ran: %+v, %v", hits, err)
	}
}

// A word in more messages than the ranking window: the newest window of
// the steward's matches is ranked (on PostgreSQL found among the newest
// messages first), the message saying it most comes first, and no other
// steward's message is ever a hit.
func TestSearchACommonWordRanksTheNewestWindowOfTheStewardsOwn(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		adaSess := mustSession(t, s, ada.ID, &baton.Session{Title: "ada's"})
		bobSess := mustSession(t, s, bob.ID, &baton.Session{Title: "bob's"})
		var bobs, adas []string
		for i := 0; i < 300; i++ {
			bobs = append(bobs, fmt.Sprintf("bob deploys build %d: deploy deploy deploy deploy", i))
		}
		for i := 0; i < 600; i++ {
			adas = append(adas, fmt.Sprintf("ada's deploy number %d went out with the usual checks and nothing else to report", i))
		}
		adas[590] = "deploy deploy: the deploy of the deploy"
		appendAndIndex(t, s, ada.ID, adaSess.ID, adas...)
		appendAndIndex(t, s, bob.ID, bobSess.ID, bobs...)
		hits, err := s.Search(ctx, ada.ID, "deploy", 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 50 {
			t.Fatalf("%d hits, want 50", len(hits))
		}
		for _, h := range hits {
			if h.SessionID != adaSess.ID {
				t.Fatalf("ada's search shows %s's message %d", h.SessionID, h.Seq)
			}
		}
		if hits[0].Seq != 591 {
			t.Errorf("first hit is message %d, want 591 (the word four times)", hits[0].Seq)
		}
	})
}

// A word's newest matches come back whatever pass finds them: a word in
// every message (the window fills among the newest thousand), a word in 1
// of 40 (the window fills within the newest 5,000, read on a second look),
// a word in 1 of 300 and a word only in the oldest messages (both read
// through the index). Another steward's messages, newer than all of these,
// never count.
func TestSearchFindsTheNewestMatchesOfCommonMediumAndRareWords(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "many"})
		const n = 6000
		for from := 0; from < n; from += 1000 {
			batch := make([]*baton.Message, 0, 1000)
			for i := from; i < from+1000; i++ {
				content := fmt.Sprintf("message %d about the handler", i)
				if i%40 == 0 {
					content += " lease"
				}
				if i%300 == 0 {
					content += " quorum"
				}
				if i < 3 {
					content += " bootstrap"
				}
				batch = append(batch, &baton.Message{Role: baton.RoleAssistant, Content: content, SourceID: fmt.Sprint(i)})
			}
			if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", batch); err != nil {
				t.Fatal(err)
			}
		}
		other := mustSession(t, s, bob.ID, &baton.Session{Title: "bob's"})
		appendAndIndex(t, s, bob.ID, other.ID, "bob's handler lease quorum bootstrap")
		for _, c := range []struct {
			word  string
			every int // the word is in messages whose number (seq-1) is a multiple of every, or below 3 for 0
		}{{"handler", 1}, {"lease", 40}, {"quorum", 300}, {"bootstrap", 0}} {
			hits, err := s.Search(ctx, ada.ID, c.word, 10)
			if err != nil {
				t.Fatal(err)
			}
			want := 10
			if c.every == 0 {
				want = 3
			}
			if len(hits) != want {
				t.Fatalf("%q: %d hits, want %d", c.word, len(hits), want)
			}
			for _, h := range hits {
				i := int(h.Seq) - 1
				inIt := (c.every == 0 && i < 3) || (c.every > 0 && i%c.every == 0)
				if h.SessionID != sess.ID || !inIt {
					t.Errorf("%q: hit message %d of session %s, which does not hold the word", c.word, h.Seq, h.SessionID)
				}
				// One word weighs every hit alike: the window's newest come back.
				if c.every > 0 && i < n-c.every*40 {
					t.Errorf("%q: hit message %d, older than the newest matches", c.word, h.Seq)
				}
			}
		}
	})
}
