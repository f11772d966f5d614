package frames

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// A frame is read in one pass over JSON already known to be valid (Parse
// checks it first): objects and arrays are split where their values lie,
// and plain strings are taken as they are, without encoding/json's
// decoder. Whatever this fast reading does not handle (an escaped key, a
// key given twice, a value that is not an object) goes to the careful
// path, which reads it or says what is wrong exactly as before.

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string whose opening quote
// is at b[i].
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// skipValue returns the index just past the valid JSON value that starts
// at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	// A number, true, false or null: up to the next delimiter.
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\n' && b[i] != '\r' && b[i] != '\t' {
		i++
	}
	return i
}

// fastObject splits a valid JSON object into its fields in order, each
// value as it stands in b. ok is false when b is not an object, a key has
// an escape or bytes that are not UTF-8, or a key comes twice.
func fastObject(b []byte) (fields []baton.FrameField, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, false
	}
	fields = make([]baton.FrameField, 0, 16)
	for i = skipSpace(b, i+1); i < len(b) && b[i] != '}'; {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		end := skipString(b, i)
		key := b[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 || !utf8.Valid(key) {
			return nil, false
		}
		i = skipSpace(b, end)
		i = skipSpace(b, i+1) // past the colon
		vend := skipValue(b, i)
		name := fieldName(key)
		for _, f := range fields {
			if f.Name == name {
				return nil, false
			}
		}
		fields = append(fields, baton.FrameField{Name: name, Value: json.RawMessage(b[i:vend])})
		i = skipSpace(b, vend)
	}
	return fields, true
}

// fieldName is a key as a string: the schema's names without a copy of
// their bytes (a frame has a dozen; an import reads 100k frames).
func fieldName(key []byte) string {
	switch string(key) {
	case "id":
		return "id"
	case "timestamp":
		return "timestamp"
	case "branch":
		return "branch"
	case "jira":
		return "jira"
	case "module_scope":
		return "module_scope"
	case "summary_caption":
		return "summary_caption"
	case "reference_point":
		return "reference_point"
	case "status_snapshot":
		return "status_snapshot"
	case "next_action":
		return "next_action"
	case "keywords":
		return "keywords"
	}
	return string(key)
}

// fastString reads a JSON string without escapes whose bytes are UTF-8;
// ok is false for anything else (json.Unmarshal reads that).
func fastString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	inner := v[1 : len(v)-1]
	if bytes.IndexByte(inner, '\\') >= 0 || !utf8.Valid(inner) {
		return "", false
	}
	return string(inner), true
}

// arrayItems splits a valid JSON array into its items; ok is false when v
// is not an array.
func arrayItems(v []byte) (items []json.RawMessage, ok bool) {
	i := skipSpace(v, 0)
	if i >= len(v) || v[i] != '[' {
		return nil, false
	}
	for i = skipSpace(v, i+1); i < len(v) && v[i] != ']'; {
		if v[i] == ',' {
			i = skipSpace(v, i+1)
			continue
		}
		end := skipValue(v, i)
		items = append(items, json.RawMessage(v[i:end]))
		i = skipSpace(v, end)
	}
	return items, true
}

// compact is valid JSON without the white space between its tokens: v
// itself (copied) when it has none.
func compact(v []byte) ([]byte, error) {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			i = skipString(v, i) - 1
		case ' ', '\n', '\r', '\t':
			var b bytes.Buffer
			b.Grow(len(v))
			err := json.Compact(&b, v)
			return b.Bytes(), err
		}
	}
	return bytes.Clone(v), nil
}
