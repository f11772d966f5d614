package httpx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// badValue names the value of a body that its field cannot take by the
// field's whole path (messages[2].timestamp, summary.decisions_made[0].timestamp)
// and says what the field takes: encoding/json names a type mismatch by
// its field's path without the indexes, and a failing time or other
// self-decoding value not at all. nil when no single value is to blame.
func badValue(raw []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // a number is re-encoded exactly as it was sent
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	bad, ok := failingValue(v, reflect.TypeOf(dst), "")
	if !ok {
		return nil
	}
	field := fieldName(bad.path)
	if text, ok := bad.value.(string); ok && bad.want == reflect.TypeFor[time.Time]() {
		// One message for a time that is not one, whichever entry point
		// read it (baton.ParseTime).
		return baton.TimeFormError(field, text)
	}
	return baton.Invalid(field, "%s must be %s, not %s", field, wants(bad.want), sent(bad.value))
}

// wrongValue is a value of a body, where it is, and the type its field
// has.
type wrongValue struct {
	path  string
	want  reflect.Type
	value any
}

// failingValue finds the innermost value within v that type t cannot
// decode; ok is false when t decodes v.
func failingValue(v any, t reflect.Type, at string) (bad wrongValue, ok bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v == nil || decodes(v, t) {
		return bad, false
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return wrongValue{at, t, v}, true // decodes itself: its parts are its own
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			var ft reflect.Type
			switch t.Kind() {
			case reflect.Map:
				ft = t.Elem()
			case reflect.Struct:
				var known bool
				if ft, known = jsonField(t, k); !known {
					continue
				}
			}
			if ft == nil {
				break
			}
			if bad, ok := failingValue(x[k], ft, at+"."+k); ok {
				return bad, true
			}
		}
	case []any:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, e := range x {
				if bad, ok := failingValue(e, t.Elem(), at+"["+strconv.Itoa(i)+"]"); ok {
					return bad, true
				}
			}
		}
	}
	return wrongValue{at, t, v}, true
}

// decodes reports whether the JSON value v decodes into a new t.
func decodes(v any, t reflect.Type) bool {
	b, err := json.Marshal(v)
	return err == nil && json.Unmarshal(b, reflect.New(t).Interface()) == nil
}

// wants says what a value of type t is in a request body.
func wants(t reflect.Type) string {
	switch {
	case t == reflect.TypeFor[time.Time]():
		return baton.TimeForm
	case t == reflect.TypeFor[json.RawMessage]():
		return "JSON"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return "base64 text"
	}
	switch t.Kind() {
	case reflect.String:
		return "a JSON string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lim := int64(1)<<(t.Bits()-1) - 1
		return fmt.Sprintf("a whole number from %d to %d", -lim-1, lim)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<(t.Bits()-1)*2-1)
	case reflect.Float32, reflect.Float64:
		return "a finite JSON number"
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	case reflect.Map, reflect.Struct:
		return "a JSON object"
	}
	return "a value of the documented form"
}

// sent describes a value briefly, for an error message.
func sent(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			cut := 40
			for cut > 0 && !utf8.RuneStart(x[cut]) {
				cut--
			}
			x = x[:cut] + "…"
		}
		return strconv.Quote(x)
	case json.Number:
		if len(x) > 40 {
			return "a number of " + strconv.Itoa(len(x)) + " digits"
		}
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return "null"
}
