package claudecode

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(fixtureProject, fixtureSession+".jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range bytes.Split(data, []byte("\n")) {
		f.Add(l)
	}
	f.Add(data)
	f.Add([]byte(`{"type":"assistant","message":{"id":"m","content":"plain"}}`))
	f.Add([]byte(`{"type":"user","message":{"content":[{"type":"tool_result","content":7}]}}`))
	f.Add([]byte(`{"type":"user","isSidechain":true,"parentUuid":"a","uuid":"a","message":{"content":"loop"}}`))
	f.Add([]byte("{\"type\":\"user\",\"message\":{\"content\":\"\\u0000<command-name>\"}}\n\xff\xfe"))

	f.Fuzz(func(t *testing.T, data []byte) {
		doc, _, err := Parse(bytes.NewReader(data), "fuzz.jsonl", Options{
			MaxLineBytes: 1 << 16,
			Subagents:    map[string]io.Reader{"agent-f.jsonl": bytes.NewReader(data)},
		})
		if err != nil {
			return
		}
		keys := map[string]bool{}
		seen := map[string]bool{}
		for i, c := range doc.Conversations {
			if i > 0 && !keys[c.ParentKey] {
				t.Fatalf("conversation %q comes before its parent %q", c.Key, c.ParentKey)
			}
			keys[c.Key] = true
			for _, m := range c.Messages {
				if seen[m.SourceID] {
					t.Fatalf("source id %q twice", m.SourceID)
				}
				seen[m.SourceID] = true
				for _, s := range []string{m.SourceID, m.Content, m.Thinking, m.Model, m.Speaker} {
					if strings.Contains(s, "\x00") {
						t.Fatalf("NUL in %q", s)
					}
				}
				for _, tc := range m.ToolCalls {
					if bytes.Contains(tc.Input, []byte(`\u0000`)) || !utf8.Valid(tc.Input) {
						t.Fatalf("bad tool input %q", tc.Input)
					}
				}
			}
		}
	})
}
