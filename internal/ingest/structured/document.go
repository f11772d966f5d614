// Package structured reads the structured conversation format of
// seeds/structured-conversation-format.md: JSON documents naming a source,
// the people in a conversation, its primary user and its timed messages.
// Parse turns bytes into Documents, Validate applies the format's rules with
// its error messages verbatim, and ToImport turns a valid Document into a
// baton.ImportDocument for the store.
package structured

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Document is one conversation document.
// Metadata values may be any JSON value.
type Document struct {
	ID           string         `json:"id"`
	Conversation Conversation   `json:"conversation"`
	Tags         []string       `json:"tags,omitempty"`
	Metadata     map[string]any `json:"metadata,omitempty"`
}

// Conversation is the structured conversation of a document.
type Conversation struct {
	Source       string    `json:"source"`
	People       []string  `json:"people"`
	User         string    `json:"user"`
	Conversation []Message `json:"conversation"`
}

// Message is one message of a conversation.
type Message struct {
	Speaker string    `json:"speaker"`
	Content string    `json:"content"`
	Time    Timestamp `json:"time"`
}

// Timestamp is a message time as written. It accepts any JSON value, so a
// missing or malformed time is reported by Validate, naming the message,
// instead of failing the whole parse with a JSON error.
type Timestamp string

// UnmarshalJSON keeps a string as it is, null as empty, and any other value
// as its JSON text (which then fails validation as an invalid time).
func (t *Timestamp) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = Timestamp(s)
		return nil
	}
	*t = Timestamp(b)
	return nil
}

// Missing reports whether no time was given (absent, null or blank).
func (t Timestamp) Missing() bool { return strings.TrimSpace(string(t)) == "" }

// Time parses the timestamp as RFC 3339 (fractional seconds allowed),
// exactly as the API reads a message's timestamp (baton.ParseTime), so a
// document is refused for a time the API refuses and accepted for one it
// accepts.
func (t Timestamp) Time() (time.Time, error) {
	ts, ok := baton.ParseTime(string(t))
	if !ok {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 time", string(t))
	}
	return ts, nil
}

// At returns the timestamp for a time.
func At(t time.Time) Timestamp { return Timestamp(t.Format(time.RFC3339Nano)) }
