package structured_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/structured"
)

// lunch is the format's basic two-person example.
const lunch = `{
  "id": "chat_001",
  "conversation": {
    "source": "messaging_app",
    "people": ["Alice", "Bob"],
    "user": "Alice",
    "conversation": [
      {"speaker": "Alice", "content": "Hey, want to grab lunch?", "time": "2024-01-15T12:00:00Z"},
      {"speaker": "Bob", "content": "Sure! How about that new pizza place?", "time": "2024-01-15T12:01:00Z"},
      {"speaker": "Alice", "content": "Perfect! I love pizza. See you at 1pm?", "time": "2024-01-15T12:02:00Z"}
    ]
  },
  "tags": ["food", "plans"],
  "metadata": {"platform": "whatsapp", "session_type": "casual_chat", "attempt": 2, "nested": {"ok": true}}
}`

func TestParseSingleDocument(t *testing.T) {
	docs, err := structured.Parse([]byte(lunch))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 {
		t.Fatalf("got %d documents, want 1", len(docs))
	}
	d := docs[0]
	if d.ID != "chat_001" || d.Conversation.Source != "messaging_app" || d.Conversation.User != "Alice" {
		t.Errorf("header = %q %q %q", d.ID, d.Conversation.Source, d.Conversation.User)
	}
	if got := strings.Join(d.Conversation.People, ","); got != "Alice,Bob" {
		t.Errorf("people = %s", got)
	}
	if len(d.Conversation.Conversation) != 3 || d.Conversation.Conversation[1].Speaker != "Bob" {
		t.Errorf("messages = %+v", d.Conversation.Conversation)
	}
	if ts, err := d.Conversation.Conversation[2].Time.Time(); err != nil || ts.Minute() != 2 {
		t.Errorf("time = %v, %v", ts, err)
	}
	if d.Metadata["attempt"] != 2.0 {
		t.Errorf("metadata attempt = %#v, want the number 2", d.Metadata["attempt"])
	}
	if nested, _ := d.Metadata["nested"].(map[string]any); nested["ok"] != true {
		t.Errorf("metadata nested = %#v", d.Metadata["nested"])
	}
	if err := structured.Validate(&d); err != nil {
		t.Errorf("the basic example is invalid: %v", err)
	}
}

func TestParseArray(t *testing.T) {
	data := "[\n" + lunch + ",\n" + strings.Replace(lunch, "chat_001", "chat_002", 1) + "\n]"
	docs, err := structured.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 || docs[0].ID != "chat_001" || docs[1].ID != "chat_002" {
		t.Fatalf("got %d documents: %+v", len(docs), docs)
	}
}

func TestParseNDJSON(t *testing.T) {
	line := compact(lunch)
	data := line + "\n\n   \n" + strings.Replace(line, "chat_001", "chat_002", 1) + "\r\n" +
		strings.Replace(line, "chat_001", "chat_003", 1) + "\n"
	docs, err := structured.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range docs {
		ids = append(ids, d.ID)
	}
	if got := strings.Join(ids, ","); got != "chat_001,chat_002,chat_003" {
		t.Errorf("ids = %s", got)
	}
}

func TestParseIgnoresByteOrderMark(t *testing.T) {
	docs, err := structured.Parse(append([]byte("\xef\xbb\xbf"), lunch...))
	if err != nil || len(docs) != 1 {
		t.Fatalf("got %d documents, %v", len(docs), err)
	}
}

func TestParseSyntaxErrorsSayWhere(t *testing.T) {
	line := compact(lunch)
	broken := strings.Replace(line, `"user": "Alice",`, `"user": "Alice",,`, 1)
	col := strings.Index(broken, ",,") + 2 // 1-based column of the second comma
	tests := []struct {
		name, data, want string
	}{
		{
			name: "single document",
			data: "{\n  \"id\": \"x\",\n  \"conversation\": {\"source\": \"slack\" \"people\": []}\n}",
			want: "line 3, column 38: invalid character '\"' after object key:value pair",
		},
		{
			name: "array names the document",
			data: "[\n" + line + ",\n" + broken + "\n]",
			want: "document 1 (line 3, column " + strconv.Itoa(col) + "): invalid character ','",
		},
		{
			name: "NDJSON names the line",
			data: line + "\n\n" + line + "\n" + broken + "\n",
			want: "document 2 (line 4, column " + strconv.Itoa(col) + "): invalid character ','",
		},
		{
			name: "truncated input",
			data: "{\n  \"id\": \"x\",\n  \"conversation\": {",
			want: "line 3, column 20: unexpected end of JSON input",
		},
		{
			name: "wrong type names the field",
			data: `{"id": "x", "conversation": {"source": "slack", "people": "Alice"}}`,
			want: "conversation.people must be an array of strings, not a string",
		},
		{
			name: "wrong type in NDJSON names line, column and field",
			data: line + "\n" + `{"id": "x", "conversation": {"source": "slack", "people": {"a": 1}}}` + "\n",
			want: "document 1 (line 2, column 59): conversation.people must be an array of strings, not an object",
		},
		{
			name: "wrong type in an array element",
			data: "[\n" + line + ",\n  " + `{"id": 7}` + "\n]",
			want: "document 1 (line 3, column 10): id must be a string, not a number",
		},
		{
			name: "array of non-objects",
			data: `[1]`,
			want: "document 0 (line 1, column 2): a document must be a JSON object, not a number",
		},
		{name: "not JSON", data: "  hello", want: "line 1, column 3: expected a JSON object"},
		{name: "empty", data: " \n ", want: "no documents: the input is empty"},
		{name: "empty array", data: "[]", want: "no documents: the array is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := structured.Parse([]byte(tt.data))
			if err == nil {
				t.Fatalf("no error, got %d documents", len(docs))
			}
			if baton.ErrorCode(err) != baton.EINVALID {
				t.Errorf("code = %s, want %s", baton.ErrorCode(err), baton.EINVALID)
			}
			if msg := baton.ErrorMessage(err); !strings.Contains(msg, tt.want) {
				t.Errorf("message = %q, want it to contain %q", msg, tt.want)
			}
		})
	}
}

func TestParseKeepsBadTimesForValidation(t *testing.T) {
	data := `{"id": "x", "conversation": {"source": "s", "people": ["A"], "user": "A", "conversation": [
		{"speaker": "A", "content": "hi", "time": 1705312200},
		{"speaker": "A", "content": "hi", "time": null},
		{"speaker": "A", "content": "hi"}
	]}}`
	docs, err := structured.Parse([]byte(data))
	if err != nil {
		t.Fatalf("a bad time should not be a JSON error: %v", err)
	}
	msgs := docs[0].Conversation.Conversation
	if msgs[0].Time.Missing() || !msgs[1].Time.Missing() || !msgs[2].Time.Missing() {
		t.Errorf("times = %q %q %q", msgs[0].Time, msgs[1].Time, msgs[2].Time)
	}
	if msg := baton.ErrorMessage(structured.Validate(&docs[0])); msg != "message 0: time must be a valid RFC3339 timestamp" {
		t.Errorf("validation = %q", msg)
	}
}

func compact(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}
