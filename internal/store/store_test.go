package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// eachDialect runs a test against a fresh SQLite database and, when one is
// configured, a fresh PostgreSQL database.
func eachDialect(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) { fn(t, storetest.Open(t, url)) })
	}
}

func mustSteward(t *testing.T, s *store.Store, name string) *baton.Steward {
	t.Helper()
	st := &baton.Steward{Username: name}
	if err := s.CreateSteward(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	return st
}

func mustSession(t *testing.T, s *store.Store, stewardID int64, sess *baton.Session) *baton.Session {
	t.Helper()
	if err := s.CreateSession(context.Background(), stewardID, sess); err != nil {
		t.Fatal(err)
	}
	return sess
}

func msgs(n int, prefix string, start time.Time) []*baton.Message {
	out := make([]*baton.Message, n)
	for i := range out {
		role := baton.RoleSteward
		if i%2 == 1 {
			role = baton.RoleAssistant
		}
		out[i] = &baton.Message{SourceID: fmt.Sprintf("%s-%d", prefix, i), Role: role,
			Content: fmt.Sprintf("message %d about %s", i, prefix), Timestamp: start.Add(time.Duration(i) * time.Second)}
	}
	return out
}

func TestMigrateDownAndUp(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ms, err := s.Migrations(ctx)
		if err != nil || len(ms) == 0 {
			t.Fatalf("migrations = %+v, %v", ms, err)
		}
		for _, m := range ms {
			if !m.Applied {
				t.Fatalf("migration %d not applied by Open", m.Version)
			}
		}
		// Every down migration runs, newest first, and leaves nothing behind.
		for i := len(ms) - 1; i >= 0; i-- {
			m, err := s.MigrateDown(ctx)
			if err != nil || m == nil || m.Version != ms[i].Version {
				t.Fatalf("down #%d = %+v, %v; want version %d", i, m, err, ms[i].Version)
			}
		}
		if m, err := s.MigrateDown(ctx); m != nil || err != nil {
			t.Fatalf("down with nothing applied = %+v, %v", m, err)
		}
		if err := s.CreateSteward(ctx, &baton.Steward{Username: "x"}); err == nil {
			t.Fatal("stewards table still there after down")
		}
		if done, err := s.MigrateUp(ctx); err != nil || len(done) != len(ms) {
			t.Fatalf("up = %+v, %v", done, err)
		}
		mustSteward(t, s, "x")
	})
}

func TestAppendIsIdempotentAndPaged(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "Refactor", Type: baton.SessionCode})
		t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		res, err := s.AppendMessages(ctx, st.ID, sess.ID, "", msgs(250, "a", t0))
		if err != nil || res.Stored != 250 || res.Duplicates != 0 {
			t.Fatalf("first append = %+v, %v", res, err)
		}
		res, err = s.AppendMessages(ctx, st.ID, sess.ID, "", msgs(260, "a", t0))
		if err != nil || res.Stored != 10 || res.Duplicates != 250 {
			t.Fatalf("re-append = %+v, %v; want 10 stored, 250 duplicates", res, err)
		}
		got, _ := s.Session(ctx, st.ID, sess.ID)
		if got.MessageCount != 260 {
			t.Fatalf("message_count = %d, want 260", got.MessageCount)
		}
		page, err := s.Transcript(ctx, st.ID, sess.ID, "", 100, 50)
		if err != nil || len(page) != 50 || page[0].Seq != 101 || page[49].Seq != 150 {
			t.Fatalf("page after 100 = %d msgs (first %d), %v", len(page), page[0].Seq, err)
		}
		if page[0].Content != "message 100 about a" || !page[0].Timestamp.Equal(t0.Add(100*time.Second)) {
			t.Fatalf("page[0] = %q at %v", page[0].Content, page[0].Timestamp)
		}

		// A batch whose one stored duplicate comes last, after several
		// INSERT statements' worth of new messages, and which repeats one
		// of its own: the new ones are stored once each, numbered on
		// without a gap, and nothing else.
		late := append(msgs(150, "late", t0.Add(time.Hour)), &baton.Message{SourceID: "a-7", Role: baton.RoleSteward, Content: "again", Timestamp: t0})
		late = append(late[:1], append([]*baton.Message{{SourceID: "late-0", Role: baton.RoleSteward, Content: "repeat", Timestamp: t0}}, late[1:]...)...)
		res, err = s.AppendMessages(ctx, st.ID, sess.ID, "", late)
		if err != nil || res.Stored != 150 || res.Duplicates != 2 {
			t.Fatalf("late duplicate = %+v, %v; want 150 stored, 2 duplicates", res, err)
		}
		if got, _ := s.Session(ctx, st.ID, sess.ID); got.MessageCount != 410 {
			t.Fatalf("message_count = %d, want 410", got.MessageCount)
		}
		all, err := s.Transcript(ctx, st.ID, sess.ID, "", 0, 1000)
		if err != nil || len(all) != 410 {
			t.Fatalf("transcript = %d messages, %v; want 410", len(all), err)
		}
		for i, m := range all {
			if m.Seq != int64(i+1) {
				t.Fatalf("message %d has seq %d", i, m.Seq)
			}
		}
		if all[7].Content != "message 7 about a" || all[260].Content != "message 0 about late" || all[409].Content != "message 149 about late" {
			t.Fatalf("stored %q, %q, %q", all[7].Content, all[260].Content, all[409].Content)
		}
	})
}

func TestAppendRejectsBadMessageAndWritesNothing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{})
		batch := msgs(5, "b", time.Now())
		batch[3].Role = "robot"
		_, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch)
		if baton.ErrorCode(err) != baton.EINVALID || baton.ErrorField(err) != "messages[3].role" {
			t.Fatalf("err = %v (field %q), want invalid messages[3].role", err, baton.ErrorField(err))
		}
		page, _ := s.Transcript(ctx, st.ID, sess.ID, "", 0, 10)
		if len(page) != 0 {
			t.Fatalf("%d messages written by a rejected batch", len(page))
		}
		batch = msgs(2, "c", time.Now())
		batch[1].Semantic.Embedding = make([]float32, 12)
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); baton.ErrorField(err) != "messages[1].semantic.embedding" {
			t.Fatalf("embedding of 12: err = %v", err)
		}
	})
}

func TestStewardsAreIsolated(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "secret plans"})
		if _, err := s.AppendMessages(ctx, ada.ID, sess.ID, "", msgs(3, "zebrafish", time.Now())); err != nil {
			t.Fatal(err)
		}
		if _, err := s.IndexPending(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, bob.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("bob reads ada's session: %v", err)
		}
		if _, err := s.Transcript(ctx, bob.ID, sess.ID, "", 0, 10); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("bob reads ada's transcript: %v", err)
		}
		if _, err := s.AppendMessages(ctx, bob.ID, sess.ID, "", msgs(1, "x", time.Now())); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("bob writes into ada's session: %v", err)
		}
		if hits, _ := s.Search(ctx, bob.ID, "zebrafish", 10); len(hits) != 0 {
			t.Fatalf("bob finds ada's messages: %+v", hits)
		}
		if hits, _ := s.Search(ctx, ada.ID, "zebrafish", 10); len(hits) != 3 {
			t.Fatalf("ada finds %d of her 3 messages", len(hits))
		}
		page, err := s.ListSessions(ctx, bob.ID, baton.SessionFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 0 || len(page.Sessions) != 0 {
			t.Fatalf("bob lists %d sessions", page.Total)
		}
		if n, _ := s.SetReviewStatus(ctx, bob.ID, []string{sess.ID}, baton.ReviewArchived); n != 0 {
			t.Fatal("bob archived ada's session")
		}
	})
}

func TestSearchIsCaseInsensitiveAndPunctuationSafe(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "FTS"})
		batch := []*baton.Message{
			{Role: baton.RoleSteward, Content: "The context-bridge editor crashes on save"},
			{Role: baton.RoleAssistant, Content: "I fixed the CONTEXT bridge: a nil map in the editor."},
			{Role: baton.RoleSteward, Content: "Unrelated: lunch?"},
		}
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", batch); err != nil {
			t.Fatal(err)
		}
		if _, err := s.IndexPending(ctx); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"context-bridge", "Context Bridge", `"context" bridge)`, "bridge*", "(editor"} {
			hits, err := s.Search(ctx, st.ID, q, 10)
			if err != nil {
				t.Fatalf("%q: %v", q, err)
			}
			if len(hits) != 2 {
				t.Errorf("%q: %d hits, want 2", q, len(hits))
			}
		}
		if hits, err := s.Search(ctx, st.ID, `--- ""`, 10); err != nil || len(hits) != 0 {
			t.Errorf("punctuation only: %v, %v", hits, err)
		}
		hits, _ := s.Search(ctx, st.ID, "lunch", 10)
		if len(hits) != 1 || hits[0].SessionTitle != "FTS" || hits[0].Seq != 3 {
			t.Errorf("lunch: %+v", hits)
		}
	})
}

func TestListSessionsFiltersAndKeysetPages(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		for i := 0; i < 25; i++ {
			q := float64(i) / 25
			typ := baton.SessionChat
			if i%3 == 0 {
				typ = baton.SessionCode
			}
			mustSession(t, s, st.ID, &baton.Session{Title: fmt.Sprintf("s%02d", i), Type: typ,
				StartedAt: base.Add(time.Duration(i) * time.Hour), QualityScore: &q, Tags: []string{fmt.Sprintf("t%d", i%2)}})
		}
		var seen []string
		cursor := ""
		for {
			page, err := s.ListSessions(ctx, st.ID, baton.SessionFilter{Limit: 7, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != 25 {
				t.Fatalf("total = %d", page.Total)
			}
			for _, x := range page.Sessions {
				seen = append(seen, x.Title)
			}
			if page.NextCursor == "" {
				break
			}
			cursor = page.NextCursor
		}
		if len(seen) != 25 || seen[0] != "s24" || seen[24] != "s00" {
			t.Fatalf("pages = %v", seen)
		}
		min := 0.5
		page, _ := s.ListSessions(ctx, st.ID, baton.SessionFilter{Types: []baton.SessionType{baton.SessionCode}, MinQuality: &min, Sort: baton.SortQualityAsc})
		var titles []string
		for _, x := range page.Sessions {
			titles = append(titles, x.Title)
		}
		if fmt.Sprint(titles) != "[s15 s18 s21 s24]" {
			t.Fatalf("code sessions with quality >= 0.5 by quality = %v", titles)
		}
		page, _ = s.ListSessions(ctx, st.ID, baton.SessionFilter{Tag: "T1", Limit: 100})
		if page.Total != 12 {
			t.Fatalf("tag t1: %d sessions", page.Total)
		}
		from, to := base.Add(2*time.Hour), base.Add(5*time.Hour)
		page, _ = s.ListSessions(ctx, st.ID, baton.SessionFilter{From: &from, To: &to})
		if page.Total != 3 {
			t.Fatalf("date range: %d sessions", page.Total)
		}
		if _, err := s.ListSessions(ctx, st.ID, baton.SessionFilter{Cursor: "!!"}); baton.ErrorField(err) != "cursor" {
			t.Fatalf("bad cursor: %v", err)
		}
	})
}

func TestImportIsAtomicIdempotentAndForks(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		t0 := time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)
		mk := func(prefix string, n int) []baton.Message {
			var out []baton.Message
			for _, m := range msgs(n, prefix, t0) {
				out = append(out, *m)
			}
			return out
		}
		doc := func() *baton.ImportDocument {
			return &baton.ImportDocument{Key: "doc-1",
				Session: baton.Session{Title: "Imported", Source: "chatgpt", SourceRef: "conv-1", StartedAt: t0},
				Conversations: []baton.ImportConversation{
					{Key: "main", Messages: mk("m", 6)},
					{Key: "branch", ParentKey: "main", ForkAfterSourceID: "m-2", Messages: mk("f", 2)},
				}}
		}
		res, err := s.Import(ctx, st.ID, doc())
		if err != nil || res.Status != baton.ImportStored || res.Messages != 8 {
			t.Fatalf("import = %+v, %v", res, err)
		}
		again, err := s.Import(ctx, st.ID, doc())
		if err != nil || again.Status != baton.ImportDuplicate || again.SessionID != res.SessionID {
			t.Fatalf("re-import = %+v, %v", again, err)
		}
		grown := doc()
		grown.Conversations[0].Messages = mk("m", 9)
		if r, _ := s.Import(ctx, st.ID, grown); r.Status != baton.ImportUpdated || r.Messages != 3 {
			t.Fatalf("grown import = %+v", r)
		}
		convs, _ := s.Conversations(ctx, st.ID, res.SessionID)
		if len(convs) != 2 || convs[1].ParentConversationID == nil || *convs[1].ParentConversationID != convs[0].ID || convs[1].ForkPointSeq != 3 {
			t.Fatalf("conversations = %+v", convs)
		}
		fork, _ := s.Transcript(ctx, st.ID, res.SessionID, convs[1].ID, 0, 100)
		var ids []string
		for _, m := range fork {
			ids = append(ids, fmt.Sprintf("%s@%d", m.SourceID, m.Seq))
		}
		if fmt.Sprint(ids) != "[m-0@1 m-1@2 m-2@3 f-0@4 f-1@5]" {
			t.Fatalf("fork transcript = %v", ids)
		}

		bad := doc()
		bad.Session.SourceRef = "conv-2"
		bad.Conversations[1].ForkAfterSourceID = "no-such-message"
		r, err := s.Import(ctx, st.ID, bad)
		if err != nil || r.Status != baton.ImportRejected || r.Error == "" {
			t.Fatalf("bad import = %+v, %v", r, err)
		}
		page, _ := s.ListSessions(ctx, st.ID, baton.SessionFilter{})
		if page.Total != 1 {
			t.Fatalf("rejected import left a session behind: %d sessions", page.Total)
		}
	})
}

// TestSQLiteReadsThroughMemoryMap: every connection of the pool reads the
// file through a memory map (store.go says why), not only the first.
func TestSQLiteReadsThroughMemoryMap(t *testing.T) {
	s := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "baton.db"))
	ctx := context.Background()
	var conns []*sql.Conn
	for i := 0; i < 3; i++ {
		c, err := s.DB().DB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var bytes int64
		if err := c.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&bytes); err != nil {
			t.Fatal(err)
		}
		if bytes < 1<<30 {
			t.Errorf("connection %d maps %d bytes of the file, want the most SQLite allows", i, bytes)
		}
	}
	for _, c := range conns {
		c.Close()
	}
}

// An append reads the conversation's last sequence number and which of
// its ids the conversation has in one statement: a fork with no messages
// of its own continues after its fork point, an id repeated in a batch or
// already in the conversation counts once, and an id only another
// conversation has (the fork's parent) is new here.
func TestAppendNumbersAfterForkPointAndSkipsKnownIDs(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "forked"})
		t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", msgs(6, "main", t0)); err != nil {
			t.Fatal(err)
		}
		main, err := s.Conversation(ctx, st.ID, sess.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		prefix, err := s.Transcript(ctx, st.ID, sess.ID, "", 0, 10)
		if err != nil || len(prefix) != 6 {
			t.Fatalf("main transcript = %d messages, %v", len(prefix), err)
		}
		fork, err := s.Fork(ctx, st.ID, main, store.ForkRequest{At: prefix[3], Title: "what if"})
		if err != nil {
			t.Fatal(err)
		}
		// The fork's first batch: one id its parent has, one repeated.
		batch := msgs(3, "fork", t0.Add(time.Hour))
		batch = append(batch, msgs(1, "main", t0)[0], msgs(3, "fork", t0.Add(time.Hour))[1])
		res, err := s.AppendMessages(ctx, st.ID, sess.ID, fork.ID, batch)
		if err != nil || res.Stored != 4 || res.Duplicates != 1 {
			t.Fatalf("fork's first append = %+v, %v; want 4 stored, 1 duplicate", res, err)
		}
		// Again, with one new id: only it is stored, numbered after the rest.
		batch = append(msgs(3, "fork", t0.Add(time.Hour)), msgs(1, "main", t0)[0], msgs(1, "later", t0.Add(2*time.Hour))[0])
		res, err = s.AppendMessages(ctx, st.ID, sess.ID, fork.ID, batch)
		if err != nil || res.Stored != 1 || res.Duplicates != 4 {
			t.Fatalf("fork's second append = %+v, %v; want 1 stored, 4 duplicates", res, err)
		}
		got, err := s.Transcript(ctx, st.ID, sess.ID, fork.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		var seqs []int64
		var sources []string
		for _, m := range got {
			seqs = append(seqs, m.Seq)
			sources = append(sources, m.SourceID)
		}
		wantSeqs := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9}
		wantSources := []string{"main-0", "main-1", "main-2", "main-3", "fork-0", "fork-1", "fork-2", "main-0", "later-0"}
		if fmt.Sprint(seqs) != fmt.Sprint(wantSeqs) || fmt.Sprint(sources) != fmt.Sprint(wantSources) {
			t.Fatalf("fork transcript: seqs %v, sources %v; want %v, %v", seqs, sources, wantSeqs, wantSources)
		}
		// The main conversation goes on from its own last message.
		res, err = s.AppendMessages(ctx, st.ID, sess.ID, "", append(msgs(7, "main", t0)[5:], msgs(1, "fork", t0)...))
		if err != nil || res.Stored != 2 || res.Duplicates != 1 {
			t.Fatalf("main append = %+v, %v; want 2 stored, 1 duplicate", res, err)
		}
		tail, err := s.Transcript(ctx, st.ID, sess.ID, "", 5, 10)
		if err != nil || len(tail) != 3 || tail[1].Seq != 7 || tail[1].SourceID != "main-6" || tail[2].Seq != 8 || tail[2].SourceID != "fork-0" {
			t.Fatalf("main tail = %+v, %v", tail, err)
		}
	})
}
