package ingest_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// An import analyses the new session from the messages it has just
// written, without reading them back: the analysis it stores is the one
// reading them back gives (AnalyzeSession), for every field.
func TestImportAnalysesAsReadingBackWould(t *testing.T) {
	data, err := os.ReadFile("claudecode/testdata/projects/-home-dev-shop/7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			ada := newSteward(t, st)
			im := ingest.New(st)
			im.Analysis().SetClock(func() time.Time { return time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC) })
			res, err := im.Import(ctx, ada.ID, filepath.Base("7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl"), data, nil)
			if err != nil || len(res) != 1 || res[0].SessionID == "" {
				t.Fatalf("import = %+v, %v", res, err)
			}
			id := res[0].SessionID
			snapshot := func() string {
				sess, err := st.Session(ctx, ada.ID, id)
				if err != nil {
					t.Fatal(err)
				}
				stored, ok, err := im.Analysis().ForSession(ctx, ada.ID, id)
				if err != nil || !ok {
					t.Fatalf("analysis = %v, %v", ok, err)
				}
				sess.UpdatedAt = time.Time{}
				b, _ := json.Marshal([]any{sess, stored})
				return string(b)
			}
			imported := snapshot()
			if err := im.Analysis().AnalyzeSession(ctx, ada.ID, id); err != nil {
				t.Fatal(err)
			}
			if again := snapshot(); again != imported {
				t.Fatalf("analysis at import:\n%s\nread back:\n%s", imported, again)
			}
		})
	}
}
