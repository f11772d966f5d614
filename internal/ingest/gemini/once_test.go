package gemini

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// parseBefore is Parse as it was before a chat was decoded once: Kind,
// then the chat decoded again. The reference.
func parseBefore(data []byte, name string, at time.Time) ([]baton.ImportDocument, []string, error) {
	switch Kind(data) {
	case KindChat:
		doc, skipped, err := parseChat(data, name)
		if err != nil {
			return nil, skipped, err
		}
		return []baton.ImportDocument{doc}, skipped, nil
	case KindCheckpoint:
		doc, skipped, err := parseCheckpoint(data, name, at.UTC())
		if err != nil {
			return nil, skipped, err
		}
		return []baton.ImportDocument{doc}, skipped, nil
	case KindLogs:
		return parseLogs(data, name)
	}
	return nil, nil, baton.Invalid("file", "%s is not a Gemini CLI chat, checkpoint or logs.json", filepath.Base(name))
}

func TestParseDecodesAChatOnceAsBefore(t *testing.T) {
	real, err := os.ReadFile("testdata/real-kvsankar-session-01.json")
	if err != nil {
		t.Fatal(err)
	}
	const msg = `{"id":"m1","timestamp":"2025-10-05T08:03:21Z","type":"user","content":"Fix the build"}`
	cases := map[string]string{
		"real":               string(real),
		"minimal":            `{"sessionId":"s","projectHash":"p","messages":[` + msg + `]}`,
		"spaces":             " \n{\"sessionId\":\"s\",\"projectHash\":\"p\",\"messages\":[" + msg + "]}\n",
		"form feed first":    "\f{\"sessionId\":\"s\",\"projectHash\":\"p\",\"messages\":[" + msg + "]}",
		"null session":       `{"sessionId":null,"projectHash":"p","messages":[` + msg + `]}`,
		"no project":         `{"sessionId":"s","messages":[` + msg + `]}`,
		"null messages":      `{"sessionId":"s","projectHash":"p","messages":null}`,
		"empty messages":     `{"sessionId":"s","projectHash":"p","messages":[]}`,
		"messages not list":  `{"sessionId":"s","projectHash":"p","messages":{"a":1}}`,
		"bad message":        `{"sessionId":"s","projectHash":"p","messages":[{"id":7}]}`,
		"no message text":    `{"sessionId":"s","projectHash":"p","messages":[{"id":"m1","type":"user"}]}`,
		"session twice null": `{"sessionId":"s","projectHash":"p","sessionId":null,"messages":[` + msg + `]}`,
		"case":               `{"SessionID":"s","PROJECTHASH":"p","Messages":[` + msg + `]}`,
		"checkpoint":         `[{"role":"user","parts":[{"text":"hi"}]}]`,
		"not json":           `{"sessionId":`,
	}
	at := time.Date(2025, 10, 5, 9, 0, 0, 0, time.UTC)
	for name, c := range cases {
		docs, skipped, err := Parse([]byte(c), "chats/session-1.json", at)
		wantDocs, wantSkipped, wantErr := parseBefore([]byte(c), "chats/session-1.json", at)
		if !reflect.DeepEqual(docs, wantDocs) || !reflect.DeepEqual(skipped, wantSkipped) || (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("%s: Parse = %d documents, %v, %v; before: %d documents, %v, %v", name, len(docs), skipped, err, len(wantDocs), wantSkipped, wantErr)
		}
	}
}
