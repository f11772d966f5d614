package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestHookWithoutTranscriptBuildsFromEvents: hooks whose transcript cannot
// be read still make the session, from the prompts, and say why the
// transcript is missing; when the transcript can be read later, a prompt it
// has becomes its message (no duplicate) and a prompt only the hooks saw
// stays.
func TestHookWithoutTranscriptBuildsFromEvents(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			ada := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, ada); err != nil {
				t.Fatal(err)
			}
			const session = "0b5e55ed-0000-4000-8000-0000000000aa"
			const first, second = "Why does the nightly export stop at 2 GB?", "Also check the retry loop."
			send := func(id, name, prompt, transcriptErr, lines string) *baton.HookResult {
				ev, _ := json.Marshal(map[string]string{"session_id": session, "hook_event_name": name, "prompt": prompt,
					"transcript_path": "/home/dev/.claude/projects/x/" + session + ".jsonl"})
				req := &baton.HookRequest{RequestID: id, Event: ev, TranscriptError: transcriptErr}
				if lines != "" {
					req.Transcripts = []baton.TranscriptChunk{{Lines: lines}}
				}
				res, err := im.Hooks().Receive(ctx, ada.ID, req, ingest.HookOptions{LogError: func(err error) { t.Error(err) }})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			const denied = "open /home/dev/.claude/projects/x/" + session + ".jsonl: permission denied"
			send("r0", "SessionStart", "", denied, "")
			res := send("r1", "UserPromptSubmit", first, denied, "")
			if res.SessionID == "" {
				t.Fatal("no session from the events")
			}
			send("r2", "UserPromptSubmit", second, denied, "")
			msgs, err := st.SessionMessages(ctx, ada.ID, res.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			if len(msgs) != 2 || msgs[0].Content != first || msgs[1].Content != second || msgs[0].Role != baton.RoleSteward {
				t.Fatalf("messages from the events: %+v", msgs)
			}
			sess, err := st.Session(ctx, ada.ID, res.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			if got := transcriptError(sess); !strings.Contains(got, "permission denied") {
				t.Fatalf("hook state transcript_error = %q; attributes %v", got, sess.Attributes["hook"])
			}
			// The title written from the first prompt is Baton's, which
			// the session's analysis may rewrite.
			if sess.Attributes[analysis.TitleSourceKey] != analysis.TitleFromPrompt {
				t.Errorf("title %q not marked as written from a prompt: %v", sess.Title, sess.Attributes)
			}

			// The transcript can be read now; it has the first prompt only.
			transcript := fmt.Sprintf(`{"type":"user","uuid":"u-1","sessionId":%[1]q,"timestamp":"2026-11-23T10:00:00Z","message":{"role":"user","content":%[2]q}}
{"type":"assistant","uuid":"a-1","parentUuid":"u-1","sessionId":%[1]q,"timestamp":"2026-11-23T10:00:05Z","message":{"id":"msg_1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"The writer caps each part at 2 GB."}],"stop_reason":"end_turn"}}
`, session, first)
			send("r3", "Stop", "", "", transcript)
			if err := im.Hooks().Wait(ctx); err != nil {
				t.Fatal(err)
			}
			msgs, err = st.SessionMessages(ctx, ada.ID, res.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			bySource := map[string]string{}
			for _, m := range msgs {
				count[m.Content]++
				bySource[m.SourceID] = m.Content
			}
			if count[first] != 1 || bySource["u-1"] != first {
				t.Errorf("the prompt the transcript has: %d copies, u-1 = %q", count[first], bySource["u-1"])
			}
			if count[second] != 1 {
				t.Errorf("the prompt only the hooks saw: %d copies", count[second])
			}
			if len(msgs) != 3 {
				t.Errorf("%d messages after the transcript, want 3: %+v", len(msgs), msgs)
			}
			sess, _ = st.Session(ctx, ada.ID, res.SessionID)
			if got := transcriptError(sess); got != "" {
				t.Errorf("transcript_error kept after the transcript arrived: %q", got)
			}
		})
	}
}

func transcriptError(s *baton.Session) string {
	hook, _ := s.Attributes["hook"].(map[string]any)
	te, _ := hook["transcript_error"].(map[string]any)
	text, _ := te["text"].(string)
	return text
}
