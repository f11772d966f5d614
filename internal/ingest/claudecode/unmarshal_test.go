package claudecode

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/jsonfast"
)

// TestUnmarshalAsEncodingJSON: the transcript decoder gives the values and
// the errors encoding/json gives, for good lines and for each kind of bad
// one (cut short, not JSON, a value of the wrong type, trailing text,
// invalid UTF-8, a number too large), so a bad line is reported as before.
func TestUnmarshalAsEncodingJSON(t *testing.T) {
	inputs := []string{
		`{"type":"user","uuid":"u1","parentUuid":null,"isSidechain":true,"message":{"role":"user","content":"hi"}}`,
		`{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"a"}],"usage":{"input_tokens":3,"output_tokens":4}}}`,
		`{"type":"system","content":{"a" : [1, 2]},"compactMetadata":{"trigger":"auto","preTokens":12}}`,
		"{\"type\":\"a\xffb\",\"uuid\":\"\\ud800\"}",
		`{"TYPE":"user","type":"assistant"}`,
		`{"type":"user",`,
		`not json`,
		`{"type":1}`,
		`{"isMeta":"true"}`,
		`{"message":{"usage":{"input_tokens":1.5}}}`,
		`{"message":{"usage":{"input_tokens":99999999999999999999}}}`,
		`{"type":"a"} x`,
		`{"content":[1,2,]}`,
		`[1]`,
		`null`,
	}
	for _, in := range inputs {
		var got, want line
		gotErr := jsonfast.Unmarshal([]byte(in), &got)
		wantErr := json.Unmarshal([]byte(in), &want)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got  %+v, %v\n want %+v, %v", in, got, gotErr, want, wantErr)
		}
	}
	for _, in := range []string{`"text"`, `[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]`, `[{"type":1}]`, `"cut`} {
		got, gotErr := decodeBlocks(json.RawMessage(in))
		var want []block
		var wantErr error
		if in[0] == '"' {
			var s string
			if wantErr = json.Unmarshal([]byte(in), &s); wantErr == nil {
				want = []block{{Type: "text", Text: s}}
			}
		} else {
			wantErr = json.Unmarshal([]byte(in), &want)
		}
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
			t.Errorf("blocks %q:\n got  %+v, %v\n want %+v, %v", in, got, gotErr, want, wantErr)
		}
	}
}
