package ingest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// A folder of Claude Code transcripts is parsed a session ahead of the
// writes: every transcript still comes back in order, each under its own
// name, a file that cannot be parsed (an empty one, in the middle) is
// rejected by name, and every other one is a session with all its
// messages.
func TestImportPathClaudeCodeFolderInOrder(t *testing.T) {
	data := benchTranscript(t, 64<<10)
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			steward := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, steward); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "-home-ada-shop")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			var names []string
			for i := range 5 {
				name := fmt.Sprintf("%08x-0000-4000-8000-000000000000.jsonl", i+1)
				content := data
				if i == 2 {
					content = nil
				}
				if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
					t.Fatal(err)
				}
				names = append(names, name)
			}
			var done []string
			res, err := ingest.New(st).ImportPath(ctx, steward.ID, dir, func(p baton.ImportProgress) {
				if p.Current != "" {
					done = append(done, filepath.Base(p.Current))
				}
			})
			if err != nil || len(res) != len(names) {
				t.Fatalf("import: %+v, %v", res, err)
			}
			want := -1
			for i, r := range res {
				if r.Key != names[i] || filepath.Base(done[i]) != names[i] {
					t.Errorf("result %d is %q (progress %q), want %q", i, r.Key, done[i], names[i])
				}
				switch {
				case i == 2 && r.Status != baton.ImportRejected:
					t.Errorf("the empty transcript: %+v, want rejected", r)
				case i != 2 && r.Status != baton.ImportStored:
					t.Errorf("transcript %d: %+v, want stored", i, r)
				case i != 2 && want < 0:
					want = r.Messages
				case i != 2 && r.Messages != want:
					t.Errorf("transcript %d stored %d messages, the first %d", i, r.Messages, want)
				}
			}
			page, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 10})
			if err != nil || len(page.Sessions) != 4 {
				t.Fatalf("sessions: %d, %v; want 4", len(page.Sessions), err)
			}
			for _, s := range page.Sessions {
				if s.MessageCount != want || s.QualityScore == nil {
					t.Errorf("session %s: %d messages (want %d), analysed %v", s.ID, s.MessageCount, want, s.QualityScore != nil)
				}
			}
		})
	}
}
