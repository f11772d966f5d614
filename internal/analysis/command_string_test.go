package analysis

import (
	"encoding/json"
	"path"
	"strings"
	"testing"
)

// commandStringBefore is commandString as it was before it read with
// jsonfast: the reference.
func commandStringBefore(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var argv []string
	if json.Unmarshal(raw, &argv) != nil || len(argv) == 0 {
		return ""
	}
	switch path.Base(argv[0]) {
	case "bash", "sh", "zsh":
		for i := 1; i+1 < len(argv); i++ {
			if strings.HasPrefix(argv[i], "-") && strings.Contains(argv[i], "c") {
				return argv[i+1]
			}
		}
	}
	return strings.Join(argv, " ")
}

var commandCases = []string{
	`"go test ./..."`, ` "spaced\ttab" `, `["bash","-lc","go test ./... \u0026\u0026 echo \"ok\""]`, ` ["/bin/zsh","-c","ls"]`,
	`["pwsh","-Command","Get-ChildItem"]`, `["git","status"]`, `[]`, `[1,2]`, `["a",null]`, `null`, `12`, `{"a":1}`, `"\ud83d"`, `"bad \x"`, `[`, ``,
}

func TestCommandStringAsBefore(t *testing.T) {
	for _, c := range commandCases {
		checkCommandString(t, c)
	}
}

func FuzzCommandString(f *testing.F) {
	for _, c := range commandCases {
		f.Add(c)
	}
	f.Fuzz(checkCommandString)
}

func checkCommandString(t *testing.T, c string) {
	if got, want := commandString(json.RawMessage(c)), commandStringBefore(json.RawMessage(c)); got != want {
		t.Errorf("commandString(%s) = %q; before: %q", c, got, want)
	}
}
