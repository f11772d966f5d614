package structured_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/structured"
)

func validDocument() structured.Document {
	return structured.Document{
		ID: "team_standup_001",
		Conversation: structured.Conversation{
			Source: "slack",
			People: []string{"Alice", "Bob", "Charlie", "Diana"},
			User:   "Alice",
			Conversation: []structured.Message{
				{Speaker: "Alice", Content: "Good morning team! Ready for standup?", Time: "2024-01-15T09:00:00Z"},
				{Speaker: "Bob", Content: "Yes! I finished the API integration yesterday.", Time: "2024-01-15T09:01:00Z"},
				{Speaker: "Charlie", Content: "Great work Bob! I'm working on the frontend today.", Time: "2024-01-15T10:02:00.250+01:00"},
				{Speaker: "Diana", Content: "I'll be reviewing the test cases this morning.", Time: "2024-01-15T09:03:00Z"},
			},
		},
	}
}

func TestValidateAcceptsTheSeedExample(t *testing.T) {
	d := validDocument()
	if err := structured.Validate(&d); err != nil {
		t.Fatal(err)
	}
}

func TestValidateRules(t *testing.T) {
	tests := []struct {
		name   string
		breaks func(d *structured.Document)
		field  string
		msg    string
	}{
		{"missing id", func(d *structured.Document) { d.ID = "" },
			"id", "document ID is required"},
		{"blank id", func(d *structured.Document) { d.ID = " \t " },
			"id", "document ID is required"},
		{"missing source", func(d *structured.Document) { d.Conversation.Source = "  " },
			"conversation.source", "conversation source is required"},
		{"no people", func(d *structured.Document) { d.Conversation.People = nil },
			"conversation.people", "at least one person must be specified in the conversation"},
		{"missing user", func(d *structured.Document) { d.Conversation.User = "" },
			"conversation.user", "user field is required to identify the primary user"},
		{"user not in people", func(d *structured.Document) { d.Conversation.User = "Eve" },
			"conversation.user", "user 'Eve' must be included in the people list"},
		{"no messages", func(d *structured.Document) { d.Conversation.Conversation = []structured.Message{} },
			"conversation.conversation", "conversation must contain at least one message"},
		{"missing speaker", func(d *structured.Document) { d.Conversation.Conversation[3].Speaker = " " },
			"conversation.conversation[3].speaker", "message 3: speaker is required"},
		{"missing content", func(d *structured.Document) { d.Conversation.Conversation[0].Content = "\n" },
			"conversation.conversation[0].content", "message 0: content is required"},
		{"missing time", func(d *structured.Document) { d.Conversation.Conversation[2].Time = "" },
			"conversation.conversation[2].time", "message 2: time is required"},
		{"invalid time", func(d *structured.Document) { d.Conversation.Conversation[1].Time = "15/01/2024 09:01" },
			"conversation.conversation[1].time", "message 1: time must be a valid RFC3339 timestamp"},
		{"time without zone", func(d *structured.Document) { d.Conversation.Conversation[1].Time = "2024-01-15T09:01:00" },
			"conversation.conversation[1].time", "message 1: time must be a valid RFC3339 timestamp"},
		{"speaker not in people", func(d *structured.Document) { d.Conversation.Conversation[2].Speaker = "Mallory" },
			"conversation.conversation[2].speaker", "message 2: speaker 'Mallory' must be included in the people list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := validDocument()
			tt.breaks(&d)
			assertInvalid(t, structured.Validate(&d), tt.field, tt.msg)
		})
	}
}

// A document that breaks several rules reports the first in the rules' order.
func TestValidateOrder(t *testing.T) {
	tests := []struct {
		name   string
		breaks func(d *structured.Document)
		msg    string
	}{
		{"id before source", func(d *structured.Document) { d.ID, d.Conversation.Source = "", "" },
			"document ID is required"},
		{"source before people", func(d *structured.Document) { d.Conversation.Source, d.Conversation.People = "", nil },
			"conversation source is required"},
		{"people before user", func(d *structured.Document) { d.Conversation.People, d.Conversation.User = nil, "" },
			"at least one person must be specified in the conversation"},
		{"user before messages", func(d *structured.Document) {
			d.Conversation.User, d.Conversation.Conversation = "", nil
		}, "user field is required to identify the primary user"},
		{"user membership before messages", func(d *structured.Document) {
			d.Conversation.User, d.Conversation.Conversation = "Eve", nil
		}, "user 'Eve' must be included in the people list"},
		{"messages exist before each message", func(d *structured.Document) {
			d.Conversation.Conversation = nil
		}, "conversation must contain at least one message"},
		{"earlier message first", func(d *structured.Document) {
			d.Conversation.Conversation[1].Time = ""
			d.Conversation.Conversation[2].Speaker = ""
		}, "message 1: time is required"},
		{"speaker before content", func(d *structured.Document) {
			d.Conversation.Conversation[0].Speaker = ""
			d.Conversation.Conversation[0].Content = ""
		}, "message 0: speaker is required"},
		{"content before time", func(d *structured.Document) {
			d.Conversation.Conversation[0].Content = ""
			d.Conversation.Conversation[0].Time = ""
		}, "message 0: content is required"},
		{"time before speaker membership", func(d *structured.Document) {
			d.Conversation.Conversation[0].Speaker = "Mallory"
			d.Conversation.Conversation[0].Time = "yesterday"
		}, "message 0: time must be a valid RFC3339 timestamp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := validDocument()
			tt.breaks(&d)
			if got := baton.ErrorMessage(structured.Validate(&d)); got != tt.msg {
				t.Errorf("message = %q, want %q", got, tt.msg)
			}
		})
	}
}

func TestValidateComparesNamesWithoutSurroundingSpace(t *testing.T) {
	d := validDocument()
	d.Conversation.User = " Alice"
	d.Conversation.Conversation[1].Speaker = "Bob "
	if err := structured.Validate(&d); err != nil {
		t.Fatal(err)
	}
}

func TestValidateNil(t *testing.T) {
	assertInvalid(t, structured.Validate(nil), "id", "document ID is required")
}

func assertInvalid(t *testing.T, err error, field, msg string) {
	t.Helper()
	var e *baton.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v, want a *baton.Error", err)
	}
	if e.Code != baton.EINVALID || e.Message != msg || e.Field != field {
		t.Errorf("error = {%s %q %s}, want {%s %q %s}", e.Code, e.Message, e.Field, baton.EINVALID, msg, field)
	}
}

// TestValidateRefusesTimesOutsideYears1To9999: a time whose UTC year is 0
// or 10000 would break every read of the session; the message is refused,
// named by its field.
func TestValidateRefusesTimesOutsideYears1To9999(t *testing.T) {
	for _, ts := range []string{"0000-06-01T09:00:00Z", "9999-12-31T23:30:00-05:00"} {
		d := validDocument()
		d.Conversation.Conversation[1].Time = structured.Timestamp(ts)
		err := structured.Validate(&d)
		var e *baton.Error
		if !errors.As(err, &e) || e.Field != "conversation.conversation[1].time" || !strings.Contains(e.Message, "outside the years 1 to 9999") {
			t.Errorf("%s: %v", ts, err)
		}
	}
}
