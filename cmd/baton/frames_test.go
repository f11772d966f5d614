package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFramesCommands remembers, recalls, lists, exports and re-imports
// frames through the CLI, and `baton import` recognises a Lex frame file.
func TestFramesCommands(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(dir, "b.db")}
	env := func(k string) string { return vars[k] }
	pw := filepath.Join(dir, "pw")
	os.WriteFile(pw, []byte("a long enough password\n"), 0o600)
	ctx := context.Background()
	baton := func(args ...string) (string, error) {
		var out strings.Builder
		err := run(ctx, args, env, strings.NewReader(""), &out, io.Discard)
		return out.String(), err
	}
	if _, err := baton("steward", "add", "ada", "--password-file", pw); err != nil {
		t.Fatal(err)
	}
	out, err := baton("frames", "remember", "--summary", "Fixed the FTS5 hyphen bug", "--next", "Add regression tests",
		"--modules", "memory/store,cli", "--keywords", "recall,senior-dev", "--jira", "AUTH-456", "--branch", "fix/recall",
		"--id", "f-cli-1", "--timestamp", "2025-11-28T10:15:00+01:00", "--tool-calls", "frame_create", "--json")
	var remembered struct {
		Status string
		Frame  map[string]any
	}
	if err != nil || json.Unmarshal([]byte(out), &remembered) != nil || remembered.Status != "created" || remembered.Frame["jira"] != "AUTH-456" {
		t.Fatalf("remember = %q, %v", out, err)
	}
	if _, err := baton("frames", "remember", "--summary", "no next action", "--modules", "cli"); err == nil || !strings.Contains(err.Error(), "status_snapshot.next_action") {
		t.Fatalf("remember without --next: %v", err)
	}
	// Flags after the query; the query is ticket id and hyphenated word.
	out, err = baton("frames", "recall", "auth-456", "senior-dev", "--module", "memory/store", "--json")
	var rec struct {
		Count int
		Hits  []struct{ Frame struct{ ID string } }
	}
	if err != nil || json.Unmarshal([]byte(out), &rec) != nil || rec.Count != 1 || rec.Hits[0].Frame.ID != "f-cli-1" {
		t.Fatalf("recall = %q, %v", out, err)
	}
	if out, err = baton("frames", "recall", "--", "---", "OR"); err != nil || !strings.Contains(out, "no words") {
		t.Fatalf("recall of punctuation = %q, %v", out, err)
	}
	if out, err = baton("frames", "timeline", "fix/recall"); err != nil || !strings.Contains(out, "Fixed the FTS5 hyphen bug") || !strings.Contains(out, "1 frames") {
		t.Fatalf("timeline = %q, %v", out, err)
	}
	export := filepath.Join(dir, "frames.ndjson")
	if out, err = baton("frames", "export", "--out", export); err != nil || !strings.Contains(out, "1 frames written") {
		t.Fatalf("export = %q, %v", out, err)
	}
	// A Lex export folder: one frame file and the NDJSON, through `baton import`.
	lexDir := filepath.Join(dir, "frames.export", "2025-12-01")
	os.MkdirAll(lexDir, 0o755)
	lexFrame := `{"id":"f-lex-9","timestamp":"2025-12-01T14:00:00Z","branch":"integration","module_scope":["PR-101"],` +
		`"summary_caption":"Merged 3 PRs via merge-weave","reference_point":"merge-weave-2025-12-01","status_snapshot":{"next_action":"Run e2e"},` +
		`"capabilityTier":"mid"}`
	os.WriteFile(filepath.Join(lexDir, "frame-f-lex-9.json"), []byte(lexFrame), 0o600)
	if out, err = baton("import", filepath.Join(lexDir, "frame-f-lex-9.json")); err != nil || !strings.Contains(out, "frame f-lex-9\tstored") {
		t.Fatalf("baton import of a frame file = %q, %v", out, err)
	}
	if out, err = baton("frames", "import", filepath.Join(dir, "frames.export"), export); err != nil ||
		!strings.Contains(out, "0 created, 1 duplicates, 0 invalid") {
		t.Fatalf("frames import = %q, %v", out, err)
	}
	out, err = baton("frames", "export", "--format", "json", "--branch", "integration")
	if err != nil || strings.TrimSpace(out) != "["+lexFrame+"]" {
		t.Fatalf("export of the Lex frame = %q, %v", out, err)
	}
}

// TestFramesCommandsRoundTripLexExportFolder imports the folder Lex 4.0.0's
// `lex frames export` wrote (internal/frames/testdata: a dated folder of
// frame-<id>.json files) with `baton frames import`, and exports it back
// with --format files: the same files, byte for byte; --format ndjson
// gives Lex's `--format ndjson` of the same store.
func TestFramesCommandsRoundTripLexExportFolder(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(dir, "b.db")}
	env := func(k string) string { return vars[k] }
	pw := filepath.Join(dir, "pw")
	os.WriteFile(pw, []byte("a long enough password\n"), 0o600)
	baton := func(args ...string) (string, error) {
		var out strings.Builder
		err := run(context.Background(), args, env, strings.NewReader(""), &out, io.Discard)
		return out.String(), err
	}
	if _, err := baton("steward", "add", "ada", "--password-file", pw); err != nil {
		t.Fatal(err)
	}
	lexDir := "../../internal/frames/testdata/lex-export"
	out, err := baton("frames", "import", lexDir)
	if err != nil || strings.Count(out, "1 created, 0 duplicates, 0 invalid") != 5 {
		t.Fatalf("frames import of Lex's folder = %q, %v", out, err)
	}
	exported := filepath.Join(dir, "export")
	if out, err = baton("frames", "export", "--format", "files", "--out", exported); err != nil || !strings.Contains(out, "5 frames written") {
		t.Fatalf("export --format files = %q, %v", out, err)
	}
	lexFiles, _ := filepath.Glob(filepath.Join(lexDir, "*", "frame-*.json"))
	ours, _ := filepath.Glob(filepath.Join(exported, "frame-*.json"))
	if len(lexFiles) != 5 || len(ours) != 5 {
		t.Fatalf("Lex wrote %d files, Baton %d", len(lexFiles), len(ours))
	}
	for _, lf := range lexFiles {
		want, _ := os.ReadFile(lf)
		got, err := os.ReadFile(filepath.Join(exported, filepath.Base(lf)))
		if err != nil || string(got) != string(want) {
			t.Fatalf("%s:\n%s\nLex's:\n%s (%v)", filepath.Base(lf), got, want, err)
		}
	}
	want, _ := os.ReadFile("../../internal/frames/testdata/lex-export-ndjson/2026-11-26/frames.ndjson")
	if out, err = baton("frames", "export", "--format", "ndjson"); err != nil || out != string(want) {
		t.Fatalf("export --format ndjson:\n%s\nLex's:\n%s (%v)", out, want, err)
	}
	if _, err = baton("frames", "export", "--format", "files"); err == nil || !strings.Contains(err.Error(), "--out FOLDER") {
		t.Fatalf("--format files without --out: %v", err)
	}
	// A frame made from flags is written as Lex writes one: its fields in
	// Lex's order, & < > as they are, the offset time in UTC.
	if _, err = baton("frames", "remember", "--summary", "Baton-made & <b>", "--next", "Lex reads it", "--modules", "cli",
		"--branch", "main", "--id", "f-baton-1", "--timestamp", "2025-11-28T10:15:00+01:00"); err != nil {
		t.Fatal(err)
	}
	if out, err = baton("frames", "export", "--format", "files", "--out", exported, "--branch", "main", "--since", "2025-11-28T00:00:00Z"); err != nil {
		t.Fatalf("export = %q, %v", out, err)
	}
	got, _ := os.ReadFile(filepath.Join(exported, "frame-f-baton-1.json"))
	if want := "{\n  \"id\": \"f-baton-1\",\n  \"timestamp\": \"2025-11-28T09:15:00Z\",\n  \"branch\": \"main\",\n  \"module_scope\": [\n    \"cli\"\n  ],\n" +
		"  \"summary_caption\": \"Baton-made & <b>\",\n  \"reference_point\": \"Baton-made & <b>\",\n  \"status_snapshot\": {\n    \"next_action\": \"Lex reads it\"\n  }\n}"; string(got) != want {
		t.Fatalf("Baton's frame as Lex's file:\n%s\nwant\n%s", got, want)
	}
}
