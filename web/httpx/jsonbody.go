package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
	fastjson "github.com/segmentio/encoding/json"
)

// DecodeJSON reads a JSON body strictly enough to name what is wrong: one
// JSON object (not null, nothing after it), with no field the request type
// lacks (named in the error), no NUL byte in any string
// and no free-form value nested too deeply (checkDecoded).
//
// A well-formed body (nearly every one) is read once: decoded strictly by
// segmentio's decoder, which decodes what encoding/json decodes in about
// half its CPU time (encoding/json was ~5% of an API ingest burst's CPU),
// and then checked for null. Any other body, or one with data after its
// value, is read again by encoding/json in decodeFaulty, which says what
// is wrong with it as before.
func DecodeJSON(c echo.Context, dst any) error {
	body, err := ReadBody(c.Request())
	if err != nil {
		return bodyError(err)
	}
	rest, err := fastjson.Parse(body, dst, fastjson.DisallowUnknownFields)
	if err != nil || len(rest) > 0 {
		// encoding/json reads it again from the start, into a value
		// without what the failed decode left in it, and words the error.
		reflect.ValueOf(dst).Elem().SetZero()
		return decodeFaulty(body, dst)
	}
	if bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
		return baton.Invalid("body", "the body is null; send a JSON object")
	}
	if _, hook := dst.(*baton.HookRequest); hook || plainJSON(body) {
		// A hook's transcript lines are file bytes the importer cleans;
		// a plain body has nothing checkDecoded would refuse.
		return nil
	}
	return checkDecoded(dst)
}

// ReadBody reads a request body whole. A body of declared length is read
// into one buffer of that length, which the body limit has already
// bounded: io.ReadAll grows its buffer step by step, which for a 40 MB
// body allocated 86 MB and held the old and new buffers at once at each
// step (this: 42 MB, one buffer). net/http ends a body at its declared
// length; one cut shorter is an error (io.ErrUnexpectedEOF).
func ReadBody(r *http.Request) ([]byte, error) {
	if r.ContentLength <= 0 {
		return io.ReadAll(r.Body)
	}
	data := make([]byte, r.ContentLength)
	if _, err := io.ReadFull(r.Body, data); err != nil {
		return nil, err
	}
	return data, nil
}

// plainJSON reports whether a well-formed JSON value holds no escaped NUL
// (\u0000, the only way a NUL reaches a decoded string or key) and nests
// no deeper than maxJSONDepth. The decoded value nests no deeper than its
// JSON, so checkDecoded can find nothing wrong with such a value, and the
// walk over its every field (a sixth of an append of 1,000 messages) is
// left out.
func plainJSON(value []byte) bool {
	if bytes.Contains(value, []byte(`\u0000`)) {
		return false
	}
	depth, inString, escaped := 0, false, false
	for _, b := range value {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = b == '\\'
			inString = b != '"'
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			if depth++; depth > maxJSONDepth {
				return false
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	return true
}

// decodeFaulty reads a body that did not decode, or decoded into something
// other than one object, and says what is wrong with it.
func decodeFaulty(body []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var raw json.RawMessage
	err := dec.Decode(&raw)
	if err == nil {
		if t := bytes.TrimSpace(raw); bytes.Equal(t, []byte("null")) {
			return baton.Invalid("body", "the body is null; send a JSON object")
		}
		if _, after := dec.Token(); after != io.EOF {
			return baton.Invalid("body", "the body has data after its JSON value; send one JSON object")
		}
		// Fields the request type does not have are refused by name.
		strict := json.NewDecoder(bytes.NewReader(raw))
		strict.DisallowUnknownFields()
		err = strict.Decode(dst)
		if err != nil && strings.HasPrefix(err.Error(), "json: unknown field ") {
			return unknownField(raw, dst, err)
		}
		if err != nil {
			if named := badValue(raw, dst); named != nil {
				return named
			}
		}
	}
	if err == nil {
		if _, hook := dst.(*baton.HookRequest); !hook {
			return checkDecoded(dst)
		}
		return nil
	}
	return bodyError(err)
}

// bodyError says what is wrong with a body that could not be read or
// decoded.
func bodyError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return baton.Invalid("body", "the request body is empty; send JSON")
	case errors.As(err, &syn):
		return baton.Invalid("body", "the body is not valid JSON at byte %d: %v", syn.Offset, err)
	case errors.As(err, &typ):
		return baton.Invalid(typ.Field, "%s must be a JSON %s, not %s", typ.Field, typ.Type.Kind(), typ.Value)
	case errors.As(err, &tooBig):
		return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", BodyLimit)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		if serverOwnedFields[name] {
			return baton.Invalid(name, "%s is set by Baton, not by clients; remove it from the request", name)
		}
		return baton.Invalid(name, "unknown field %q: this request does not take it", name)
	case strings.Contains(err.Error(), "cannot parse"):
		return baton.Invalid("body", "%v", err)
	}
	return baton.Invalid("body", "the body could not be read as JSON: %v", err)
}

// unknownField names a field the request type lacks by its whole path
// (transferred_context.foo, messages[2].colour): encoding/json gives the
// key alone.
func unknownField(raw []byte, dst any, err error) error {
	name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
	var v any
	path := name
	if json.Unmarshal(raw, &v) == nil {
		if p, ok := unknownPath(v, reflect.TypeOf(dst), "", name); ok {
			path = p
		}
	}
	if serverOwnedFields[name] {
		return baton.Invalid(path, "%s is set by Baton, not by clients; remove it from the request", path)
	}
	return baton.Invalid(path, "unknown field %q: this request does not take it", path)
}

// unknownPath finds the key name that type t has no field for in the
// decoded value v, and says where it is.
func unknownPath(v any, t reflect.Type, at, name string) (string, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return "", false
	}
	join := func(key string) string {
		if at == "" {
			return key
		}
		return at + "." + key
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch t.Kind() {
			case reflect.Map:
				if p, ok := unknownPath(x[k], t.Elem(), join(k), name); ok {
					return p, true
				}
			case reflect.Struct:
				ft, known := jsonField(t, k)
				if !known {
					if k == name {
						return join(k), true
					}
					continue
				}
				if p, ok := unknownPath(x[k], ft, join(k), name); ok {
					return p, true
				}
			}
		}
	case []any:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, e := range x {
				if p, ok := unknownPath(e, t.Elem(), at+"["+strconv.Itoa(i)+"]", name); ok {
					return p, true
				}
			}
		}
	}
	return "", false
}

// jsonField is the type of struct t's field that JSON key k decodes into
// (matched as encoding/json does: exact, then case-insensitively, through
// embedded structs).
func jsonField(t reflect.Type, k string) (reflect.Type, bool) {
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Type.Kind() == reflect.Struct {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		n, _, _ := strings.Cut(tag, ",")
		if n == "" {
			n = f.Name
		}
		if strings.EqualFold(n, k) {
			return f.Type, true
		}
	}
	return nil, false
}

// BodyLimit bounds one API request body: a batch of 1,000 long messages fits.
const BodyLimit = "64M"

// serverOwnedFields are the JSON names of fields Baton sets itself; a
// request that sends one is told so rather than "unknown field".
var serverOwnedFields = map[string]bool{
	"id": true, "steward_id": true, "session_id": true, "conversation_id": true,
	"sequence_number": true, "message_count": true, "duration_seconds": true,
	"indexed": true, "quality_score": true, "analyzed": true,
	"created_at": true, "updated_at": true,
}
