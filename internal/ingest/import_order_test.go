package ingest_test

import (
	"context"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestTitleAndMessagesStableWhateverTheImportOrder imports the finished
// transcript first and the copy saved while Claude Code was still writing
// it (no summary line yet, the response cut before its tool call) after:
// the older copy changes nothing — the title stays the summary, the
// response keeps its tool call — and the other order ends the same.
func TestTitleAndMessagesStableWhateverTheImportOrder(t *testing.T) {
	prompt := ccLine("user", "u1", "", "2025-04-02T10:00:00Z", obj{"role": "user", "content": "Rename the price field to amount in cart.go"})
	part1 := ccLine("assistant", "a1", "u1", "2025-04-02T10:00:03Z", obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "text", "text": "I'll rename it."}}, "usage": obj{"input_tokens": 100, "output_tokens": 5}})
	part2 := ccLine("assistant", "a2", "a1", "2025-04-02T10:00:04Z", obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "tool_use", "id": "toolu_1", "name": "Edit", "input": obj{"file_path": "/home/dev/shop/cart.go", "old_string": "price", "new_string": "amount"}}},
		"usage":   obj{"input_tokens": 100, "output_tokens": 40}})
	result := ccLine("user", "u2", "a2", "2025-04-02T10:00:05Z", obj{"role": "user", "content": []any{obj{"type": "tool_result", "tool_use_id": "toolu_1", "content": "The file cart.go has been updated."}}})
	final := ccLine("assistant", "a3", "u2", "2025-04-02T10:00:08Z", obj{"id": "msg_2", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "text", "text": "Renamed price to amount in cart.go."}}, "usage": obj{"input_tokens": 300, "output_tokens": 12}})
	summary := obj{"type": "summary", "summary": "Cart: price renamed to amount", "leafUuid": "a3"}
	name := "5d0c1f2e-0000-4000-8000-00000000aaaa.jsonl"
	older := transcript(t, prompt, part1)
	newer := transcript(t, prompt, part1, part2, result, final, summary)

	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)
			for _, order := range []struct {
				name  string
				files [][]byte
			}{{"newer then older", [][]byte{newer, older}}, {"older then newer", [][]byte{older, newer}}} {
				var id string
				for _, f := range order.files {
					res, err := im.Import(ctx, steward.ID, name, f, nil)
					if err != nil || len(res) != 1 || res[0].Status == baton.ImportRejected {
						t.Fatalf("%s: %+v %v", order.name, res, err)
					}
					id = res[0].SessionID
				}
				sess, err := st.Session(ctx, steward.ID, id)
				if err != nil {
					t.Fatal(err)
				}
				if sess.Title != "Cart: price renamed to amount" {
					t.Errorf("%s: title %q, want the summary's", order.name, sess.Title)
				}
				msgs, err := st.SessionMessages(ctx, steward.ID, id)
				if err != nil {
					t.Fatal(err)
				}
				if len(msgs) != 4 || len(msgs[1].ToolCalls) != 1 || msgs[1].Usage.OutputTokens != 40 {
					t.Errorf("%s: %d messages, the response has %d tool calls and %d output tokens", order.name, len(msgs), len(msgs[1].ToolCalls), msgs[1].Usage.OutputTokens)
				}
				if sess.Tokens.Output != 52 || sess.Tokens.Input != 400 {
					t.Errorf("%s: tokens %+v", order.name, sess.Tokens)
				}
				if err := st.DeleteSession(ctx, steward.ID, id); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
