package analysis

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/jsonfast"
)

// jsonfast.Unmarshal leaves in a tool input what encoding/json leaves, and fails
// where it fails: inputs as tools write them, keys in another case, a
// field of the wrong type (the fields that fit are kept), bad UTF-8,
// a key given twice, and input that is no JSON.
func TestDecodeJSONAsEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`{"file_path":"/a/b.go","offset":1,"limit":80}`,
		`{"command":"go test ./...","description":"run tests"}`,
		`{"todos":[{"content":"Fix it","status":"pending","activeForm":"Fixing"},{"content":"Add tests","status":"completed"}]}`,
		`{"edits":[{"old_string":"a","new_string":"b"}],"file_path":"x.go"}`,
		`{"File_Path":"/upper/case.go","COMMAND":"ls"}`,
		`{"file_path":12,"command":"ls"}`,
		`{"todos":"not a list","command":"make"}`,
		`{"command":"bad \xff utf-8"}`,
		`{"command":"a","command":"b"}`,
		`{"todos":[{"content":"a"}],"todos":[{"content":"b"},{"content":"c"}]}`,
		`{"url":"https://x.dev/\u00e9\ud83d\ude00"}`,
		`{"command":"x"} trailing`,
		`not json`,
		`{"command":`,
		`null`,
		`[]`,
		`{}`,
	} {
		var fast, std toolInput
		errFast := jsonfast.Unmarshal([]byte(in), &fast)
		errStd := json.Unmarshal([]byte(in), &std)
		if (errFast == nil) != (errStd == nil) || !reflect.DeepEqual(fast, std) {
			t.Errorf("%s: jsonfast.Unmarshal = %+v, %v; encoding/json = %+v, %v", in, fast, errFast, std, errStd)
		}
	}
}
