package demo_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/demo"
)

var now = time.Date(2025, 6, 20, 16, 30, 0, 0, time.UTC)

func TestDocumentsCoverEverySessionType(t *testing.T) {
	docs := demo.Documents(now)
	if len(docs) < 18 || len(docs) > 24 {
		t.Fatalf("got %d documents, want about 20", len(docs))
	}
	types := map[baton.SessionType]int{}
	sources := map[string]int{}
	for _, d := range docs {
		types[d.Session.Type]++
		sources[d.Session.Source]++
	}
	if types[baton.SessionCode] < 8 {
		t.Errorf("%d code sessions, want at least 8", types[baton.SessionCode])
	}
	for _, typ := range baton.SessionTypes {
		if types[typ] == 0 {
			t.Errorf("no %s session", typ)
		}
	}
	for _, src := range []string{"claude-code", "api", "structured-json"} {
		if sources[src] == 0 {
			t.Errorf("no session from %s", src)
		}
	}
}

func TestDocumentsAreWellFormed(t *testing.T) {
	docs := demo.Documents(now)
	refs := map[string]bool{}
	titles := map[string]bool{}
	for _, d := range docs {
		s := d.Session
		t.Run(s.SourceRef, func(t *testing.T) {
			if s.SourceRef == "" || refs[s.SourceRef] || d.Key != s.SourceRef {
				t.Errorf("source ref %q (key %q) is empty, repeated or not the key", s.SourceRef, d.Key)
			}
			refs[s.SourceRef] = true
			if s.Title == "" || titles[s.Title] {
				t.Errorf("title %q is empty or repeated", s.Title)
			}
			titles[s.Title] = true
			if !s.Type.Valid() || !s.ReviewStatus.Valid() || s.Version != "2.0" || s.Tags == nil {
				t.Errorf("type %q, review %q, version %q, tags %v", s.Type, s.ReviewStatus, s.Version, s.Tags)
			}
			if s.Steward.Name != demo.StewardName {
				t.Errorf("steward = %q", s.Steward.Name)
			}
			if s.StartedAt.Before(now.AddDate(0, 0, -43)) || s.EndedAt == nil || !s.EndedAt.Before(now) || s.EndedAt.Before(s.StartedAt) {
				t.Errorf("times %v – %v are not within the six weeks before %v", s.StartedAt, s.EndedAt, now)
			}
			if want := int64(s.EndedAt.Sub(s.StartedAt) / time.Second); s.DurationSeconds != want {
				t.Errorf("duration %d, want %d", s.DurationSeconds, want)
			}
			if s.Type == baton.SessionCode && (s.Branch == "" || len(s.Technical.Repositories) == 0) {
				t.Errorf("code session without branch or repository")
			}
			checkConversations(t, d)
		})
	}
}

func checkConversations(t *testing.T, d baton.ImportDocument) {
	t.Helper()
	if len(d.Conversations) == 0 || d.Conversations[0].Key != "main" || d.Conversations[0].Kind != baton.ConversationOriginal || d.Conversations[0].ParentKey != "" {
		t.Fatalf("the first conversation is not the main one: %+v", d.Conversations[0].Key)
	}
	byKey := map[string]baton.ImportConversation{}
	sessionIDs := map[string]bool{}
	for _, c := range d.Conversations {
		if _, dup := byKey[c.Key]; dup {
			t.Errorf("conversation key %q repeated", c.Key)
		}
		byKey[c.Key] = c
		if len(c.Messages) == 0 {
			t.Errorf("conversation %q is empty", c.Key)
			continue
		}
		if c.Key != "main" {
			parent, ok := byKey[c.ParentKey]
			if !ok || c.Kind != baton.ConversationFork {
				t.Errorf("fork %q: parent %q (listed before it: %v), kind %q", c.Key, c.ParentKey, ok, c.Kind)
				continue
			}
			i := slices.IndexFunc(parent.Messages, func(m baton.Message) bool { return m.SourceID == c.ForkAfterSourceID })
			if i < 0 {
				t.Errorf("fork %q forks after %q, which %q does not have", c.Key, c.ForkAfterSourceID, c.ParentKey)
			} else if !c.Messages[0].Timestamp.After(parent.Messages[i].Timestamp) {
				t.Errorf("fork %q starts before its fork point", c.Key)
			}
		}
		for i, m := range c.Messages {
			if m.SourceID == "" || sessionIDs[m.SourceID] {
				t.Errorf("%s message %d: source id %q empty or repeated", c.Key, i, m.SourceID)
			}
			sessionIDs[m.SourceID] = true
			if m.Seq != 0 {
				t.Errorf("%s message %d has Seq %d; the store assigns it", c.Key, i, m.Seq)
			}
			if i > 0 && !m.Timestamp.After(c.Messages[i-1].Timestamp) {
				t.Errorf("%s message %d at %v is not after message %d", c.Key, i, m.Timestamp, i-1)
			}
			if !m.Role.Valid() || !slices.Contains(baton.ContentTypes, m.ContentType) {
				t.Errorf("%s message %d: role %q, content type %q", c.Key, i, m.Role, m.ContentType)
			}
			if strings.TrimSpace(m.Content) == "" {
				t.Errorf("%s message %d (%s) is empty", c.Key, i, m.Role)
			}
			if strings.Contains(m.Content+m.Thinking, "‵") {
				t.Errorf("%s message %d still holds a stand-in backtick", c.Key, i)
			}
			checkToolPairing(t, c, i)
		}
	}
}

// Every tool call is followed by the result that answers it.
func checkToolPairing(t *testing.T, c baton.ImportConversation, i int) {
	t.Helper()
	m := c.Messages[i]
	switch m.Role {
	case baton.RoleToolCall:
		if len(m.ToolCalls) != 1 || m.ToolCalls[0].ID == "" || !json.Valid(m.ToolCalls[0].Input) {
			t.Errorf("%s message %d: tool calls %+v", c.Key, i, m.ToolCalls)
			return
		}
		if i+1 >= len(c.Messages) || c.Messages[i+1].ToolResult == nil || c.Messages[i+1].ToolResult.ToolUseID != m.ToolCalls[0].ID {
			t.Errorf("%s message %d: tool call %s is not followed by its result", c.Key, i, m.ToolCalls[0].ID)
		}
	case baton.RoleToolResult:
		if m.ToolResult == nil || i == 0 || c.Messages[i-1].Role != baton.RoleToolCall {
			t.Errorf("%s message %d: tool result without its call", c.Key, i)
		}
	}
}

func TestDocumentsShowEveryFeature(t *testing.T) {
	docs := demo.Documents(now)
	roles := map[baton.Role]int{}
	tools := map[string]int{}
	review := map[baton.ReviewStatus]int{}
	var failedTools, thinking, usage, forks, forkOfFork, scored, decisions, openThreads, tagged, insights int
	var marathon []baton.ImportDocument
	for _, d := range docs {
		s := d.Session
		review[s.ReviewStatus]++
		if s.QualityScore != nil {
			scored++
		}
		if len(s.Summary.Decisions) > 0 {
			decisions++
		}
		if len(s.Continuity.OpenThreads) > 0 {
			openThreads++
		}
		if len(s.Tags) > 0 {
			tagged++
		}
		for _, c := range d.Conversations {
			if c.Kind == baton.ConversationFork {
				forks++
				if c.ParentKey != "main" {
					forkOfFork++
				}
			}
			if c.Key == "main" && len(c.Messages) == demo.MarathonMessages {
				marathon = append(marathon, d)
			}
			for _, m := range c.Messages {
				roles[m.Role]++
				for _, tc := range m.ToolCalls {
					tools[tc.Name]++
					checkToolInput(t, tc)
				}
				if m.ToolResult != nil && m.ToolResult.IsError {
					failedTools++
				}
				if m.Thinking != "" {
					thinking++
				}
				if m.Role == baton.RoleAssistant && m.Model != "" && m.Usage.OutputTokens > 0 && m.Usage.Total() > m.Usage.OutputTokens {
					usage++
				}
				if m.Impact.LedToInsight {
					insights++
				}
			}
		}
	}
	for _, r := range baton.Roles {
		if roles[r] == 0 {
			t.Errorf("no %s message", r)
		}
	}
	for _, name := range []string{"Read", "Edit", "Write", "Bash", "Grep", "TodoWrite"} {
		if tools[name] == 0 {
			t.Errorf("no %s tool call", name)
		}
	}
	for _, st := range baton.ReviewStatuses {
		if review[st] == 0 {
			t.Errorf("no %s session", st)
		}
	}
	checks := []struct {
		what     string
		got, min int
	}{
		{"failed tool results", failedTools, 20},
		{"assistant messages with thinking", thinking, 20},
		{"assistant messages with model and usage", usage, 100},
		{"forks", forks, 2},
		{"forks of forks", forkOfFork, 1},
		{"scored sessions", scored, 4},
		{"sessions with decisions", decisions, 4},
		{"sessions with open threads", openThreads, 4},
		{"tagged sessions", tagged, 15},
		{"insight messages", insights, 5},
	}
	for _, c := range checks {
		if c.got < c.min {
			t.Errorf("%d %s, want at least %d", c.got, c.what, c.min)
		}
	}
	if len(marathon) != 1 {
		t.Fatalf("%d sessions with %d messages, want exactly 1", len(marathon), demo.MarathonMessages)
	}
}

func checkToolInput(t *testing.T, tc baton.ToolCall) {
	t.Helper()
	var in map[string]any
	if err := json.Unmarshal(tc.Input, &in); err != nil {
		t.Errorf("%s input: %v", tc.Name, err)
		return
	}
	want := map[string][]string{
		"Read":      {"file_path"},
		"Edit":      {"file_path", "old_string", "new_string"},
		"Write":     {"file_path", "content"},
		"Bash":      {"command"},
		"Grep":      {"pattern"},
		"TodoWrite": {"todos"},
	}[tc.Name]
	for _, k := range want {
		if _, ok := in[k]; !ok {
			t.Errorf("%s input %s has no %q", tc.Name, tc.Input, k)
		}
	}
	if tc.Name == "TodoWrite" {
		for _, item := range in["todos"].([]any) {
			td := item.(map[string]any)
			if td["content"] == "" || !slices.Contains([]any{"pending", "in_progress", "completed"}, td["status"]) {
				t.Errorf("todo %v", td)
			}
		}
	}
}

func TestMarathon(t *testing.T) {
	var m *baton.ImportDocument
	docs := demo.Documents(now)
	for i := range docs {
		if len(docs[i].Conversations[0].Messages) == demo.MarathonMessages {
			m = &docs[i]
		}
	}
	if m == nil {
		t.Fatal("no marathon")
	}
	msgs := m.Conversations[0].Messages
	roles := map[baton.Role]int{}
	distinct, talk := map[string]bool{}, map[string]bool{}
	talked := 0
	for _, msg := range msgs {
		roles[msg.Role]++
		distinct[msg.Content] = true
		if msg.Role == baton.RoleSteward || msg.Role == baton.RoleAssistant {
			talk[msg.Content] = true
			talked++
		}
	}
	for _, r := range baton.Roles {
		if roles[r] == 0 {
			t.Errorf("no %s message in the marathon", r)
		}
	}
	if roles[baton.RoleSteward] < 100 || roles[baton.RoleToolCall] < 400 {
		t.Errorf("roles = %v", roles)
	}
	// Composed, not copied: most messages say something of their own.
	if len(distinct) < len(msgs)*6/10 || len(talk) < talked*6/10 {
		t.Errorf("only %d distinct contents in %d messages, %d in %d steward and assistant messages", len(distinct), len(msgs), len(talk), talked)
	}
	if d := m.Session.EndedAt.Sub(m.Session.StartedAt); d < 4*time.Hour || d > 14*time.Hour {
		t.Errorf("the marathon lasts %v", d)
	}
}

func TestStructuredSessionComesThroughTheImporter(t *testing.T) {
	var found bool
	for _, d := range demo.Documents(now) {
		if d.Session.Source != "structured-json" {
			continue
		}
		found = true
		people, _ := d.Session.Attributes["people"].([]string)
		if len(people) != 4 {
			t.Errorf("people = %v, want 4", d.Session.Attributes["people"])
		}
		speakers := map[string]baton.Role{}
		for _, m := range d.Conversations[0].Messages {
			speakers[m.Speaker] = m.Role
			if !strings.HasPrefix(m.SourceID, d.Session.SourceRef+"#") {
				t.Errorf("source id %q is not the importer's", m.SourceID)
			}
		}
		if len(speakers) != 4 || speakers[demo.StewardName] != baton.RoleSteward {
			t.Errorf("speakers = %v", speakers)
		}
	}
	if !found {
		t.Fatal("no structured-json session")
	}
}

func TestDocumentsAreDeterministic(t *testing.T) {
	a, b := demo.Documents(now), demo.Documents(now)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two calls with the same now differ")
	}
	later := demo.Documents(now.Add(72 * time.Hour))
	if got, want := later[0].Session.StartedAt.Sub(a[0].Session.StartedAt), 72*time.Hour; got != want {
		t.Errorf("moving now by %v moved the first session by %v", want, got)
	}
	if later[5].Conversations[0].Messages[3].Content != a[5].Conversations[0].Messages[3].Content {
		t.Error("content depends on now")
	}
}

// TestDocumentsHaveAnUnfinishedChatGPTAnswer: the demo shows a ChatGPT
// answer its export marked unfinished.
func TestDocumentsHaveAnUnfinishedChatGPTAnswer(t *testing.T) {
	for _, d := range demo.Documents(now) {
		if d.Session.Source != "chatgpt" {
			continue
		}
		msgs := d.Conversations[0].Messages
		if last := msgs[len(msgs)-1]; last.Role == baton.RoleAssistant && last.Attributes["unfinished"] == "interrupted" {
			return
		}
	}
	t.Error("no ChatGPT session whose last answer is marked unfinished")
}
