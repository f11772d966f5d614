package store

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

func TestEachTokenFoldsAsTheIndexDoes(t *testing.T) {
	var got []string
	eachToken("Café-crème, NAÏVE x2 (déjà_vu)!", func(tok string) { got = append(got, tok) })
	want := []string{"cafe", "creme", "naive", "x2", "deja", "vu"}
	if !slices.Equal(got, want) {
		t.Fatalf("tokens %q, want %q", got, want)
	}
}

func TestRankDocsWeighsRareWordsAndShortMessages(t *testing.T) {
	docs := []windowDoc{
		{ID: 4, Text: "common common rare filler filler", Length: 33},
		{ID: 3, Text: "common rare rare filler filler", Length: 30},
		{ID: 2, Text: "common rare", Length: 11},
		{ID: 1, Text: "common rare filler filler filler filler filler filler filler filler filler", Length: 75},
	}
	// rare weighs five times what common does.
	got := rankDocs(docs, []string{"common", "rare"}, []float64{0.2, 1})
	if want := []int64{3, 2, 4, 1}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	// With equal scores the window's order (newest first) stands.
	same := []windowDoc{{ID: 9, Text: "word"}, {ID: 8, Text: "word"}, {ID: 7, Text: "word"}}
	if got := rankDocs(same, []string{"word"}, []float64{1}); !slices.Equal(got, []int64{9, 8, 7}) {
		t.Fatalf("ties: %v", got)
	}
}

// A steward who wrote every recent message walks those without the owner
// token and the older ones with it; both halves keep to the steward.
func TestNewestMatchesWalksADenseStewardsOlderMessagesByOwnerToken(t *testing.T) {
	s := openRankSQLite(t)
	ctx := context.Background()
	ada, bob := rankStewards(t, s)
	write := func(st *baton.Steward, n int, content string) {
		appendRankSession(t, s, st, content, n, func(int) string { return content })
	}
	write(ada, 50, "the needle")      // ada's oldest
	write(bob, 300, "another needle") // bob's, in between
	write(ada, 250, "only hay")       // ada's newest: she wrote all of the recent ids
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
	smp, err := sampleSteward(ctx, s, ada.ID)
	if err != nil {
		t.Fatal(err)
	}
	if smp.share() < ownerTokenBelow {
		t.Fatalf("ada's share of the newest messages is %.2f; the test needs her dense", smp.share())
	}
	got, err := newestMatches[int64](ctx, s, smp, ada.ID, []string{"needle"}, "m.id", 5)
	if err != nil {
		t.Fatal(err)
	}
	var want []int64
	if err := s.db.NewRaw("SELECT id FROM messages WHERE steward_id = ? AND content = 'the needle' ORDER BY id DESC LIMIT 5", ada.ID).Scan(ctx, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != 5 || !slices.Equal(got, want) {
		t.Fatalf("ada's newest needles %v, want %v", got, want)
	}
}

// One of many stewards who is writing right now holds the newest messages
// but few of the sessions: the search walks the owner token all the way,
// and finds what the walk without it finds.
func TestNewestMatchesOfAStewardWritingNowAreTheSameEitherWalk(t *testing.T) {
	s := openRankSQLite(t)
	ctx := context.Background()
	ada, bob := rankStewards(t, s)
	write := func(st *baton.Steward, n int, needleEvery int) {
		appendRankSession(t, s, st, st.Username, n, func(i int) string {
			if i%needleEvery == 3 {
				return "a needle in hay"
			}
			return "hay and straw"
		})
	}
	write(ada, 40, 10) // ada's oldest needles
	for k := 0; k < 9; k++ {
		write(bob, 100, 5) // bob's, more than fewMatches in all
	}
	write(ada, 300, 10) // ada is writing now: every recent id is hers
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
	smp, err := sampleSteward(ctx, s, ada.ID)
	if err != nil {
		t.Fatal(err)
	}
	if smp.share() < ownerTokenBelow || smp.sessionShare >= ownerTokenBelow {
		t.Fatalf("ada's share of the newest messages is %.2f and of the sessions %.2f; the test needs the first dense and the second sparse",
			smp.share(), smp.sessionShare)
	}
	withoutToken := smp
	withoutToken.sessionShare = 1 // as if she held every session: the newest matches walked without the token
	for _, limit := range []int{3, 30, 40, 500} {
		got, err := newestMatches[int64](ctx, s, smp, ada.ID, []string{"needle"}, "m.id", limit)
		if err != nil {
			t.Fatal(err)
		}
		other, err := newestMatches[int64](ctx, s, withoutToken, ada.ID, []string{"needle"}, "m.id", limit)
		if err != nil {
			t.Fatal(err)
		}
		var want []int64
		if err := s.db.NewRaw("SELECT id FROM messages WHERE steward_id = ? AND content LIKE '%needle%' ORDER BY id DESC LIMIT ?",
			ada.ID, limit).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !slices.Equal(got, want) || !slices.Equal(other, want) {
			t.Errorf("limit %d: ada's newest needles %v with the token, %v without, want %v", limit, got, other, want)
		}
	}
}

// A sparse steward's search finds the same newest matches whether its
// terms are few in all (walked without the owner token) or many (walked
// with it).
func TestNewestMatchesOfASparseStewardAreTheSameForRareAndCommonWords(t *testing.T) {
	s := openRankSQLite(t)
	ctx := context.Background()
	ada, bob := rankStewards(t, s)
	// Ten sessions each: ada writes 1 message in 10, so her share is low;
	// "needle" is in a few messages of each, "hay" in more than fewMatches.
	for k := 0; k < 10; k++ {
		for _, w := range []struct {
			st *baton.Steward
			n  int
		}{{ada, 10}, {bob, 90}} {
			appendRankSession(t, s, w.st, w.st.Username, w.n, func(i int) string {
				if i == 3 && k%3 == 0 {
					return "a needle in hay"
				}
				return "hay and straw"
			})
		}
	}
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
	smp, err := sampleSteward(ctx, s, ada.ID)
	if err != nil {
		t.Fatal(err)
	}
	if smp.share() >= ownerTokenBelow {
		t.Fatalf("ada's share of the newest messages is %.2f; the test needs her sparse", smp.share())
	}
	for _, c := range []struct {
		word  string
		few   bool // fewer than fewMatches matches in all
		limit int
	}{{"needle", true, 3}, {"needle", true, 50}, {"hay", false, 7}, {"hay", false, 500}} {
		if nth, _ := nthNewestMatch(ctx, s, []string{c.word}, fewMatches); (nth == 0) != c.few {
			t.Fatalf("%q: the test needs it few (%v) in all", c.word, c.few)
		}
		if many, err := hasMatches(ctx, s, c.word, fewMatches); err != nil || many == c.few {
			t.Errorf("%q: hasMatches says %d matches or more: %v (%v), want %v", c.word, fewMatches, many, err, !c.few)
		}
		got, err := newestMatches[int64](ctx, s, smp, ada.ID, []string{c.word}, "m.id", c.limit)
		if err != nil {
			t.Fatal(err)
		}
		var want []int64
		if err := s.db.NewRaw("SELECT id FROM messages WHERE steward_id = ? AND content LIKE ? ORDER BY id DESC LIMIT ?",
			ada.ID, "%"+c.word+"%", c.limit).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%q, limit %d: ada's newest matches %v, want %v", c.word, c.limit, got, want)
		}
	}
}

// The walk without the owner token reaches back a number of matches, not a
// range of ids: the n-th newest match of every steward, 0 past the last.
func TestNthNewestMatchCountsMatchesOfEveryStewardNewestFirst(t *testing.T) {
	s := openRankSQLite(t)
	ctx := context.Background()
	var needles []int64 // newest first, ada's and bob's
	for _, name := range []string{"ada", "bob"} {
		st := &baton.Steward{Username: name}
		if err := s.CreateSteward(ctx, st); err != nil {
			t.Fatal(err)
		}
		appendRankSession(t, s, st, name, 40, func(i int) string {
			if i%10 == 3 {
				return "a Needle here"
			}
			return "only hay"
		})
	}
	if _, err := s.IndexPending(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.db.NewRaw("SELECT id FROM messages WHERE content = 'a Needle here' ORDER BY id DESC").Scan(ctx, &needles); err != nil {
		t.Fatal(err)
	}
	if len(needles) != 8 {
		t.Fatalf("%d needles written, want 8", len(needles))
	}
	for n, want := range map[int]int64{1: needles[0], 5: needles[4], 8: needles[7], 9: 0} {
		got, err := nthNewestMatch(ctx, s, []string{"needle"}, n)
		if err != nil || got != want {
			t.Errorf("match %d: id %d (%v), want %d", n, got, err, want)
		}
	}
	if got, err := nthNewestMatch(ctx, s, []string{"needle", "hay"}, 1); err != nil || got != 0 {
		t.Errorf("needle and hay: id %d (%v), want 0: no message holds both", got, err)
	}
}

// openRankSQLite opens a migrated SQLite store of its own, closed when the
// test ends.
func openRankSQLite(t *testing.T) *Store {
	t.Helper()
	s, err := Open("sqlite:" + filepath.Join(t.TempDir(), "rank.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.MigrateUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// rankStewards creates the two stewards the ranking tests search as.
func rankStewards(t *testing.T, s *Store) (ada, bob *baton.Steward) {
	t.Helper()
	ada, bob = &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bob"}
	for _, st := range []*baton.Steward{ada, bob} {
		if err := s.CreateSteward(context.Background(), st); err != nil {
			t.Fatal(err)
		}
	}
	return ada, bob
}

// appendRankSession writes a session titled title of n steward messages,
// message i saying content(i).
func appendRankSession(t *testing.T, s *Store, st *baton.Steward, title string, n int, content func(i int) string) {
	t.Helper()
	ctx := context.Background()
	sess := &baton.Session{Title: title}
	if err := s.CreateSession(ctx, st.ID, sess); err != nil {
		t.Fatal(err)
	}
	batch := make([]*baton.Message, n)
	for i := range batch {
		batch[i] = &baton.Message{Role: baton.RoleSteward, Content: content(i), SourceID: fmt.Sprint(i)}
	}
	if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
		t.Fatal(err)
	}
}
