package store

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestMarshalColumnAsEncodingJSON: a JSON column's text is what
// encoding/json (Bun's marshaller) writes for the value, for the texts
// where encoders differ: HTML characters, U+2028 and U+2029, invalid
// UTF-8, control characters, raw JSON with spaces and unsorted keys,
// floats at the edges of their short forms, maps of mixed values.
func TestMarshalColumnAsEncodingJSON(t *testing.T) {
	texts := []string{"a<b>&c", "\u2028 and \u2029", "bad\xff\xfe utf8", "tab\t\n\r\"\\", "emoji 😀 é", "\x7f\x01\x1f", `\u0000`, "</script>", ""}
	raws := []string{`{ "b" : 1 ,"a":[1, 2]}`, `"x<y"`, "  {\"c\":\"\u2028\"}  ", `{"s":"bad` + "\xff" + `"}`, `[ ]`, `null`}
	var values []any
	for _, s := range texts {
		values = append(values,
			baton.Semantic{Topics: []string{s}, Entities: []baton.Entity{{Text: s, Type: "file", Confidence: 0.123456789}}, Intent: s, Sentiment: -0.000001234, Emotions: []string{s}},
			map[string]any{s: s, "big": 1e21, "small": 1e-7, "mid": 123456789.0, "int": int64(1) << 60, "nested": []any{s, 1.5, true, nil, map[string]any{"b": 1, "a": s}}},
			&baton.ToolResult{ToolUseID: s, IsError: true},
			&baton.CodeContext{Language: s, FilePath: s, LineRange: &baton.LineRange{Start: 1, End: 2}, SymbolsReferenced: []string{s}},
			[]baton.Edit{{PreviousContent: s, EditType: s}},
		)
	}
	for _, r := range raws {
		values = append(values, []baton.ToolCall{{ID: "t1", Name: "Bash<", Input: json.RawMessage(r)}})
	}
	values = append(values, baton.Semantic{}, []baton.ToolCall(nil), map[string]any(nil), map[string]any{},
		baton.Semantic{Embedding: []float32{0.1, 1e-8, 3.4e38, -0.5, 1e21}}, baton.Usage{InputTokens: 1 << 40}, baton.Impact{Significance: 0.1 + 0.2})
	for i, v := range values {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%d: encoding/json: %v", i, err)
		}
		got, err := marshalColumn(v)
		if err != nil {
			t.Fatalf("%d: marshalColumn(%T): %v", i, v, err)
		}
		if !bytes.Contains(want, []byte(`\u0000`)) && got != string(want) {
			t.Errorf("%d: marshalColumn(%T)\n got %s\nwant %s", i, v, got, want)
		}
	}
}
