package httpx

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// maxJSONDepth bounds how deeply a request's free-form JSON (attributes,
// metadata) may nest: deep enough for any real document, shallow enough
// that walking and storing it stays cheap.
const maxJSONDepth = 32

// checkDecoded refuses a decoded request whose strings hold NUL bytes
// (neither database stores them in text; they gave 500) or whose free-form
// JSON nests deeper than maxJSONDepth, naming the field as a JSON path.
// Raw JSON (json.RawMessage) is the business of whoever reads it.
func checkDecoded(v any) error {
	f := walkDecoded(reflect.ValueOf(v), 0)
	if f == nil {
		return nil
	}
	// The path was collected leaf first while the walk unwound.
	var path strings.Builder
	for i := len(f.path) - 1; i >= 0; i-- {
		path.WriteString(f.path[i])
	}
	field := fieldName(path.String())
	return baton.Invalid(field, "%s %s", field, f.problem)
}

// decodeFault is what walkDecoded found wrong, and where. The path is built
// only for a fault: a batch of 1,000 messages has some 10,000 fields, and
// naming each one as it was walked cost a sixth of an append.
type decodeFault struct {
	problem string
	path    []string // leaf first: ".source_id", "[3]", ".messages"
}

func (f *decodeFault) at(segment string) *decodeFault {
	f.path = append(f.path, segment)
	return f
}

func walkDecoded(v reflect.Value, depth int) *decodeFault {
	if depth > maxJSONDepth {
		return &decodeFault{problem: fmt.Sprintf("nests deeper than %d levels", maxJSONDepth)}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return walkDecoded(v.Elem(), depth)
	case reflect.String:
		if strings.IndexByte(v.String(), 0) >= 0 {
			return &decodeFault{problem: "must not contain NUL bytes (\\u0000)"}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			if fault := walkDecoded(v.Field(i), depth); fault != nil {
				if f.Anonymous && tag == "" {
					return fault
				}
				name, _, _ := strings.Cut(tag, ",")
				if name == "" {
					name = f.Name
				}
				return fault.at("." + name)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == reflect.TypeOf(json.RawMessage(nil)) || v.Type().Elem().Kind() == reflect.Uint8 {
			return nil
		}
		for i := range v.Len() {
			if fault := walkDecoded(v.Index(i), depth+1); fault != nil {
				return fault.at(fmt.Sprintf("[%d]", i))
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := fmt.Sprint(iter.Key().Interface())
			if strings.IndexByte(key, 0) >= 0 {
				return &decodeFault{problem: "has a key with a NUL byte"}
			}
			if fault := walkDecoded(iter.Value(), depth+1); fault != nil {
				return fault.at("." + key)
			}
		}
	}
	return nil
}

// fieldName turns ".messages[0].source_id" into "messages[0].source_id".
func fieldName(path string) string {
	if path == "" {
		return "body"
	}
	return strings.TrimPrefix(path, ".")
}
