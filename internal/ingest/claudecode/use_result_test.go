package claudecode

import (
	"encoding/json"
	"reflect"
	"testing"
)

// toolUseResultBefore is toolUseResult as it was before objects were read
// key by key: the reference.
func toolUseResultBefore(raw json.RawMessage) any {
	var v any
	if json.Unmarshal(raw, &v) != nil || v == nil {
		return nil
	}
	if m, ok := v.(map[string]any); ok {
		delete(m, "originalFile")
		if f, ok := m["file"].(map[string]any); ok {
			delete(f, "content")
		}
		if t, _ := m["type"].(string); (t == "create" || t == "update") && m["filePath"] != nil {
			delete(m, "content")
		}
	}
	return cleanValue(v)
}

var useResultCases = []string{
	`{"stdout":"ok\n\"q\" \\ \u001b[0m","stderr":"","interrupted":false,"isImage":false}`,
	`{"type":"text","file":{"filePath":"/a.go","content":"package a\n","numLines":1,"startLine":1,"totalLines":1}}`,
	`{"type":"update","filePath":"/a.go","content":"new","originalFile":"old","structuredPatch":[{"oldStart":1,"lines":["-a","+b"]}]}`,
	`{"type":"create","filePath":null,"content":"kept"}`, `{"type":"create","filePath":"/b","content":"gone"}`,
	`{"type":7,"filePath":"/b","content":"kept"}`, `{"file":"not an object"}`, `{"file":{"content":1,"x":null}}`,
	`{"a":"x\u0000y","b":"bad \ud800","c":[1,"s",{"d":"e"}],"e":null,"f":1.5e3}`, "{\"a\":\"\xff\"}",
	`{"a":"x","a":"y"}`, `{"Type":"create","FilePath":"/c","content":"case"}`, `{}`, `[]`, `"text"`, `null`, `12`, `{"a":}`, ``,
}

func TestToolUseResultAsBefore(t *testing.T) {
	for _, c := range useResultCases {
		checkUseResult(t, c)
	}
}

func FuzzToolUseResult(f *testing.F) {
	for _, c := range useResultCases {
		f.Add(c)
	}
	f.Fuzz(checkUseResult)
}

func checkUseResult(t *testing.T, c string) {
	got, want := toolUseResult(json.RawMessage(c)), toolUseResultBefore(json.RawMessage(c))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("toolUseResult(%s) = %#v; before: %#v", c, got, want)
	}
}
