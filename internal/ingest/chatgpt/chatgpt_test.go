package chatgpt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

func parseFixture(t *testing.T) []baton.ImportDocument {
	t.Helper()
	data, err := os.ReadFile("testdata/conversations.json")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 3 {
		t.Fatalf("%d documents, want 3", len(docs))
	}
	return docs
}

// n1 is node i of the fixture's first conversation.
func n1(i int) string { return fmt.Sprintf("6f0c1a2b-0001-4000-8000-%012d", i) }
func n2(i int) string { return fmt.Sprintf("7a1b2c3d-0002-4000-8000-%012d", i) }
func n3(i int) string { return fmt.Sprintf("8b2c3d4e-0003-4000-8000-%012d", i) }

func sourceIDs(msgs []baton.Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.SourceID
	}
	return out
}

func equal(a, b []string) bool {
	return strings.Join(a, ",") == strings.Join(b, ",")
}

func TestSession(t *testing.T) {
	doc := parseFixture(t)[0]
	s := doc.Session
	if doc.Key != "67a1b2c3-0d4e-8001-9f00-aa11bb22cc33" || s.SourceRef != doc.Key || s.Source != "chatgpt" || s.Type != baton.SessionChat {
		t.Errorf("key %q, session %q %q %q", doc.Key, s.SourceRef, s.Source, s.Type)
	}
	if s.Title != "Returning references to locals" || doc.Conversations[0].Title != s.Title {
		t.Errorf("title %q", s.Title)
	}
	start := time.Unix(1730000000, 0).UTC()
	if !s.StartedAt.Equal(start) || s.EndedAt == nil || !s.EndedAt.Equal(start.Add(140*time.Second)) || s.DurationSeconds != 140 {
		t.Errorf("times %v – %v (%ds)", s.StartedAt, s.EndedAt, s.DurationSeconds)
	}
	if s.Assistant.ModelVersion != "gpt-4o" {
		t.Errorf("model %q", s.Assistant.ModelVersion)
	}
	if s.MessageCount != 11 {
		t.Errorf("message count %d, want 11", s.MessageCount)
	}
}

func TestMainConversationIsThePathToCurrentNode(t *testing.T) {
	doc := parseFixture(t)[0]
	main := doc.Conversations[0]
	if main.Key != MainKey || main.ParentKey != "" || main.Kind != baton.ConversationOriginal {
		t.Errorf("first conversation %q %q %q", main.Key, main.ParentKey, main.Kind)
	}
	// The hidden system root is left out; the regenerated answer (4) and the
	// edited prompt (8) are on the path to current_node (12).
	want := []string{n1(2), n1(4), n1(8), n1(10), n1(11), n1(12)}
	if got := sourceIDs(main.Messages); !equal(got, want) {
		t.Errorf("main path %v, want %v", got, want)
	}
	m := main.Messages[1]
	if m.Role != baton.RoleAssistant || m.Model != "gpt-4o" || m.References.RepliesTo != n1(2) {
		t.Errorf("answer: %q model %q replies to %q", m.Role, m.Model, m.References.RepliesTo)
	}
	if !m.Timestamp.Equal(time.Unix(1730000060, 0).UTC()) {
		t.Errorf("answer time %v", m.Timestamp)
	}
}

func TestBranchesBecomeForksAtTheRightMessage(t *testing.T) {
	doc := parseFixture(t)[0]
	if len(doc.Conversations) != 3 {
		t.Fatalf("%d conversations, want main and two forks", len(doc.Conversations))
	}
	tests := []struct {
		key, parent, after, title string
		messages                  []string
	}{
		// The other answer to the first prompt, and the follow-up asked on it.
		{"fork:" + n1(3), MainKey, n1(2), "Other version of the answer", []string{n1(3), n1(5), n1(6)}},
		// The other version of the second prompt, after the answer both share.
		{"fork:" + n1(7), MainKey, n1(4), "Other version of the prompt", []string{n1(7), n1(9)}},
	}
	for i, tt := range tests {
		c := doc.Conversations[i+1]
		if c.Key != tt.key || c.ParentKey != tt.parent || c.ForkAfterSourceID != tt.after || c.Kind != baton.ConversationFork || c.Title != tt.title {
			t.Errorf("fork %d: %q parent %q after %q kind %q title %q; want %q parent %q after %q", i, c.Key, c.ParentKey, c.ForkAfterSourceID, c.Kind, c.Title, tt.key, tt.parent, tt.after)
		}
		if got := sourceIDs(c.Messages); !equal(got, tt.messages) {
			t.Errorf("fork %q messages %v, want %v", c.Key, got, tt.messages)
		}
		if c.Messages[0].References.RepliesTo != tt.after {
			t.Errorf("fork %q: first message replies to %q", c.Key, c.Messages[0].References.RepliesTo)
		}
	}
}

func TestResultsAreDeterministic(t *testing.T) {
	data, err := os.ReadFile("testdata/conversations.json")
	if err != nil {
		t.Fatal(err)
	}
	first, _ := Parse(data)
	want, _ := json.Marshal(first)
	for range 30 { // map order changes from run to run; the result must not
		docs, _ := Parse(data)
		got, _ := json.Marshal(docs)
		if !bytes.Equal(got, want) {
			t.Fatal("two parses of the same export differ")
		}
	}
}

func TestContentTypes(t *testing.T) {
	doc := parseFixture(t)[1]
	main := doc.Conversations[0]
	msgs := map[string]baton.Message{}
	for _, m := range main.Messages {
		msgs[m.SourceID] = m
	}
	// Hidden: the empty system message, the custom instructions; the
	// "Thought for 6 seconds" label is not a message either.
	want := []string{n2(3), n2(4), n2(6), n2(7), n2(8), n2(9), n2(10), n2(11)}
	if got := sourceIDs(main.Messages); !equal(got, want) {
		t.Errorf("messages %v, want %v", got, want)
	}
	tests := []struct {
		id          string
		role        baton.Role
		contentType string
		content     string
	}{
		{n2(3), baton.RoleSteward, baton.ContentMixed, "[image: file-8KfX2mQp3RzT]\nWhy do the cards in this grid overlap on narrow screens?"},
		{n2(6), baton.RoleToolCall, baton.ContentCode, "```\nsearch(\"css grid minmax overlap narrow screen\")\n```"},
		{n2(7), baton.RoleToolResult, baton.ContentText, "> Searched for css grid minmax\n>\n> # 【0†CSS Grid: minmax() and auto-fit†developer.mozilla.org】\n> Use repeat(auto-fit, minmax(min(100%, 18rem), 1fr)) so columns wrap."},
		{n2(8), baton.RoleToolResult, baton.ContentText, "> **minmax() - CSS | MDN**\n> https://developer.mozilla.org/en-US/docs/Web/CSS/minmax\n>\n> The minmax() CSS function defines a size range greater than or equal to min and less than or equal to max."},
		{n2(9), baton.RoleToolResult, baton.ContentText, "tool_error: Error when fetching https://css-tricks.com: 403 Forbidden"},
		{n2(11), baton.RoleSteward, baton.ContentMixed, "Thanks, that fixed it.\n[audio: file_00000000a1b2]"},
	}
	for _, tt := range tests {
		m := msgs[tt.id]
		if m.Role != tt.role || m.ContentType != tt.contentType || m.Content != tt.content {
			t.Errorf("%s: %q %q %q\nwant %q %q %q", tt.id, m.Role, m.ContentType, m.Content, tt.role, tt.contentType, tt.content)
		}
	}
	if m := msgs[n2(4)]; m.Role != baton.RoleAssistant || m.Content != "" || !strings.HasPrefix(m.Thinking, "Checking the grid\nThe screenshot shows fixed 320px columns") {
		t.Errorf("thoughts: %q %q thinking %q", m.Role, m.Content, m.Thinking)
	}
	call := msgs[n2(6)]
	if len(call.ToolCalls) != 1 || call.ToolCalls[0].Name != "browser" || call.ToolCalls[0].ID != n2(6) {
		t.Errorf("tool call %+v", call.ToolCalls)
	}
	if r := msgs[n2(7)]; r.Speaker != "browser" || r.ToolResult == nil || r.ToolResult.ToolUseID != n2(6) || r.ToolResult.IsError {
		t.Errorf("browsing result %q %+v", r.Speaker, r.ToolResult)
	}
	if r := msgs[n2(9)]; r.ToolResult == nil || !r.ToolResult.IsError {
		t.Errorf("system_error result %+v", r.ToolResult)
	}

	// Code run by the python tool, and its failed output.
	first := parseFixture(t)[0].Conversations[0].Messages
	code, out := first[3], first[4]
	if code.Content != "```\nimport subprocess\nprint(subprocess.run(['rustc', '--version'], capture_output=True).stdout)\n```" || code.ContentType != baton.ContentCode {
		t.Errorf("code: %q", code.Content)
	}
	var in struct{ Code string }
	if err := json.Unmarshal(code.ToolCalls[0].Input, &in); err != nil || !strings.HasPrefix(in.Code, "import subprocess") {
		t.Errorf("code input %s", code.ToolCalls[0].Input)
	}
	if out.Role != baton.RoleToolResult || out.ToolResult.ToolUseID != code.SourceID || !out.ToolResult.IsError || !strings.Contains(out.Content, "FileNotFoundError") {
		t.Errorf("execution output: %q %+v %q", out.Role, out.ToolResult, out.Content)
	}
}

func TestMissingParentIsReportedAndTheRestImports(t *testing.T) {
	doc := parseFixture(t)[2]
	if got := sourceIDs(doc.Conversations[0].Messages); !equal(got, []string{n3(1), n3(2)}) {
		t.Errorf("messages %v", got)
	}
	if len(doc.Conversations) != 1 {
		t.Errorf("%d conversations, want 1", len(doc.Conversations))
	}
	want := []string{"node " + n3(7) + ": parent 8b2c3d4e-0003-4000-8000-00000000dead missing (1 more nodes below it skipped)"}
	if !equal(doc.Skipped, want) {
		t.Errorf("skipped %q, want %q", doc.Skipped, want)
	}
	if c := doc.Conversations[0].Messages[0].Content; c != "Write a haiku about merge conflicts." {
		t.Errorf("NUL not stripped: %q", c)
	}
}

// tree builds a conversation from nodes written as id, parent, role, text.
type tn struct {
	id, parent, role, text string
	children               []string
	hidden                 bool
}

func export(t *testing.T, current string, nodes ...tn) []byte {
	t.Helper()
	mapping := map[string]any{}
	for i, n := range nodes {
		var msg any
		if n.role != "" {
			msg = map[string]any{
				"id": n.id, "author": map[string]any{"role": n.role}, "create_time": 1700000000 + i,
				"content":  map[string]any{"content_type": "text", "parts": []string{n.text}},
				"metadata": map[string]any{"is_visually_hidden_from_conversation": n.hidden, "model_slug": "gpt-4o"},
			}
		}
		var parent any
		if n.parent != "" {
			parent = n.parent
		}
		children := n.children
		if children == nil {
			children = []string{}
		}
		mapping[n.id] = map[string]any{"id": n.id, "message": msg, "parent": parent, "children": children}
	}
	b, err := json.Marshal([]any{map[string]any{"id": "conv", "title": "T", "create_time": 1700000000, "update_time": 1700000100, "mapping": mapping, "current_node": current}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parseOne(t *testing.T, data []byte) baton.ImportDocument {
	t.Helper()
	docs, err := Parse(data)
	if err != nil || len(docs) != 1 {
		t.Fatalf("Parse: %d docs, %v", len(docs), err)
	}
	return docs[0]
}

func TestForkOfAForkAndAnEditedFirstPrompt(t *testing.T) {
	doc := parseOne(t, export(t, "a2",
		tn{id: "root", children: []string{"sys"}},
		tn{id: "sys", parent: "root", role: "system", text: "", children: []string{"u1", "u1e"}},
		tn{id: "u1", parent: "sys", role: "user", text: "first try", children: []string{"a1"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "answer one", children: []string{"u2", "u2e"}},
		tn{id: "u2", parent: "a1", role: "user", text: "follow up"},
		tn{id: "u2e", parent: "a1", role: "user", text: "follow up, edited", children: []string{"x1", "x2"}},
		tn{id: "x1", parent: "u2e", role: "assistant", text: "answer x1"},
		tn{id: "x2", parent: "u2e", role: "assistant", text: "answer x2"},
		tn{id: "u1e", parent: "sys", role: "user", text: "second try", children: []string{"a2"}},
		tn{id: "a2", parent: "u1e", role: "assistant", text: "answer two"},
	))
	type conv struct{ key, parent, after, msgs string }
	want := []conv{
		{MainKey, "", "", "u1e,a2"},
		// The first prompt was edited: the other version forks before the
		// main conversation's first message.
		{"fork:u1", MainKey, "", "u1,a1,u2e,x2"},
		{"fork:u2", "fork:u1", "a1", "u2"},
		{"fork:x1", "fork:u1", "u2e", "x1"},
	}
	var got []conv
	for _, c := range doc.Conversations {
		got = append(got, conv{c.Key, c.ParentKey, c.ForkAfterSourceID, strings.Join(sourceIDs(c.Messages), ",")})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("conversations\n got %v\nwant %v", got, want)
	}
}

func TestForkAfterAHiddenMessage(t *testing.T) {
	// The branch point is a hidden message: the fork goes after the last
	// message both branches show.
	doc := parseOne(t, export(t, "a2",
		tn{id: "u1", role: "user", text: "hi", children: []string{"ctx"}},
		tn{id: "ctx", parent: "u1", role: "user", text: "memory", hidden: true, children: []string{"a1", "a2"}},
		tn{id: "a1", parent: "ctx", role: "assistant", text: "one"},
		tn{id: "a2", parent: "ctx", role: "assistant", text: "two"},
	))
	f := doc.Conversations[1]
	if f.Key != "fork:a1" || f.ParentKey != MainKey || f.ForkAfterSourceID != "u1" {
		t.Errorf("fork %q parent %q after %q", f.Key, f.ParentKey, f.ForkAfterSourceID)
	}
}

func TestCurrentNodeMissing(t *testing.T) {
	doc := parseOne(t, export(t, "gone",
		tn{id: "u1", role: "user", text: "hi", children: []string{"a1", "a2"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "old"},
		tn{id: "a2", parent: "u1", role: "assistant", text: "new"},
	))
	if got := sourceIDs(doc.Conversations[0].Messages); !equal(got, []string{"u1", "a2"}) {
		t.Errorf("main %v, want the newest branch", got)
	}
	if len(doc.Skipped) != 1 || !strings.Contains(doc.Skipped[0], "current_node gone missing") {
		t.Errorf("skipped %q", doc.Skipped)
	}
}

func TestNoRootStartsFromTheCut(t *testing.T) {
	doc := parseOne(t, export(t, "a1",
		tn{id: "u1", parent: "lost", role: "user", text: "hi", children: []string{"a1"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "hello"},
	))
	if got := sourceIDs(doc.Conversations[0].Messages); !equal(got, []string{"u1", "a1"}) {
		t.Errorf("main %v", got)
	}
	if len(doc.Skipped) != 1 || doc.Skipped[0] != "node u1: parent lost missing; imported as the start" {
		t.Errorf("skipped %q", doc.Skipped)
	}
}

func TestChildListedOnlyByItsParentPointer(t *testing.T) {
	// a2 names u1 as its parent, but u1's children do not list it.
	doc := parseOne(t, export(t, "a1",
		tn{id: "u1", role: "user", text: "hi", children: []string{"a1"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "one"},
		tn{id: "a2", parent: "u1", role: "assistant", text: "two"},
	))
	if len(doc.Conversations) != 2 || doc.Conversations[1].Key != "fork:a2" || len(doc.Skipped) != 0 {
		t.Errorf("conversations %d, skipped %q", len(doc.Conversations), doc.Skipped)
	}
}

func TestParseErrors(t *testing.T) {
	good := `{"id":"ok","title":"Fine","create_time":1700000000,"mapping":{"a":{"id":"a","message":{"id":"a","author":{"role":"user"},"content":{"content_type":"text","parts":["hello"]}},"parent":null,"children":[]}},"current_node":"a"}`
	t.Run("a broken conversation does not stop the others", func(t *testing.T) {
		docs, err := Parse([]byte(`[` + good + `,{"id":"bad","mapping":"nope"},` + strings.Replace(good, `"ok"`, `"ok2"`, 1) + `]`))
		if len(docs) != 2 || docs[0].Key != "ok" || docs[1].Key != "ok2" {
			t.Fatalf("docs %d", len(docs))
		}
		var ce *ConversationError
		if !errors.As(err, &ce) || ce.Index != 1 || ce.ID != "bad" {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("a conversation with nothing visible", func(t *testing.T) {
		docs, err := Parse([]byte(`[{"id":"empty","mapping":{"r":{"id":"r","message":null,"parent":null,"children":[]}}}]`))
		if len(docs) != 0 || !errors.Is(err, ErrNoMessages) {
			t.Errorf("docs %d, err %v", len(docs), err)
		}
	})
	t.Run("an export cut short keeps what came before", func(t *testing.T) {
		docs, err := Parse([]byte(`[` + good + `,{"id":"cut","mapping":{"a":`))
		if len(docs) != 1 || err == nil {
			t.Errorf("docs %d, err %v", len(docs), err)
		}
	})
	t.Run("one conversation object", func(t *testing.T) {
		docs, err := Parse([]byte(good))
		if err != nil || len(docs) != 1 {
			t.Errorf("docs %d, err %v", len(docs), err)
		}
	})
	t.Run("not an export", func(t *testing.T) {
		for _, in := range []string{"", "42", `"x"`} {
			if docs, err := Parse([]byte(in)); err == nil || len(docs) > 0 {
				t.Errorf("%q: docs %d, err %v", in, len(docs), err)
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	data, err := os.ReadFile("testdata/conversations.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`[{"mapping":{"a":{"parent":"a","children":["a"]}},"current_node":"a"}]`))
	f.Add([]byte(`[{"mapping":{"a":{"parent":"b","children":["b"]},"b":{"parent":"a","children":["a"]}},"current_node":"b"}]`))
	f.Add([]byte(`{"mapping":{"a":{"message":{"author":{"role":"tool"},"content":{"content_type":"multimodal_text","parts":[{"content_type":"image_asset_pointer"},7,null]}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := Parse(data)
		for _, doc := range docs {
			keys := map[string]bool{}
			seen := map[string]bool{}
			for i, c := range doc.Conversations {
				if i == 0 && c.Key != MainKey {
					t.Fatalf("first conversation %q", c.Key)
				}
				if i > 0 && !keys[c.ParentKey] {
					t.Fatalf("conversation %q before its parent %q", c.Key, c.ParentKey)
				}
				keys[c.Key] = true
				for _, m := range c.Messages {
					if seen[m.SourceID] {
						t.Fatalf("source id %q twice", m.SourceID)
					}
					seen[m.SourceID] = true
					if strings.Contains(m.Content, "\x00") || strings.Contains(m.SourceID, "\x00") {
						t.Fatalf("NUL in %q", m.Content)
					}
				}
				if c.ForkAfterSourceID != "" && !seen[c.ForkAfterSourceID] {
					t.Fatalf("conversation %q forks after unknown %q", c.Key, c.ForkAfterSourceID)
				}
			}
		}
	})
}

// TestTimeOutsideYears1970To9999KeepsTheMessage: a create_time that is
// no time Baton can store (milliseconds taken for seconds: year 33658, or
// negative) is refused for that message, named in the report, and the
// message keeps the time of the one before; the rest imports.
func TestTimeOutsideYears1970To9999KeepsTheMessage(t *testing.T) {
	data := export(t, "a2",
		tn{id: "r", children: []string{"u1"}},
		tn{id: "u1", parent: "r", role: "user", text: "When is the launch?", children: []string{"a1"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "Friday.", children: []string{"u2"}},
		tn{id: "u2", parent: "a1", role: "user", text: "And the rehearsal?", children: []string{"a2"}},
		tn{id: "a2", parent: "u2", role: "assistant", text: "Thursday."},
	)
	var convs []map[string]any
	if err := json.Unmarshal(data, &convs); err != nil {
		t.Fatal(err)
	}
	mapping := convs[0]["mapping"].(map[string]any)
	mapping["u2"].(map[string]any)["message"].(map[string]any)["create_time"] = 1700000003000.0 // milliseconds
	mapping["a2"].(map[string]any)["message"].(map[string]any)["create_time"] = -5.0
	data, _ = json.Marshal(convs)
	docs, err := Parse(data)
	if err != nil || len(docs) != 1 {
		t.Fatalf("%d documents, %v", len(docs), err)
	}
	msgs := docs[0].Conversations[0].Messages
	if len(msgs) != 4 {
		t.Fatalf("%d messages, want all 4", len(msgs))
	}
	for _, m := range msgs {
		if err := baton.CheckTime("timestamp", m.Timestamp); err != nil {
			t.Errorf("%s: %v", m.SourceID, err)
		}
	}
	if !msgs[2].Timestamp.Equal(msgs[1].Timestamp) || !msgs[3].Timestamp.Equal(msgs[1].Timestamp) {
		t.Errorf("times %v, want the refused ones to take a1's", []time.Time{msgs[1].Timestamp, msgs[2].Timestamp, msgs[3].Timestamp})
	}
	report := strings.Join(docs[0].Skipped, "\n")
	for _, id := range []string{"node u2: create_time is not a time in the years 1970 to 9999", "node a2: create_time is not a time in the years 1970 to 9999"} {
		if !strings.Contains(report, id) {
			t.Errorf("report %q does not say %q", report, id)
		}
	}
}

// TestCreateTimeNotATimeFollowsTheSameRule: create_time "abc" is reported
// on its message like a time out of range (it was taken silently as none,
// and on the conversation made the import fail with "ended_at is before
// started_at"): the message keeps the time before it, or the first usable
// one; the conversation starts at its first message.
func TestCreateTimeNotATimeFollowsTheSameRule(t *testing.T) {
	data := export(t, "a1",
		tn{id: "r", children: []string{"u1"}},
		tn{id: "u1", parent: "r", role: "user", text: "When is the launch?", children: []string{"a1"}},
		tn{id: "a1", parent: "u1", role: "assistant", text: "Friday."},
	)
	var convs []map[string]any
	if err := json.Unmarshal(data, &convs); err != nil {
		t.Fatal(err)
	}
	convs[0]["create_time"] = "abc"
	mapping := convs[0]["mapping"].(map[string]any)
	mapping["u1"].(map[string]any)["message"].(map[string]any)["create_time"] = "abc"
	data, _ = json.Marshal(convs)
	docs, err := Parse(data)
	if err != nil || len(docs) != 1 {
		t.Fatalf("%d documents, %v", len(docs), err)
	}
	s, msgs := docs[0].Session, docs[0].Conversations[0].Messages
	if len(msgs) != 2 || !msgs[0].Timestamp.Equal(msgs[1].Timestamp) || !s.StartedAt.Equal(msgs[1].Timestamp) ||
		s.EndedAt == nil || s.EndedAt.Before(s.StartedAt) {
		t.Fatalf("session %v to %v, messages %d", s.StartedAt, s.EndedAt, len(msgs))
	}
	report := strings.Join(docs[0].Skipped, "\n")
	for _, want := range []string{"node u1: create_time is not a time", "the conversation's create_time is not a time"} {
		if !strings.Contains(report, want) {
			t.Errorf("report %q does not say %q", report, want)
		}
	}
}
