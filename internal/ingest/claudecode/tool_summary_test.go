package claudecode

import (
	"encoding/json"
	"testing"
)

// toolSummaryByMap is toolSummary as it was: the input decoded into a map
// by encoding/json, each key looked up.
func toolSummaryByMap(name string, input json.RawMessage) string {
	var in map[string]json.RawMessage
	_ = json.Unmarshal(input, &in)
	for _, key := range summaryKeys {
		var v string
		if raw, ok := in[key]; ok && json.Unmarshal(raw, &v) == nil && v != "" {
			return name + ": " + titleFrom(v)
		}
	}
	return name
}

// toolSummary describes a call as decoding its input into a map did:
// keys matched exactly (not "Command"), escaped keys, a key given twice
// (the last counts), values that are not strings or are empty, and
// inputs that are not an object or not JSON.
func TestToolSummaryAsByMap(t *testing.T) {
	inputs := []string{
		`{"command":"go test ./..."}`,
		` { "file_path" : "/src/main.go" , "command" : "ls" } `,
		`{"Command":"ls","path":"docs"}`,
		`{"COMMAND":"ls"}`,
		`{"comm\u0061nd":"escaped key"}`,
		`{"command":"first","command":"second"}`,
		`{"command":"ok","command":7}`,
		`{"command":null,"pattern":"TODO"}`,
		`{"command":"","url":"https://example.com/a b"}`,
		`{"command":["ls"],"query":{"q":"x"},"description":"nested"}`,
		`{"prompt":"line one\nline two","skill":"pdf"}`,
		`{"skill":"pdf"}`,
		`{"other":1}`,
		`{}`,
		`[]`,
		`"command"`,
		`null`,
		``,
		`{"command":"ls"} trailing`,
		`{"command":"ls"}{"command":"again"}`,
		`{"command":"ls"`,
		`{"command":"bad \x escape"}`,
		`{"command":"\ud83d\ude00 emoji","path":"é"}`,
		"{\"command\":\"invalid \xff utf-8\"}",
		`{"command":"<b>&amp;</b>"}`,
	}
	for _, in := range inputs {
		if got, want := toolSummary("Bash", json.RawMessage(in)), toolSummaryByMap("Bash", json.RawMessage(in)); got != want {
			t.Errorf("toolSummary(%q) = %q, by a map %q", in, got, want)
		}
	}
}
