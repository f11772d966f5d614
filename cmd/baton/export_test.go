package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/store"
)

// TestExportMarkdown writes the per-steward tree of Markdown files.
func TestExportMarkdown(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "baton.db")
	env := func(k string) string {
		if k == "BATON_DATABASE_URL" {
			return dbURL
		}
		return ""
	}
	ctx := context.Background()
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("a long enough password\n"), 0o600)
	if err := run(ctx, []string{"steward", "add", "ada", "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	ada, _ := st.StewardByUsername(ctx, "ada")
	sess, msgs := continuitytest.CodingSession()
	res, err := st.Import(ctx, ada.ID, &baton.ImportDocument{Key: "k", Session: sess, Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := continuity.New(st, analysis.NewService(st)).Finalize(ctx, ada.ID, res.SessionID, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()

	dir := t.TempDir()
	var out strings.Builder
	if err := run(ctx, []string{"export", "markdown", dir}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	session, err := os.ReadFile(filepath.Join(dir, "users", "ada", "sessions", "2026-03-10_140000.md"))
	if err != nil {
		t.Fatalf("%v (printed %q)", err, out.String())
	}
	for _, want := range []string{"# Rate-limit the Stripe webhook\n", "- Started: 2026-03-10T14:00:00Z", "## Handoff from Rate-limit the Stripe webhook",
		"1. [blocked] Resolve the failing go vet ./..."} {
		if !strings.Contains(string(session), want) {
			t.Errorf("session file lacks %q:\n%s", want, session)
		}
	}
	summary, err := os.ReadFile(filepath.Join(dir, "users", "ada", "cross_conversational_summary.md"))
	if err != nil || !strings.HasPrefix(string(summary), "# Cross-Conversational Context\n") || !strings.Contains(string(summary), "*Summary of last 1 conversations | Updated: ") {
		t.Errorf("summary file = %q (%v)", summary, err)
	}
	if err := run(ctx, []string{"export", "json", dir}, env, nil, io.Discard, io.Discard); err == nil {
		t.Error("export json is not refused")
	}
}
