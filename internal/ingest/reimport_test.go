package ingest_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

type obj = map[string]any

// transcript joins Claude Code lines into JSONL.
func transcript(t *testing.T, lines ...obj) []byte {
	t.Helper()
	var b strings.Builder
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

func ccLine(typ, uuid, parent, ts string, message obj) obj {
	var p any
	if parent != "" {
		p = parent
	}
	return obj{"type": typ, "uuid": uuid, "parentUuid": p, "timestamp": ts, "sessionId": "5d0c1f2e-0000-4000-8000-00000000aaaa",
		"cwd": "/home/dev/shop", "message": message}
}

func newSteward(t *testing.T, st *store.Store) *baton.Steward {
	t.Helper()
	s := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReimportCompletesACutResponseAndFollowsTheData imports a transcript
// Claude Code was still writing (a response cut after its text, before its
// tool call), then the finished transcript: the cut message gets its tool
// call, and the session's token totals and title follow the full data.
func TestReimportCompletesACutResponseAndFollowsTheData(t *testing.T) {
	prompt := ccLine("user", "u1", "", "2025-04-02T10:00:00Z", obj{"role": "user", "content": "Rename the price field to amount in cart.go"})
	part1 := ccLine("assistant", "a1", "u1", "2025-04-02T10:00:03Z", obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "text", "text": "I'll rename it."}}, "usage": obj{"input_tokens": 100, "output_tokens": 5}})
	part2 := ccLine("assistant", "a2", "a1", "2025-04-02T10:00:04Z", obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "tool_use", "id": "toolu_1", "name": "Edit", "input": obj{"file_path": "/home/dev/shop/cart.go", "old_string": "price", "new_string": "amount"}}},
		"usage":   obj{"input_tokens": 100, "output_tokens": 40}})
	result := ccLine("user", "u2", "a2", "2025-04-02T10:00:05Z", obj{"role": "user", "content": []any{obj{"type": "tool_result", "tool_use_id": "toolu_1", "content": "The file cart.go has been updated."}}})
	final := ccLine("assistant", "a3", "u2", "2025-04-02T10:00:08Z", obj{"id": "msg_2", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "text", "text": "Renamed price to amount in cart.go."}}, "usage": obj{"input_tokens": 300, "output_tokens": 12, "cache_read_input_tokens": 1000}})
	summary := obj{"type": "summary", "summary": "Cart: price renamed to amount", "leafUuid": "a3"}
	name := "5d0c1f2e-0000-4000-8000-00000000aaaa.jsonl"

	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)

			res, err := im.Import(ctx, steward.ID, name, transcript(t, prompt, part1), nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored {
				t.Fatalf("partial import: %+v, %v", res, err)
			}
			res, err = im.Import(ctx, steward.ID, name, transcript(t, prompt, part1, part2, result, final, summary), nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportUpdated {
				t.Fatalf("full import: %+v, %v", res, err)
			}
			id := res[0].SessionID
			// The same file again changes nothing (on PostgreSQL too, whose
			// jsonb gives tool inputs back in its own form).
			again, err := im.Import(ctx, steward.ID, name, transcript(t, prompt, part1, part2, result, final, summary), nil)
			if err != nil || again[0].Status != baton.ImportDuplicate {
				t.Fatalf("the same transcript again: %+v, %v", again, err)
			}
			msgs, err := st.SessionMessages(ctx, steward.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(msgs) != 4 {
				t.Fatalf("%d messages, want 4 (prompt, response, tool result, answer)", len(msgs))
			}
			cut := msgs[1]
			if cut.SourceID != "a1" || len(cut.ToolCalls) != 1 || cut.ToolCalls[0].Name != "Edit" || cut.Usage.OutputTokens != 40 {
				t.Errorf("the cut response was not completed: source %s, tool calls %+v, usage %+v", cut.SourceID, cut.ToolCalls, cut.Usage)
			}
			sess, err := st.Session(ctx, steward.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if sess.Title != "Cart: price renamed to amount" {
				t.Errorf("title %q kept from the first import", sess.Title)
			}
			raw, _ := json.Marshal(sess.Attributes["usage"])
			var usage baton.Usage
			_ = json.Unmarshal(raw, &usage)
			if want := (baton.Usage{InputTokens: 400, OutputTokens: 52, CacheReadTokens: 1000}); usage != want {
				t.Errorf("usage %+v, want %+v", usage, want)
			}
			// The store's totals follow the messages, the completed one included.
			wantTokens := baton.SessionTokens{Input: 400, Output: 52, CacheRead: 1000, Total: 1452, CostUSD: (400*3 + 52*15 + 1000*0.30) / 1e6}
			if got := sess.Tokens; got.Input != wantTokens.Input || got.Output != wantTokens.Output || got.CacheRead != wantTokens.CacheRead ||
				got.Total != wantTokens.Total || got.Unpriced != 0 || math.Abs(got.CostUSD-wantTokens.CostUSD) > 1e-9 {
				t.Errorf("session tokens %+v, want %+v", got, wantTokens)
			}
			if len(sess.Technical.CodeChanges) == 0 {
				t.Errorf("technical context %+v misses the edit of the completed response", sess.Technical)
			}

			// A title the steward typed survives a later import.
			sess.Title = "My own title"
			if err := st.UpdateSession(ctx, steward.ID, sess); err != nil {
				t.Fatal(err)
			}
			more := ccLine("user", "u3", "a3", "2025-04-02T10:01:00Z", obj{"role": "user", "content": "thanks"})
			if _, err := im.Import(ctx, steward.ID, name, transcript(t, prompt, part1, part2, result, final, summary, more), nil); err != nil {
				t.Fatal(err)
			}
			if sess, _ = st.Session(ctx, steward.ID, id); sess.Title != "My own title" {
				t.Errorf("a later import replaced the steward's title with %q", sess.Title)
			}
		})
	}
}
