package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestHookBuildsLongSessionsInTheBackground: a request answers once its
// lines are kept, without waiting for a long session to be built; requests
// that pile up meanwhile (parallel hooks) are built in turn, and the
// SessionEnd leaves the session an import of the transcript would make.
// Builds are held until the answers are in, so the order does not depend
// on the machine's speed.
func TestHookBuildsLongSessionsInTheBackground(t *testing.T) {
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
			data := benchTranscript(t, 2<<20)
			const session = "5e55a0e1-0000-4000-8000-000000000001"
			send := func(i int, name string, chunk []byte, offset int64, wait time.Duration) *baton.HookResult {
				req := &baton.HookRequest{RequestID: fmt.Sprint("r", i), Event: json.RawMessage(`{"session_id":"` + session + `","hook_event_name":"` + name + `"}`)}
				if chunk != nil {
					req.Transcripts = []baton.TranscriptChunk{{Offset: offset, Lines: string(chunk)}}
				}
				res, err := im.Hooks().Receive(ctx, ada.ID, req, ingest.HookOptions{Wait: wait, LogError: func(err error) { t.Error(err) }})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			half := bytes.LastIndexByte(data[:len(data)/2], '\n') + 1
			release := im.Hooks().HoldBuilds()
			first := send(0, "PostToolUse", data[:half], 0, time.Millisecond)
			if first.SessionID != "" || first.Offsets[""] != int64(half) {
				t.Fatalf("the first answer is not what was received: %+v", first)
			}
			var wg sync.WaitGroup
			for i := 1; i <= 8; i++ {
				wg.Add(1)
				go func() { defer wg.Done(); send(i, "PreToolUse", nil, 0, time.Millisecond) }()
			}
			send(9, "PostToolUse", data[half:], int64(half), time.Millisecond)
			wg.Wait()
			release()
			end := send(10, "SessionEnd", nil, 0, 0)
			if err := im.Hooks().Wait(ctx); err != nil {
				t.Fatal(err)
			}
			if end.SessionID == "" {
				t.Fatal("no session after SessionEnd")
			}
			res, err := im.Import(ctx, other.ID, session+".jsonl", data, nil)
			if err != nil || len(res) != 1 {
				t.Fatal(res, err)
			}
			got, _ := st.SessionMessages(ctx, ada.ID, end.SessionID)
			want, _ := st.SessionMessages(ctx, other.ID, res[0].SessionID)
			if len(got) != len(want) || len(want) < 1000 {
				t.Fatalf("hooked %d messages, imported %d", len(got), len(want))
			}
			for i := range want {
				if got[i].SourceID != want[i].SourceID || got[i].Content != want[i].Content || len(got[i].ToolCalls) != len(want[i].ToolCalls) {
					t.Fatalf("message %d: hooked %s %q, imported %s %q", i, got[i].SourceID, got[i].Content, want[i].SourceID, want[i].Content)
				}
			}
			sess, _ := st.Session(ctx, ada.ID, end.SessionID)
			if sess.EndedAt == nil {
				t.Fatal("not closed")
			}
		})
	}
}
