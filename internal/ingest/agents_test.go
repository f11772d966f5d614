package ingest_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// copyFile copies a test file into place, making its folder.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func sessionsBySource(t *testing.T, st *store.Store, stewardID int64, source string) []*baton.Session {
	t.Helper()
	page, err := st.ListSessions(context.Background(), stewardID, baton.SessionFilter{Source: source, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []*baton.Session
	for _, s := range page.Sessions {
		if s.Source == source {
			out = append(out, s)
		}
	}
	return out
}

// TestAgentFoldersImport imports a home folder laid out as Codex CLI and
// Gemini CLI lay theirs out: every transcript is found at its depth, the
// prompts-only log of a session with a chat recording is left out, and a
// second import finds everything already there.
func TestAgentFoldersImport(t *testing.T) {
	home := t.TempDir()
	copyFile(t, "codex/testdata/tools.jsonl", filepath.Join(home, ".codex/sessions/2025/11/02/rollout-2025-11-02T09-00-00-0199a1b2.jsonl"))
	copyFile(t, "codex/testdata/legacy.jsonl", filepath.Join(home, ".codex/sessions/rollout-2025-05-14-5b6a1c2e.jsonl"))
	for _, f := range []string{"chats/session-2025-10-18T14-57-a1b2c3d4.json", "logs.json", "checkpoint-refactor.json"} {
		copyFile(t, filepath.Join("gemini/testdata/tmp/7f3e9a", f), filepath.Join(home, ".gemini/tmp/7f3e9a", f))
	}
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)

			res, err := im.ImportPath(ctx, steward.ID, filepath.Join(home, ".codex"), nil)
			if err != nil || len(res) != 2 {
				t.Fatalf("codex folder: %+v, %v", res, err)
			}
			for _, r := range res {
				if r.Status != baton.ImportStored {
					t.Errorf("codex %s: %+v", r.Key, r)
				}
			}
			res, err = im.ImportPath(ctx, steward.ID, filepath.Join(home, ".gemini"), nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range res {
				got = append(got, r.Key+"="+r.Status)
			}
			sort.Strings(got)
			want := []string{
				"tmp/7f3e9a/chats/session-2025-10-18T14-57-a1b2c3d4.json=stored",
				"tmp/7f3e9a/checkpoint-refactor.json=stored",
				"tmp/7f3e9a/logs.json: session 0d9c8b7a-0000-4000-8000-00000000cafe=stored", // only the session without a recording
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gemini results\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if n := len(sessionsBySource(t, st, steward.ID, "gemini-cli")); n != 3 {
				t.Errorf("%d Gemini sessions, want the chat, the checkpoint and one prompts-only session", n)
			}
			codexSessions := sessionsBySource(t, st, steward.ID, "codex-cli")
			if len(codexSessions) != 2 {
				t.Fatalf("%d Codex sessions", len(codexSessions))
			}
			// Again: nothing new.
			res, err = im.ImportPath(ctx, steward.ID, home, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res {
				if r.Status != baton.ImportDuplicate {
					t.Errorf("second import %s: %+v", r.Key, r)
				}
			}
		})
	}
}

// TestGrownRolloutAddsOnlyNewLines imports a rollout Codex was still
// writing, then the whole file: only the new messages are added and the
// session ends as a fresh import of the whole file would.
func TestGrownRolloutAddsOnlyNewLines(t *testing.T) {
	full, err := os.ReadFile("codex/testdata/tools.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(full), "\n")
	part := strings.Join(lines[:9], "") // up to the first tool output
	name := "rollout-2025-11-02T09-00-00-0199a1b2.jsonl"
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)
			first, err := im.Import(ctx, steward.ID, name, []byte(part), nil)
			if err != nil || first[0].Status != baton.ImportStored {
				t.Fatalf("partial: %+v, %v", first, err)
			}
			second, err := im.Import(ctx, steward.ID, name, full, nil)
			if err != nil || second[0].Status != baton.ImportUpdated || second[0].SessionID != first[0].SessionID {
				t.Fatalf("grown: %+v, %v", second, err)
			}
			stored, err := st.SessionMessages(ctx, steward.ID, first[0].SessionID)
			if err != nil || first[0].Messages+second[0].Messages != len(stored) {
				t.Errorf("stored %d then added %d; the session holds %d (%v)", first[0].Messages, second[0].Messages, len(stored), err)
			}
			other := &baton.Steward{Username: "bea"}
			if err := st.CreateSteward(ctx, other); err != nil {
				t.Fatal(err)
			}
			fresh, err := im.Import(ctx, other.ID, name, full, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, errA := st.Session(ctx, steward.ID, first[0].SessionID)
			b, errB := st.Session(ctx, other.ID, fresh[0].SessionID)
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			if a.MessageCount != b.MessageCount || a.Title != b.Title || a.Tokens.Total != b.Tokens.Total || a.Tokens.Total != 31610 || !a.EndedAt.Equal(*b.EndedAt) {
				t.Errorf("grown session %+v\nfresh import %+v", a, b)
			}
		})
	}
}
