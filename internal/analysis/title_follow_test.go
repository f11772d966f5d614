package analysis_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestTitleFollowsTheTranscript: the title the analysis writes follows the
// transcript as it grows and is imported again, until the steward corrects
// it; a title the steward gave in Claude Code (/rename) is never rewritten.
func TestTitleFollowsTheTranscript(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "titles.db"))
	steward := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	im := ingest.New(st)
	file := filepath.Join(t.TempDir(), "follow.jsonl")
	turns := [][]any{{"u", "hi"}, {"a", "Hello! What are we working on today?"}}
	importTurns := func(extra ...[]any) *baton.Session {
		t.Helper()
		turns = append(turns, extra...)
		s := evalSession{ID: "follow"}
		for _, turn := range turns {
			raw, err := json.Marshal(turn)
			if err != nil {
				t.Fatal(err)
			}
			s.Turns = append(s.Turns, raw)
		}
		if err := os.WriteFile(file, s.transcript(t), 0o644); err != nil {
			t.Fatal(err)
		}
		results, err := im.ImportPath(ctx, steward.ID, file, nil)
		if err != nil || len(results) == 0 {
			t.Fatalf("import: %+v, %v", results, err)
		}
		sess, err := st.Session(ctx, steward.ID, results[0].SessionID)
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}

	first := importTurns()
	if strings.Contains(strings.ToLower(first.Title), "startup") {
		t.Fatalf("title %q before the subject was stated", first.Title)
	}
	grown := importTurns(
		[]any{"u", "The CLI waits a few hundred milliseconds before the prompt returns. Can you trace the startup delay?"},
		[]any{"a", "I'll add runtime tracing around the startup path to find where the startup delay comes from."})
	if grown.ID != first.ID {
		t.Fatalf("the grown transcript made another session (%s, then %s)", first.ID, grown.ID)
	}
	if !strings.Contains(strings.ToLower(grown.Title), "startup") {
		t.Fatalf("title after the transcript grew = %q, want the subject it states (startup)", grown.Title)
	}

	fixed := "Startup tracing notes"
	if _, _, err := st.CorrectSession(ctx, steward.ID, grown.ID, &baton.SessionEdit{Title: &fixed}); err != nil {
		t.Fatal(err)
	}
	again := importTurns(
		[]any{"u", "Now write the release notes for the telemetry change instead"},
		[]any{"a", "Here are the release notes for the telemetry change."})
	if again.Title != fixed {
		t.Fatalf("title after a correction and a re-import = %q, want the steward's %q", again.Title, fixed)
	}
}

// TestTitleKeepsClaudeCodesOwn: a title the steward gave the session in
// Claude Code is theirs, and the analysis leaves it alone.
func TestTitleKeepsClaudeCodesOwn(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "titles.db"))
	steward := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	s := evalSession{ID: "renamed"}
	for _, turn := range [][]any{{"u", "can you add a standard MIT license?"}, {"a", "I added an MIT LICENSE file."}} {
		raw, _ := json.Marshal(turn)
		s.Turns = append(s.Turns, raw)
	}
	data := append(s.transcript(t), []byte(`{"type":"custom-title","customTitle":"licence chores","sessionId":"eval-renamed"}`+"\n")...)
	file := filepath.Join(t.TempDir(), "renamed.jsonl")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	results, err := ingest.New(st).ImportPath(ctx, steward.ID, file, nil)
	if err != nil || len(results) == 0 {
		t.Fatalf("import: %+v, %v", results, err)
	}
	sess, err := st.Session(ctx, steward.ID, results[0].SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if sess.Title != "licence chores" {
		t.Fatalf("title = %q, want the steward's own name for the session", sess.Title)
	}
}
