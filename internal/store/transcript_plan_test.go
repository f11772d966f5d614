package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// On PostgreSQL a transcript page's read of a range of messages is planned
// with its values every time, never kept as a prepared statement: after
// five runs the server may give a prepared statement one generic plan, and
// for this read that plan could be to read and sort the whole conversation
// (readBoundPlannedEach).
func TestTranscriptReadIsNotAPreparedStatementOnPostgres(t *testing.T) {
	if os.Getenv("BATON_TEST_POSTGRES_URL") == "" {
		t.Skip("PostgreSQL only: BATON_TEST_POSTGRES_URL is not set")
	}
	s := storetest.Open(t, storetest.Databases(t)[store.Postgres])
	// One connection: the prepared statements are a connection's own.
	s.DB().DB.SetMaxOpenConns(1)
	ctx := context.Background()
	st := mustSteward(t, s, "ada")
	sess := mustSession(t, s, st.ID, &baton.Session{})
	if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", msgs(30, "a", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))); err != nil {
		t.Fatal(err)
	}
	conv, err := s.Conversation(ctx, st.ID, sess.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	for after := int64(0); after < 30; after += 3 {
		page, err := s.TranscriptShownOf(ctx, st.ID, conv, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) != 3 || page[0].Seq != after+1 {
			t.Fatalf("page after %d: %d messages from %d", after, len(page), page[0].Seq)
		}
	}
	var prepared []string
	if err := s.DB().NewRaw(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%FROM "messages" AS "message" WHERE conversation_id = $1%' AND statement NOT LIKE '%pg_prepared_statements%'`).Scan(ctx, &prepared); err != nil {
		t.Fatal(err)
	}
	if len(prepared) != 0 {
		t.Errorf("the transcript read is a prepared statement: %q", prepared)
	}
}
