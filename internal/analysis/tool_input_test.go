package analysis

import (
	"encoding/json"
	"reflect"
	"testing"
)

// parseInput reads what encoding/json reads into a toolInput, its fields
// that fit kept: a command of another kind than a string (Codex's array
// of words) is left empty and the other fields are still read.
func TestParseInputReadsAsEncodingJSON(t *testing.T) {
	for _, raw := range []string{
		`{"command":"go test ./...","description":"run the tests"}`,
		`{"command":["bash","-lc","go vet ./..."],"workdir":"/src/app","file_path":"/src/app/main.go"}`,
		`{"file_path":"/src/a.go","command": [ "ls" ] ,"offset":10,"limit":20}`,
		`{"command":null,"path":"/src/b.go","new_str":"x := 1"}`,
		`{"command":42,"url":"https://example.org/docs"}`,
		`{"command" :  "echo \"quoted\" \u00e9\ud83d\ude00 \\n" , "content":"line\nline"}`,
		`{"command":"first","command":["second"]}`,
		`{"COMMAND":"upper case key"}`,
		`{"command":"bad utf-8 ` + "\xff" + `"}`,
		`{"edits":[{"old_string":"a","new_string":"b"}],"command":{"argv":["make"]}}`,
		`{"offset":"ten","command":"ls"}`,
		`not json`,
		``,
	} {
		var want toolInput
		_ = json.Unmarshal([]byte(raw), &want)
		if got := parseInput(json.RawMessage(raw)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", raw, got, want)
		}
	}
}
