package structured

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Parse reads structured conversation documents from one JSON document, a
// JSON array of documents, or NDJSON (one document per line, blank lines
// ignored). It only reads: call Validate on each document before importing.
//
// A JSON error is a *baton.Error with code EINVALID whose message says where:
// "line 3, column 14: …" for a single document, "document 2 (line 9,
// column 5): …" for an array or NDJSON (documents are counted from 0, as
// messages are). A value of the wrong JSON type names its field.
func Parse(data []byte) ([]Document, error) {
	// Editors on Windows like to start files with a byte order mark.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, baton.Errorf(baton.EINVALID, "no documents: the input is empty")
	}
	var (
		docs []Document
		err  error
	)
	switch {
	case trimmed[0] == '[':
		docs, err = parseArray(data)
	case trimmed[0] == '{' && isNDJSON(data):
		docs, err = parseLines(data)
	case trimmed[0] == '{':
		var d Document
		if err := json.Unmarshal(data, &d); err != nil {
			return nil, locate(err, data, 0, len(data), "")
		}
		docs = []Document{d}
	default:
		line, col := position(data, bytes.IndexByte(data, trimmed[0]))
		return nil, baton.Errorf(baton.EINVALID,
			"line %d, column %d: expected a JSON object, an array of objects, or NDJSON with one object per line", line, col)
	}
	if err != nil {
		return nil, err
	}
	if len(docs) == 0 {
		return nil, baton.Errorf(baton.EINVALID, "no documents: the array is empty")
	}
	return docs, nil
}

// isNDJSON reports whether the first non-blank line is a whole JSON value
// and more follows it: a pretty-printed document never completes on its
// first line.
func isNDJSON(data []byte) bool {
	rest := data
	for len(rest) > 0 {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return json.Valid(line) && len(bytes.TrimSpace(rest)) > 0
	}
	return false
}

func parseArray(data []byte) ([]Document, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			pos := errorPos(data, se)
			line, col := position(data, pos)
			return nil, baton.Errorf(baton.EINVALID, "document %d (line %d, column %d): %s",
				arrayIndexAt(data, pos), line, col, se.Error())
		}
		return nil, locate(err, data, 0, len(data), "")
	}
	docs := make([]Document, len(raws))
	at := 0 // where the next element starts: RawMessage keeps its bytes verbatim
	for i, raw := range raws {
		for at < len(data) && bytes.IndexByte([]byte("[, \t\r\n"), data[at]) >= 0 {
			at++
		}
		if err := json.Unmarshal(raw, &docs[i]); err != nil {
			return nil, locate(err, data, at, at+len(raw), fmt.Sprintf("document %d", i))
		}
		at += len(raw)
	}
	return docs, nil
}

func parseLines(data []byte) ([]Document, error) {
	var docs []Document
	start := 0
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		from := start
		start += len(line)
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var d Document
		if err := json.Unmarshal(line, &d); err != nil {
			return nil, locate(err, data, from, from+len(line), fmt.Sprintf("document %d", len(docs)))
		}
		docs = append(docs, d)
	}
	return docs, nil
}

// locate turns a JSON error in data[from:to], one document of the input,
// into an EINVALID error that says where in the input: the document (when
// there are several), the line and the column.
func locate(err error, data []byte, from, to int, doc string) error {
	prefix := func(pos int) string {
		line, col := position(data, from+pos)
		if doc == "" {
			return fmt.Sprintf("line %d, column %d", line, col)
		}
		return fmt.Sprintf("%s (line %d, column %d)", doc, line, col)
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return baton.Errorf(baton.EINVALID, "%s: %s", prefix(errorPos(data[from:to], se)), se.Error())
	case errors.As(err, &te):
		// A type error's offset is just after an offending scalar, or just
		// after the bracket opening an offending object or array.
		pos := int(te.Offset) - 1
		if te.Value != "object" && te.Value != "array" {
			pos = valueStart(data[from:to], int(te.Offset))
		}
		if te.Field == "" {
			return &baton.Error{Code: baton.EINVALID, Message: fmt.Sprintf(
				"%s: a document must be a JSON object, not %s", prefix(pos), jsonKind(te.Value))}
		}
		return &baton.Error{Code: baton.EINVALID, Field: te.Field, Message: fmt.Sprintf(
			"%s: %s must be %s, not %s", prefix(pos), te.Field, goKind(te.Type), jsonKind(te.Value))}
	default:
		return baton.Errorf(baton.EINVALID, "%s: %v", prefix(0), err)
	}
}

// valueStart finds where the value ending at byte end begins: after the
// nearest ':', '[' or ',' outside a string before it. It is only used on
// valid JSON, for the position in a message.
func valueStart(data []byte, end int) int {
	end = min(end, len(data))
	inString := false
	start := 0
	for i := 0; i < end; i++ {
		c := data[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == '[' || c == ','):
			start = i + 1
		}
	}
	for start < end && bytes.IndexByte([]byte(" \t\r\n"), data[start]) >= 0 {
		start++
	}
	return start
}

// errorPos is the byte offset a syntax error points at: the offending byte,
// or the end of the input when it ended too early.
func errorPos(data []byte, se *json.SyntaxError) int {
	if se.Error() == "unexpected end of JSON input" {
		return len(bytes.TrimRight(data, " \t\r\n"))
	}
	return max(int(se.Offset)-1, 0)
}

// position returns the 1-based line and column (in characters) of a byte offset.
func position(data []byte, pos int) (line, col int) {
	pos = min(max(pos, 0), len(data))
	before := data[:pos]
	line = bytes.Count(before, []byte("\n")) + 1
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, utf8.RuneCount(before) + 1
}

// arrayIndexAt returns the index of the top-level array element that byte
// pos falls in, counting the commas at depth one before it.
func arrayIndexAt(data []byte, pos int) int {
	index, depth := 0, 0
	inString, escaped := false, false
	for _, c := range data[:min(pos, len(data))] {
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 1:
			index++
		}
	}
	return index
}

func jsonKind(v string) string {
	switch v {
	case "object", "array":
		return "an " + v
	case "":
		return "this value"
	default:
		return "a " + v
	}
}

func goKind(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.String {
			return "an array of strings"
		}
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Bool:
		return "true or false"
	default:
		return "a " + t.Kind().String()
	}
}
