package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// httpx.DecodeJSON decodes a body with segmentio's decoder: an append's
// body decodes to what encoding/json (strict) decoded it to, byte for
// byte in every string and raw tool input, on the bodies where the two
// decoders could differ; and a body encoding/json refuses is refused.
func TestAppendBodyDecodesAsEncodingJSON(t *testing.T) {
	bodies := []string{
		`{"conversation_id":"c","messages":[{"role":"steward","content":"plain"}]}`,
		// invalid UTF-8 in a string, alone and inside an escape run
		"{\"messages\":[{\"role\":\"steward\",\"content\":\"a\xffb\xc3(c\xed\xa0\x80\"}]}",
		// escapes: accents, a surrogate pair, a lone surrogate, a slash, a control
		`{"messages":[{"role":"steward","content":"caf\u00e9 \ud83d\ude00 \ud800 x \/ \t\n\"q\""}]}`,
		// keys in another case, a key twice (the last wins)
		`{"Messages":[{"ROLE":"assistant","Content":"first","content":"second"}]}`,
		// a raw tool input with spaces, escapes and nesting kept as sent
		`{"messages":[{"role":"assistant","tool_calls":[{"id":"t1","name":"Read","input": { "file_path" : "a\u00e9.go", "n": [1, 2.50, -3e2, {"x": null}] } }]}]}`,
		// numbers into the usage counts, a timestamp, metadata, free-form attributes
		`{"messages":[{"role":"assistant","usage":{"input_tokens":12,"output_tokens":0},"timestamp":"2026-11-27T21:00:00.123456789+01:00","attributes":{"a":1,"b":1.5e300,"c":[true,false,null],"d":{"e":"f"}}}]}`,
		// nulls for every kind of field
		`{"conversation_id":null,"messages":[{"role":"steward","content":null,"tool_calls":null,"tool_result":null,"timestamp":null,"attributes":null,"code_context":null}]}`,
		`{"messages":[null]}`,
		`{"messages":[]}`,
		"  \n{\"messages\":[{\"role\":\"steward\",\"content\":\"spaces around\"}]}\n\t ",
		// refused by encoding/json: each must be refused
		`{"messages":[{"role":"steward","colour":"red"}]}`,
		`{"messages":[{"role":"steward","usage":{"input_tokens":1.5}}]}`,
		`{"messages":[{"role":"steward","usage":{"input_tokens":1e400}}]}`,
		`{"messages":[{"role":"steward","content":5}]}`,
		`{"messages":[{"role":"steward","timestamp":"yesterday"}]}`,
		`{"messages":[{"role":"steward"}]} {}`,
		`{"messages":[{"role":"steward"}]`,
		`{"messages":[{"role":"steward",}]}`,
		`null`,
		`[]`,
		``,
	}
	for _, body := range bodies {
		var want appendRequest
		dec := json.NewDecoder(strings.NewReader(body))
		dec.DisallowUnknownFields()
		wantErr := dec.Decode(&want)
		if wantErr == nil && (dec.More() || strings.TrimSpace(body) == "null") {
			wantErr = errTrailing
		}
		if wantErr == nil {
			if _, err := dec.Token(); err == nil {
				wantErr = errTrailing
			}
		}

		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		c := echo.New().NewContext(req, httptest.NewRecorder())
		var got appendRequest
		err := httpx.DecodeJSON(c, &got)
		if (err != nil) != (wantErr != nil) {
			t.Errorf("body %q: error %v, encoding/json's %v", body, err, wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Errorf("body %q:\n decoded %s\n encoding/json %s", body, g, w)
		}
		for i := range got.Messages {
			if got.Messages[i] == nil {
				continue
			}
			for j, tc := range got.Messages[i].ToolCalls {
				if w := want.Messages[i].ToolCalls[j].Input; !bytes.Equal(tc.Input, w) {
					t.Errorf("body %q: tool input %q, encoding/json's %q", body, tc.Input, w)
				}
			}
		}
	}
}

var errTrailing = json.Unmarshal([]byte("x"), new(any))

// BenchmarkDecodeAppend decodes an API ingest batch of 1,000 messages (as
// loadtest sends) with httpx.DecodeJSON, beside the strict encoding/json
// decode it replaced.
func BenchmarkDecodeAppend(b *testing.B) {
	var msgs []map[string]any
	for j := range 1000 {
		role := "steward"
		if j%2 == 1 {
			role = "assistant"
		}
		content := strings.Repeat("The goroutine leaks when the channel is never closed; see internal/store/search.go:479. ", 1+j%6)
		msgs = append(msgs, map[string]any{"source_id": "m" + strings.Repeat("7", j%5+1), "role": role,
			"content": content, "timestamp": "2026-01-01T00:16:40Z"})
	}
	body, _ := json.Marshal(map[string]any{"messages": msgs})
	b.Run("DecodeJSON", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
			c := echo.New().NewContext(req, httptest.NewRecorder())
			var in appendRequest
			if err := httpx.DecodeJSON(c, &in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.DisallowUnknownFields()
			var in appendRequest
			if err := dec.Decode(&in); err != nil {
				b.Fatal(err)
			}
		}
	})
}
