package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// An append that meets its statements for the first time while every
// other connection of the pool is taken still finishes: it prepares them
// on its own transaction's connection. Preparing through the pool, holding
// the write lock, waited for a connection that the writers queued behind
// that lock held, and the server stood still until the busy timeout.
func TestFirstAppendWithThePoolTaken(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open("sqlite:" + filepath.Join(t.TempDir(), "pool.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.MigrateUp(ctx); err != nil {
		t.Fatal(err)
	}
	st := mustSteward(t, s, "pool")
	sess := mustSession(t, s, st.ID, &baton.Session{Title: "pool"})

	// Take every connection but one (the pool holds 8).
	var held []*sql.Conn
	for range 7 {
		c, err := s.DB().DB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()

	done := make(chan error, 1)
	go func() {
		_, err := s.AppendMessages(ctx, st.ID, sess.ID, "", []*baton.Message{
			{Role: baton.RoleSteward, Content: "first", SourceID: "1"},
			{Role: baton.RoleAssistant, Content: "second", SourceID: "2"},
		})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // a hang, not a time budget
		t.Fatal("the append waited for a connection of the pool it had taken")
	}
	if n, err := s.TranscriptLength(ctx, st.ID, sess.ID, ""); err != nil || n != 2 {
		t.Fatalf("%d messages stored (%v), want 2", n, err)
	}
}
