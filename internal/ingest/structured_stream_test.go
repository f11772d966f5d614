package ingest_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/ingest/structured"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// sessionsOf counts a steward's sessions and every staged (importing) one.
func sessionsOf(t *testing.T, st *store.Store, stewardID int64) (listed, staged int) {
	t.Helper()
	page, err := st.ListSessions(context.Background(), stewardID, baton.SessionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.DB().NewRaw("SELECT count(*) FROM sessions WHERE steward_id = ?", store.StagingStewardID).
		Scan(context.Background(), &staged); err != nil {
		t.Fatal(err)
	}
	return len(page.Sessions), staged
}

// A large structured document is read and written a chunk at a time and
// stores the session (messages, analysis) a whole-document import stores;
// a document broken late — a rule of the format at message 2,400, or a
// rule of the store found after two chunks were written — is rejected
// naming the message and field, and leaves no session behind.
func TestLargeStructuredImportStreamsAndFailsWhole(t *testing.T) {
	const n = 2500 // two and a half chunks
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			im.Analysis().SetClock(func() time.Time { return time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC) })
			ada := newSteward(t, st)
			bob := &baton.Steward{Username: "bob"}
			if err := st.CreateSteward(ctx, bob); err != nil {
				t.Fatal(err)
			}
			data := bigStructured(n)

			streamed, err := im.ImportStructured(ctx, ada.ID, data, nil)
			if err != nil || len(streamed) != 1 || streamed[0].Status != baton.ImportStored || streamed[0].Messages != n {
				t.Fatalf("import = %+v, %v", streamed, err)
			}
			docs, err := structured.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := im.Documents(ctx, bob.ID, []baton.ImportDocument{structured.ToImport(&docs[0])}, nil)
			if err != nil || len(whole) != 1 || whole[0].Status != baton.ImportStored {
				t.Fatalf("whole import = %+v, %v", whole, err)
			}
			a, _ := st.Session(ctx, ada.ID, streamed[0].SessionID)
			b, _ := st.Session(ctx, bob.ID, whole[0].SessionID)
			if a.QualityScore == nil || b.QualityScore == nil || *a.QualityScore != *b.QualityScore {
				t.Fatalf("quality: streamed %v, whole %v", a.QualityScore, b.QualityScore)
			}
			for _, s := range []*baton.Session{a, b} {
				s.ID, s.StewardID, s.Steward.ID, s.QualityScore = "", 0, "", nil
				s.CreatedAt, s.UpdatedAt = time.Time{}, time.Time{}
			}
			if fmt.Sprintf("%+v", a) != fmt.Sprintf("%+v", b) {
				t.Fatalf("streamed session\n%+v\nwhole\n%+v", a, b)
			}
			ma, _ := st.SessionMessages(ctx, ada.ID, streamed[0].SessionID)
			mb, _ := st.SessionMessages(ctx, bob.ID, whole[0].SessionID)
			if len(ma) != n || len(mb) != n {
				t.Fatalf("messages: %d streamed, %d whole", len(ma), len(mb))
			}
			for i := range ma {
				if ma[i].Content != mb[i].Content || ma[i].SourceID != mb[i].SourceID || ma[i].Role != mb[i].Role ||
					fmt.Sprint(ma[i].Semantic) != fmt.Sprint(mb[i].Semantic) {
					t.Fatalf("message %d: streamed %+v, whole %+v", i, ma[i], mb[i])
				}
			}

			for _, tt := range []struct {
				name, from, to, want string
			}{
				{"a speaker not in the people list", `"speaker":"ada","content":"Message 2400:`, `"speaker":"eve","content":"Message 2400:`,
					"message 2400: speaker 'eve' must be included in the people list"},
				{"content over the store's limit", `"content":"Message 2400:`, `"content":"` + strings.Repeat("x", baton.MaxContentBytes) + `Message 2400:`,
					fmt.Sprintf("conversation main message[2400].content is %d bytes; the limit is %d", baton.MaxContentBytes+209, baton.MaxContentBytes)},
			} {
				t.Run(tt.name, func(t *testing.T) {
					bad := bytes.Replace(bigStructured(n), []byte(tt.from), []byte(tt.to), 1)
					bad = bytes.Replace(bad, []byte(`"id":"big-1"`), []byte(`"id":"big-2"`), 1)
					res, err := im.ImportStructured(ctx, ada.ID, bad, nil)
					if err != nil || len(res) != 1 || res[0].Status != baton.ImportRejected || res[0].Error != tt.want {
						t.Fatalf("import = %+v, %v; want rejected with %q", res, err, tt.want)
					}
					if listed, staged := sessionsOf(t, st, ada.ID); listed != 1 || staged != 0 {
						t.Fatalf("after the rejected import: %d sessions listed, %d staged; want 1 and 0", listed, staged)
					}
				})
			}
		})
	}
}
