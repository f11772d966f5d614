package ingest_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/ingest"
)

// detectByDecoding is how Detect told formats before it read keys without
// decoding values (it copied a whole large document): the reference.
func detectByDecoding(data []byte) string {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(data) == 0 {
		return ingest.FormatUnknown
	}
	var first map[string]json.RawMessage
	switch data[0] {
	case '[':
		var arr []json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(data))
		if dec.Decode(&arr) != nil || len(arr) == 0 || json.Unmarshal(arr[0], &first) != nil {
			return ingest.FormatUnknown
		}
	case '{':
		line := data
		if i := bytes.IndexByte(data, '\n'); i > 0 {
			line = data[:i]
		}
		if json.Unmarshal(line, &first) != nil && json.NewDecoder(bytes.NewReader(data)).Decode(&first) != nil {
			return ingest.FormatUnknown
		}
	default:
		return ingest.FormatUnknown
	}
	switch {
	case first["mapping"] != nil:
		return ingest.FormatChatGPT
	case first["conversation"] != nil:
		return ingest.FormatStructured
	case first["status_snapshot"] != nil && first["reference_point"] != nil && first["summary_caption"] != nil:
		return ingest.FormatLexFrames
	case first["sessionId"] != nil || first["leafUuid"] != nil || (first["type"] != nil && first["uuid"] != nil),
		first["type"] != nil && first["messageId"] != nil && first["snapshot"] != nil:
		return ingest.FormatClaudeCode
	}
	return ingest.FormatUnknown
}

// TestDetectAsByDecoding: Detect, reading only the first object's keys,
// tells every input's format as decoding it did.
func TestDetectAsByDecoding(t *testing.T) {
	inputs := []string{
		``, `  `, `x`, `null`, `[]`, `[null]`, `["x"]`, `[{"conversation":1}]`, `[{"conversation":1},]`,
		`{"conversation":{"a":"}"}}`, `{"id":"x","conversation":null}`, "{\n\"conversation\": {}\n}",
		`{"a":{"conversation":1}}`, `{"a":"\"conversation\":"}`, `{"conv\u0065rsation":1}`,
		`{"mapping":{},"conversation":1}`, `{"type":"user","uuid":"u"}`, `{"type":"user"}`, `{"sessionId":"s"}` + "\n" + `{"x":1}`,
		`{"leafUuid":"x"} trailing`, `{"conversation":1}` + "\n" + `{broken`, `{"conversation":1`, `{"status_snapshot":1,"reference_point":2,"summary_caption":3}`,
		`{"status_snapshot":1,"reference_point":2}`, "\ufeff" + `{"conversation":1}`, "[\n {\"mapping\":{}}\n]", `[{"a":[{"mapping":1}]}]`,
		`{"a":1}{"conversation":1}`, `{"a":"x\\"}`, `{"type":"file-history-snapshot","messageId":"m","snapshot":{},"isSnapshotUpdate":false}`, `[{"conversation":1}] x`, `[{"conversation":1}`, `{"a":[1,2,{"b":"]"}],"sessionId":1}`,
	}
	for _, dir := range []string{"chatgpt/testdata", "structured"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range files {
			if data, err := os.ReadFile(f); err == nil {
				inputs = append(inputs, string(data))
			}
		}
	}
	inputs = append(inputs, string(bigStructured(50)))
	for _, in := range inputs {
		if got, want := ingest.Detect("f", []byte(in)), detectByDecoding([]byte(in)); got != want {
			t.Errorf("Detect(%.60q) = %q, want %q", in, got, want)
		}
	}
}

// TestDetectAgents tells the other agents' files from Claude Code's, by
// their first value's keys.
func TestDetectAgents(t *testing.T) {
	for in, want := range map[string]string{
		`{"timestamp":"2025-11-02T09:00:00Z","type":"session_meta","payload":{"id":"x"}}`:         ingest.FormatCodex,
		`{"id":"x","timestamp":"2025-05-14T16:20:11Z","instructions":null,"git":{}}`:              ingest.FormatCodex,
		`{"sessionId":"s","projectHash":"h","messages":[]}`:                                       ingest.FormatGemini,
		`[{"role":"user","parts":[{"text":"hi"}]}]`:                                               ingest.FormatGemini,
		`[{"sessionId":"s","messageId":0,"type":"user","message":"hi","timestamp":"x"}]`:          ingest.FormatGemini,
		`{"type":"user","uuid":"u","sessionId":"s","message":{}}`:                                 ingest.FormatClaudeCode,
		`{"type":"file-history-snapshot","messageId":"m","snapshot":{},"isSnapshotUpdate":false}`: ingest.FormatClaudeCode,
		`{"id":"x","timestamp":"t"}`:                                                              ingest.FormatUnknown,
	} {
		if got := ingest.Detect("f", []byte(in)); got != want {
			t.Errorf("Detect(%s) = %q, want %q", in, got, want)
		}
	}
}
