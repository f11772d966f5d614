package ingest_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// node is one ChatGPT node: id, parent, role, text, seconds after t0.
type node struct {
	id, parent, role, text string
	at                     float64
	status                 string
}

func chatgptExport(t *testing.T, convID, current string, updated float64, nodes ...node) []byte {
	t.Helper()
	const t0 = 1730000000.0
	mapping := map[string]any{}
	children := map[string][]string{}
	for _, n := range nodes {
		if n.parent != "" {
			children[n.parent] = append(children[n.parent], n.id)
		}
	}
	for _, n := range nodes {
		var msg, parent any
		if n.role != "" {
			m := obj{"id": n.id, "author": obj{"role": n.role}, "create_time": t0 + n.at,
				"content": obj{"content_type": "text", "parts": []string{n.text}}}
			if n.status != "" {
				m["status"] = n.status
			}
			msg = m
		}
		if n.parent != "" {
			parent = n.parent
		}
		ch := children[n.id]
		if ch == nil {
			ch = []string{}
		}
		mapping[n.id] = obj{"id": n.id, "message": msg, "parent": parent, "children": ch}
	}
	b, err := json.Marshal([]any{obj{"conversation_id": convID, "title": "Trip", "create_time": t0, "update_time": t0 + updated,
		"mapping": mapping, "current_node": current}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestChatGPTSameIDMergesByNodeID imports two exports that carry the same
// conversation id: the second continues one branch, branches off an
// earlier node, and holds an unrelated tree. The continuation is appended,
// the branch becomes a fork at its parent, the unrelated tree is reported
// and not glued on. The session ends with its last message, not at the
// export's update time, and an unfinished answer is marked.
func TestChatGPTSameIDMergesByNodeID(t *testing.T) {
	first := chatgptExport(t, "cg-1", "a2", 3*24*3600, // opened again three days later
		node{id: "r"},
		node{id: "u1", parent: "r", role: "user", text: "Plan a trip to Kyoto", at: 10},
		node{id: "a1", parent: "u1", role: "assistant", text: "Day one: Fushimi Inari.", at: 20},
		node{id: "u2", parent: "a1", role: "user", text: "And day two?", at: 30},
		node{id: "a2", parent: "u2", role: "assistant", text: "Arashiyama, then", at: 40, status: "in_progress"},
	)
	second := chatgptExport(t, "cg-1", "a3", 60,
		node{id: "r"},
		node{id: "u1", parent: "r", role: "user", text: "Plan a trip to Kyoto", at: 10},
		node{id: "a1", parent: "u1", role: "assistant", text: "Day one: Fushimi Inari.", at: 20},
		node{id: "u2", parent: "a1", role: "user", text: "And day two?", at: 30},
		node{id: "a2", parent: "u2", role: "assistant", text: "Arashiyama, then", at: 40, status: "in_progress"},
		node{id: "u3", parent: "a2", role: "user", text: "Day three?", at: 50},
		node{id: "a3", parent: "u3", role: "assistant", text: "Nara.", at: 55},
		node{id: "u2b", parent: "a1", role: "user", text: "What about food?", at: 45},
		node{id: "x0"},
		node{id: "x1", parent: "x0", role: "user", text: "Unrelated: fix my printer", at: 3 * 7 * 24 * 3600},
	)
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)
			res, err := im.Import(ctx, steward.ID, "conversations.json", first, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored {
				t.Fatalf("first: %+v %v", res, err)
			}
			id := res[0].SessionID
			sess, _ := st.Session(ctx, steward.ID, id)
			if want := time.Unix(1730000040, 0).UTC(); sess.EndedAt == nil || !sess.EndedAt.Equal(want) {
				t.Errorf("ended_at %v, want the last message's %v", sess.EndedAt, want)
			}
			msgs, _ := st.SessionMessages(ctx, steward.ID, id)
			if last := msgs[len(msgs)-1]; last.Attributes["unfinished"] != "in_progress" {
				t.Errorf("unfinished answer not marked: %v", last.Attributes)
			}

			res, err = im.Import(ctx, steward.ID, "conversations.json", second, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportUpdated || res[0].Messages != 3 {
				t.Fatalf("second: %+v %v", res, err)
			}
			if s := strings.Join(res[0].Skipped, "\n"); !strings.Contains(s, "x0") {
				t.Errorf("the second root is not reported: %q", s)
			}
			// Another file whose tree under the same id shares no node: a
			// conversation of its own, and a later export of it merges there.
			unrelated := chatgptExport(t, "cg-1", "y2", 9*7*24*3600,
				node{id: "y0"},
				node{id: "y1", parent: "y0", role: "user", text: "Unrelated: my printer jams", at: 8 * 7 * 24 * 3600},
				node{id: "y2", parent: "y1", role: "assistant", text: "Check the rollers.", at: 8*7*24*3600 + 5},
			)
			res, err = im.Import(ctx, steward.ID, "conversations.json", unrelated, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored || res[0].Messages != 2 || res[0].SessionID == id {
				t.Fatalf("unrelated: %+v %v", res, err)
			}
			other := res[0].SessionID
			res, err = im.Import(ctx, steward.ID, "conversations.json", unrelated, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportDuplicate || res[0].SessionID != other {
				t.Fatalf("unrelated again: %+v %v", res, err)
			}
			res, err = im.Import(ctx, steward.ID, "conversations.json", second, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportDuplicate || res[0].SessionID != id {
				t.Fatalf("second again: %+v %v", res, err)
			}
			convs, err := st.Conversations(ctx, steward.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(convs) != 2 {
				t.Fatalf("%d conversations, want main and one fork", len(convs))
			}
			main, _ := st.SessionMessages(ctx, steward.ID, id)
			var mainIDs []string
			for _, m := range main {
				if m.ConversationID == convs[0].ID {
					mainIDs = append(mainIDs, m.SourceID)
				}
				if m.SourceID == "x1" || m.SourceID == "y1" {
					t.Error("the unrelated tree was glued on")
				}
			}
			if got := strings.Join(mainIDs, ","); got != "u1,a1,u2,a2,u3,a3" {
				t.Errorf("main %s, want u1,a1,u2,a2,u3,a3", got)
			}
			fork := convs[1]
			if fork.ForkPointMessageID == nil {
				t.Fatal("fork without fork point")
			}
			var at string
			for _, m := range main {
				if m.ID == *fork.ForkPointMessageID {
					at = m.SourceID
				}
			}
			if at != "a1" {
				t.Errorf("fork after %q, want a1", at)
			}
		})
	}
}

// A folder of two ChatGPT exports that reuse a conversation id for two
// different conversations (the first a two-message stub): both are
// imported, each as its own session with all its messages; the real
// fifteen-message conversation was reported "duplicate, 0 messages". A
// second import of the folder changes nothing.
func TestChatGPTConversationIDIsPerFile(t *testing.T) {
	dir := t.TempDir()
	write := func(sub string, data []byte) {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, sub, "conversations.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a-stub", chatgptExport(t, "shared-id", "s1", 10,
		node{id: "s0"},
		node{id: "s1", parent: "s0", role: "user", text: "test", at: 1},
	))
	nodes := []node{{id: "r"}}
	for i := 1; i <= 15; i++ {
		role, text := "user", "Question "+strconv.Itoa(i)+" about the garden"
		if i%2 == 0 {
			role, text = "assistant", "Answer "+strconv.Itoa(i)
		}
		nodes = append(nodes, node{id: "n" + strconv.Itoa(i), parent: nodes[i-1].id, role: role, text: text, at: float64(i * 10)})
	}
	write("b-real", chatgptExport(t, "shared-id", "n15", 200, nodes...))

	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)
			res, err := im.ImportPath(ctx, steward.ID, dir, nil)
			if err != nil || len(res) != 2 {
				t.Fatalf("import: %+v %v", res, err)
			}
			got := map[string]int{}
			for _, r := range res {
				if r.Status != baton.ImportStored {
					t.Errorf("%s: %s (%s), want stored", r.Key, r.Status, r.Error)
				}
				got[r.Key] = r.Messages
			}
			if got["a-stub/conversations.json: shared-id"] != 1 || got["b-real/conversations.json: shared-id"] != 15 {
				t.Errorf("messages by file %v, want the stub's 1 and the real conversation's 15", got)
			}
			if res[0].SessionID == res[1].SessionID {
				t.Error("both files went into one session")
			}
			for _, r := range res {
				msgs, _ := st.SessionMessages(ctx, steward.ID, r.SessionID)
				if len(msgs) != r.Messages {
					t.Errorf("%s: %d messages stored, result says %d", r.Key, len(msgs), r.Messages)
				}
			}
			again, err := im.ImportPath(ctx, steward.ID, dir, nil)
			if err != nil || len(again) != 2 {
				t.Fatalf("again: %+v %v", again, err)
			}
			for i, r := range again {
				if r.Status != baton.ImportDuplicate || r.SessionID != res[i].SessionID {
					t.Errorf("again %s: %s into %s, want duplicate of %s", r.Key, r.Status, r.SessionID, res[i].SessionID)
				}
			}
		})
	}
}
