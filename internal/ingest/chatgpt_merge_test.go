package ingest_test

import (
	"context"
	"encoding/json"
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
			// A later export whose tree under the same id is unrelated.
			unrelated := chatgptExport(t, "cg-1", "y2", 9*7*24*3600,
				node{id: "y0"},
				node{id: "y1", parent: "y0", role: "user", text: "Unrelated: my printer jams", at: 8 * 7 * 24 * 3600},
				node{id: "y2", parent: "y1", role: "assistant", text: "Check the rollers.", at: 8*7*24*3600 + 5},
			)
			res, err = im.Import(ctx, steward.ID, "conversations.json", unrelated, nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportDuplicate || res[0].Messages != 0 {
				t.Fatalf("unrelated: %+v %v", res, err)
			}
			if s := strings.Join(res[0].Skipped, "\n"); !strings.Contains(s, "y1") {
				t.Errorf("the unrelated tree is not reported: %q", s)
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
