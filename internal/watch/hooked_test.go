package watch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
)

// TestHookedAndWatchedSessionIsOne: Claude Code's hooks record the first
// half of a session live; the watcher then finds its transcript, grown to
// the end, in ~/.claude/projects. The steward has one session, with each
// message once — the messages an import of the whole transcript makes.
func TestHookedAndWatchedSessionIsOne(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			ada, other := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "other"}
			for _, s := range []*baton.Steward{ada, other} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			const session = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"
			data, err := os.ReadFile("../ingest/claudecode/testdata/projects/-home-dev-shop/" + session + ".jsonl")
			if err != nil {
				t.Fatal(err)
			}
			home := t.TempDir()
			path := filepath.Join(home, ".claude", "projects", "-home-dev-shop", session+".jsonl")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			half := bytes.LastIndexByte(data[:len(data)/2], '\n') + 1
			if err := os.WriteFile(path, data[:half], 0o644); err != nil {
				t.Fatal(err)
			}
			event, _ := json.Marshal(map[string]string{"session_id": session, "hook_event_name": "Stop", "transcript_path": path, "cwd": "/home/dev/shop"})
			hooked, err := im.Hooks().Receive(ctx, ada.ID, &baton.HookRequest{RequestID: "stop-1", Event: event,
				Transcripts: []baton.TranscriptChunk{{Lines: string(data[:half])}}}, ingest.HookOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := im.Hooks().Wait(ctx); err != nil {
				t.Fatal(err)
			}
			if hooked.SessionID == "" {
				t.Fatal("the hook made no session")
			}
			// The session goes on unhooked; the watcher reads the transcript.
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), Sink: watch.LocalSink{Importer: im, Store: st, StewardID: ada.ID}})
			if err != nil {
				t.Fatal(err)
			}
			if res, err := w.Scan(ctx); err != nil || res.Imported != 1 {
				t.Fatalf("pass %+v, %v", res, err)
			}
			page, err := st.ListSessions(ctx, ada.ID, baton.SessionFilter{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Sessions) != 1 || page.Sessions[0].ID != hooked.SessionID {
				t.Fatalf("%d sessions, want the hooked one alone", len(page.Sessions))
			}
			files := w.Files()
			if len(files) != 1 || len(files[0].SessionIDs) != 1 || files[0].SessionIDs[0] != hooked.SessionID {
				t.Errorf("the watched file names sessions %+v, want the hooked one", files)
			}
			whole, err := im.Import(ctx, other.ID, session+".jsonl", data, nil)
			if err != nil || len(whole) != 1 {
				t.Fatal(whole, err)
			}
			got, _ := st.SessionMessages(ctx, ada.ID, hooked.SessionID)
			want, _ := st.SessionMessages(ctx, other.ID, whole[0].SessionID)
			if len(got) != len(want) || len(want) < 10 {
				t.Fatalf("hooked and watched %d messages; an import of the transcript makes %d", len(got), len(want))
			}
			seen := map[string]bool{}
			for i := range want {
				if seen[got[i].SourceID] {
					t.Errorf("message %s stored twice", got[i].SourceID)
				}
				seen[got[i].SourceID] = true
				if got[i].SourceID != want[i].SourceID || got[i].Content != want[i].Content {
					t.Errorf("message %d: %s %q, want %s %q", i, got[i].SourceID, got[i].Content, want[i].SourceID, want[i].Content)
				}
			}
		})
	}
}
