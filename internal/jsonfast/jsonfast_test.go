package jsonfast

import (
	"encoding/json"
	"testing"
)

// stringCases are JSON values String must read exactly as encoding/json
// does: escapes of every kind, surrogate pairs and lone surrogates, invalid
// UTF-8, control characters, and values that are not one string.
var stringCases = []string{
	`""`, `"plain"`, ` "spaced" `, "\t\"tab\"\n",
	`"a\nb\tc\r\"q\" \\ \/ \b\f"`,
	`"{\"output\":\"ok\\n\",\"metadata\":{\"exit_code\":0}}"`,
	`"\u00e9\u001b[31mred\u001b[0m"`, `"\uD83D\uDE00 smile"`, `"\uD83D alone"`, `"\uDE00"`, `"\uD83D\u0041"`,
	`"\u12"`, `"\uZZZZ"`, `"\x"`, `"\'"`, `"\"`, `"open`, `"a"b"`, `"a" "b"`, `"tab	inside"`,
	"\"caf\xc3\xa9 \xe2\x82\xac\"", "\"bad \xff\xfe utf8\"", "\"cut \xe2\x82\"", "\"surrogate \xed\xa0\x80\"",
	`"del ` + "\x7f" + `"`, `null`, `12`, `{"a":1}`, `["x"]`, ``, `"`, "\u00a0\"nbsp\"",
}

func TestStringAsEncodingJSON(t *testing.T) {
	for _, c := range stringCases {
		checkString(t, c)
	}
}

func FuzzString(f *testing.F) {
	for _, c := range stringCases {
		f.Add(c)
	}
	f.Fuzz(checkString)
}

func checkString(t *testing.T, c string) {
	var want string
	wantErr := json.Unmarshal([]byte(c), &want)
	got, err := String([]byte(c))
	if (err == nil) != (wantErr == nil) || got != want || (err != nil && err.Error() != wantErr.Error()) {
		t.Errorf("String(%q) = %q, %v; encoding/json: %q, %v", c, got, err, want, wantErr)
	}
}

var validCases = []string{
	`{"a":1}`, `[1,2,"x\n"]`, `{"a":"\u00e9"}`, "\"\xff\"", `1e5`, `-0.1`, `01`, `{"a":}`, `[1,]`, `"\'"`,
	`{"a":1}x`, ` true `, `nul`, `{"a":[{"b":null}]}`, `{"a" 1}`, `"tab	in"`, `1.`, `.5`, `-`, `{"a":1,}`, ``, ` `,
}

func TestValidAsEncodingJSON(t *testing.T) {
	for _, c := range validCases {
		checkValid(t, c)
	}
}

func FuzzValid(f *testing.F) {
	for _, c := range validCases {
		f.Add(c)
	}
	f.Fuzz(checkValid)
}

func checkValid(t *testing.T, c string) {
	if got, want := Valid([]byte(c)), json.Valid([]byte(c)); got != want {
		t.Errorf("Valid(%q) = %v; encoding/json: %v", c, got, want)
	}
}
