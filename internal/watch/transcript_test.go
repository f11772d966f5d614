package watch_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/internal/watch"
)

// sessionDump is what the steward's sessions hold, in a form two stores
// can be compared by: each session's facts, and each conversation's
// messages in order with what the import read into them.
func sessionDump(t *testing.T, st *store.Store, stewardID int64) string {
	t.Helper()
	ctx := context.Background()
	page, err := st.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range page.Sessions {
		full, err := st.Session(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		ended := ""
		if full.EndedAt != nil {
			ended = full.EndedAt.UTC().Format(time.RFC3339)
		}
		head := fmt.Sprintf("session %s/%s %q messages %d tokens %+v model %q branch %q project %+v %s – %s",
			full.Source, full.SourceRef, full.Title, full.MessageCount, full.Tokens, full.Assistant.ModelVersion, full.Branch, full.Project,
			full.StartedAt.UTC().Format(time.RFC3339), ended)
		convs, err := st.Conversations(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		key := map[string]string{}
		var lines []string
		for _, c := range convs {
			key[c.ID] = c.SourceRef
		}
		for _, c := range convs {
			parent := ""
			if c.ParentConversationID != nil {
				parent = key[*c.ParentConversationID]
			}
			lines = append(lines, fmt.Sprintf(" conv %s parent %q kind %s title %q", c.SourceRef, parent, c.Kind, c.Title))
		}
		msgs, err := st.SessionMessages(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			calls := ""
			for _, tc := range m.ToolCalls {
				calls += tc.Name + "(" + tc.ID + ") "
			}
			result := ""
			if m.ToolResult != nil {
				result = fmt.Sprintf("result of %s error %v", m.ToolResult.ToolUseID, m.ToolResult.IsError)
			}
			lines = append(lines, fmt.Sprintf(" %s #%05d %s %s %q thinking %q calls %s%s usage %+v at %s",
				key[m.ConversationID], m.Seq, m.SourceID, m.Role, m.Content, m.Thinking, calls, result, m.Usage, m.Timestamp.UTC().Format(time.RFC3339Nano)))
		}
		sort.Strings(lines) // conversations by key, messages by conversation and order
		out = append(out, head+"\n"+strings.Join(lines, "\n"))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// TestClaudeCodeByNewLinesGivesWhatImportGives writes Claude Code
// sessions (one with a subagent and a compaction agent) into a watched
// folder a few bytes at a time, cut anywhere (inside lines, between the
// blocks of one response), with passes between the writes — some after
// the agent has paused long enough for the session to settle — and
// compares what the watcher stored with an import of the finished files:
// the same sessions, conversations and messages. The watcher reads each
// byte the agent wrote once (it holds a partial line back, and reads only
// that again).
func TestClaudeCodeByNewLinesGivesWhatImportGives(t *testing.T) {
	src := "../ingest/claudecode/testdata/projects/-home-dev-shop"
	var files []string // relative to the project folder, the main ones first
	if err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
			rel, _ := filepath.Rel(src, p)
			files = append(files, rel)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool {
		return strings.Count(files[i], "/") < strings.Count(files[j], "/") || (strings.Count(files[i], "/") == strings.Count(files[j], "/") && files[i] < files[j])
	})
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			// Two stewards of one store: ada's sessions are watched,
			// bea's imported whole.
			st := storetest.Open(t, url)
			watched, whole := st, st
			ada, ada2 := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bea"}
			for _, s := range []*baton.Steward{ada, ada2} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			home := t.TempDir()
			project := filepath.Join(home, ".claude", "projects", "-home-dev-shop")
			var now time.Time
			w, err := watch.New(watch.Config{Folders: watch.DefaultFolders(home), ChunkBytes: 2048,
				Sink: watch.LocalSink{Importer: ingest.New(watched), Store: watched, StewardID: ada.ID},
				Now:  func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 11))
			written := int64(0)
			for _, rel := range files {
				data, err := os.ReadFile(filepath.Join(src, rel))
				if err != nil {
					t.Fatal(err)
				}
				dst := filepath.Join(project, rel)
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					t.Fatal(err)
				}
				f, err := os.Create(dst)
				if err != nil {
					t.Fatal(err)
				}
				for at, pass := 0, 0; at < len(data); pass++ {
					n := min(1+rng.IntN(1500), len(data)-at)
					if _, err := f.Write(data[at : at+n]); err != nil {
						t.Fatal(err)
					}
					at += n
					written += int64(n)
					// Mostly while the agent writes; every fifth pass after
					// it has paused (the session settles, then grows again).
					now = time.Now()
					if pass%5 == 4 {
						now = now.Add(time.Minute)
					}
					if _, err := w.Scan(ctx); err != nil {
						t.Fatal(err)
					}
				}
				f.Close()
			}
			now = time.Now().Add(time.Hour) // the agent has stopped
			for range 2 {
				if _, err := w.Scan(ctx); err != nil {
					t.Fatal(err)
				}
			}
			// The fixture's line 36 is a response cut off mid-line: reported
			// once, with its file and line; nothing else is.
			for _, f := range w.Files() {
				want := ""
				if strings.HasPrefix(filepath.Base(f.Path), "7f3c9a52") {
					want = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl:36: unexpected end of JSON input"
				}
				if f.Error != want {
					t.Errorf("%s: error %q, want %q", f.Path, f.Error, want)
				}
			}
			if _, err := ingest.New(whole).ImportPath(ctx, ada2.ID, filepath.Join(home, ".claude", "projects"), nil); err != nil {
				t.Fatal(err)
			}
			got, want := sessionDump(t, watched, ada.ID), sessionDump(t, whole, ada2.ID)
			if !strings.Contains(want, "agent-a1b2c3d") && !strings.Contains(want, "conv ") {
				t.Fatalf("the import stored no conversations:\n%s", want)
			}
			if got != want {
				t.Errorf("watched by new lines:\n%s\n\nimported whole:\n%s", got, want)
			}
			// Each byte once, but for partial lines read again once whole
			// and the first bytes a file is checked by.
			if read := w.BytesRead(); read > 3*written {
				t.Errorf("the watcher read %d bytes of %d written", read, written)
			}
		})
	}
}
