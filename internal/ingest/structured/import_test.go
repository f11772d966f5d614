package structured_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/structured"
)

func TestToImportGroupConversation(t *testing.T) {
	d := validDocument()
	d.Tags = []string{"work", "standup"}
	d.Metadata = map[string]any{"channel": "dev-team", "session_type": "planning", "source_system": "overwritten"}
	doc := structured.ToImport(&d)

	s := doc.Session
	if doc.Key != "team_standup_001" || s.SourceRef != "team_standup_001" || s.Source != "structured-json" {
		t.Errorf("key %q, source %q, source ref %q", doc.Key, s.Source, s.SourceRef)
	}
	if s.Title != "Good morning team! Ready for standup?" {
		t.Errorf("title = %q, want the first message", s.Title)
	}
	if s.Type != baton.SessionPlanning {
		t.Errorf("type = %q, want planning from metadata", s.Type)
	}
	if !slices.Equal(s.Tags, []string{"work", "standup"}) {
		t.Errorf("tags = %v", s.Tags)
	}
	if s.Steward.Name != "Alice" || s.ReviewStatus != baton.ReviewPending || s.Version != "2.0" {
		t.Errorf("steward %q, review %q, version %q", s.Steward.Name, s.ReviewStatus, s.Version)
	}
	wantStart := time.Date(2024, 1, 15, 9, 0, 0, 0, time.UTC)
	wantEnd := time.Date(2024, 1, 15, 9, 3, 0, 0, time.UTC)
	if !s.StartedAt.Equal(wantStart) || s.EndedAt == nil || !s.EndedAt.Equal(wantEnd) || s.DurationSeconds != 180 {
		t.Errorf("times %v – %v (%ds)", s.StartedAt, s.EndedAt, s.DurationSeconds)
	}
	if s.Attributes["channel"] != "dev-team" || s.Attributes["source_system"] != "slack" || s.Attributes["user"] != "Alice" {
		t.Errorf("attributes = %v", s.Attributes)
	}
	if people, _ := s.Attributes["people"].([]string); !slices.Equal(people, []string{"Alice", "Bob", "Charlie", "Diana"}) {
		t.Errorf("attributes people = %#v", s.Attributes["people"])
	}

	if len(doc.Conversations) != 1 {
		t.Fatalf("got %d conversations, want 1", len(doc.Conversations))
	}
	c := doc.Conversations[0]
	if c.Key != "main" || c.ParentKey != "" || c.Kind != baton.ConversationOriginal {
		t.Errorf("conversation %+v", c)
	}
	want := []struct {
		role     baton.Role
		speaker  string
		sourceID string
	}{
		{baton.RoleSteward, "Alice", "team_standup_001#0"},
		{baton.RoleAssistant, "Bob", "team_standup_001#1"},
		{baton.RoleAssistant, "Charlie", "team_standup_001#2"},
		{baton.RoleAssistant, "Diana", "team_standup_001#3"},
	}
	if len(c.Messages) != len(want) {
		t.Fatalf("got %d messages", len(c.Messages))
	}
	for i, w := range want {
		m := c.Messages[i]
		if m.Role != w.role || m.Speaker != w.speaker || m.SourceID != w.sourceID {
			t.Errorf("message %d = %s %s %s, want %s %s %s", i, m.Role, m.Speaker, m.SourceID, w.role, w.speaker, w.sourceID)
		}
		if m.Content != d.Conversation.Conversation[i].Content || m.ContentType != baton.ContentText || m.Impact.Significance != 0.5 || m.Seq != 0 {
			t.Errorf("message %d = %+v", i, m)
		}
	}
	// The third message was written with a zone and fractional seconds.
	if want := time.Date(2024, 1, 15, 9, 2, 0, 250e6, time.UTC); !c.Messages[2].Timestamp.Equal(want) {
		t.Errorf("message 2 time = %v, want %v", c.Messages[2].Timestamp, want)
	}
}

func TestToImportTwoPersonConversation(t *testing.T) {
	docs, err := structured.Parse([]byte(lunch))
	if err != nil {
		t.Fatal(err)
	}
	doc := structured.ToImport(&docs[0])
	// "casual_chat" is not a session type.
	if doc.Session.Type != baton.SessionChat {
		t.Errorf("type = %q, want chat", doc.Session.Type)
	}
	var roles []string
	for _, m := range doc.Conversations[0].Messages {
		roles = append(roles, string(m.Role)+":"+m.Speaker)
	}
	if got := strings.Join(roles, " "); got != "steward:Alice assistant:Bob steward:Alice" {
		t.Errorf("roles = %s", got)
	}
	if doc.Session.Attributes["attempt"] != 2.0 {
		t.Errorf("metadata of any JSON type is kept: %v", doc.Session.Attributes)
	}
}

func TestToImportTitle(t *testing.T) {
	long := "We need to decide today whether the invoice ledger moves to event sourcing or stays with snapshots"
	tests := []struct {
		name string
		meta map[string]any
		text string
		want string
	}{
		{"from metadata", map[string]any{"title": "  Ledger design review "}, long, "Ledger design review"},
		{"metadata title not a string", map[string]any{"title": 42}, "Short and sweet.", "Short and sweet."},
		{"cut on a word boundary", nil, long, "We need to decide today whether the invoice ledger moves to…"},
		{"whitespace collapsed", nil, "Morning!\n\n  Quick   sync?", "Morning! Quick sync?"},
		{"one long word", nil, strings.Repeat("a", 80), strings.Repeat("a", 60) + "…"},
		{"punctuation before the cut dropped", nil, "Alright, so here is the thing about the migration, honestly, it is late", "Alright, so here is the thing about the migration, honestly…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := validDocument()
			d.Metadata = tt.meta
			d.Conversation.Conversation[0].Content = tt.text
			if got := structured.ToImport(&d).Session.Title; got != tt.want {
				t.Errorf("title = %q, want %q", got, tt.want)
			}
			if n := len([]rune(tt.want)); n > 61 {
				t.Errorf("title has %d characters", n)
			}
		})
	}
}

func TestToImportConversationTypeMetadata(t *testing.T) {
	d := validDocument()
	d.Metadata = map[string]any{"conversation_type": "reflection"}
	if got := structured.ToImport(&d).Session.Type; got != baton.SessionReflection {
		t.Errorf("type = %q", got)
	}
	d.Metadata = map[string]any{"session_type": "daily_standup", "conversation_type": "analysis"}
	if got := structured.ToImport(&d).Session.Type; got != baton.SessionAnalysis {
		t.Errorf("type = %q, want the first valid one", got)
	}
}

// Importing the same document twice produces the same source ids, so the
// store can recognise it.
func TestToImportIsStable(t *testing.T) {
	d := validDocument()
	a, b := structured.ToImport(&d), structured.ToImport(&d)
	for i := range a.Conversations[0].Messages {
		if a.Conversations[0].Messages[i].SourceID != b.Conversations[0].Messages[i].SourceID {
			t.Fatalf("message %d source ids differ", i)
		}
	}
}

func TestToImportTimesSpanEarliestToLatest(t *testing.T) {
	d := validDocument()
	d.Conversation.Conversation[0].Time = "2024-01-15T09:05:00Z" // written late
	s := structured.ToImport(&d).Session
	if want := time.Date(2024, 1, 15, 9, 1, 0, 0, time.UTC); !s.StartedAt.Equal(want) {
		t.Errorf("started at %v, want %v", s.StartedAt, want)
	}
	if want := time.Date(2024, 1, 15, 9, 5, 0, 0, time.UTC); !s.EndedAt.Equal(want) || s.DurationSeconds != 240 {
		t.Errorf("ended at %v (%ds), want %v", s.EndedAt, s.DurationSeconds, want)
	}
	if got := structured.ToImport(&d).Conversations[0].Messages[0].Speaker; got != "Alice" {
		t.Errorf("first message by %s: the document's order is kept", got)
	}
}

// Claude Code's mark that the steward stopped the assistant, kept by a
// conversion of its transcript as the steward's words, is an event, as
// the Claude Code importer reads it; a message that only mentions it is
// the steward's.
func TestToImportInterruptionIsAnEvent(t *testing.T) {
	doc := `{"id":"c1","conversation":{"source":"claude-code","people":["ana","claude"],"user":"ana","conversation":[
		{"speaker":"ana","content":"Review the auth package line by line.","time":"2026-08-06T20:58:45Z"},
		{"speaker":"ana","content":"[Request interrupted by user]","time":"2026-08-06T20:59:00Z"},
		{"speaker":"ana","content":"[Request interrupted by user for tool use]","time":"2026-08-06T20:59:10Z"},
		{"speaker":"ana","content":"Why did I get [Request interrupted by user] there?","time":"2026-08-06T20:59:20Z"}]}}`
	docs, err := structured.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, m := range structured.ToImport(&docs[0]).Conversations[0].Messages {
		roles = append(roles, string(m.Role))
		if m.Role == baton.RoleSystem && m.Attributes["event"] != "interrupted" {
			t.Errorf("event = %v, want interrupted", m.Attributes["event"])
		}
	}
	if got := strings.Join(roles, " "); got != "steward system system steward" {
		t.Errorf("roles = %s", got)
	}
}
