package web

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
	return walkDecoded(reflect.ValueOf(v), "", 0)
}

func walkDecoded(v reflect.Value, path string, depth int) error {
	if depth > maxJSONDepth {
		return baton.Invalid(fieldName(path), "%s nests deeper than %d levels", fieldName(path), maxJSONDepth)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return walkDecoded(v.Elem(), path, depth)
	case reflect.String:
		if strings.IndexByte(v.String(), 0) >= 0 {
			return baton.Invalid(fieldName(path), "%s must not contain NUL bytes (\\u0000)", fieldName(path))
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			child := path + "." + name
			if f.Anonymous && f.Tag.Get("json") == "" {
				child = path
			}
			if err := walkDecoded(v.Field(i), child, depth); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == reflect.TypeOf(json.RawMessage(nil)) || v.Type().Elem().Kind() == reflect.Uint8 {
			return nil
		}
		for i := range v.Len() {
			if err := walkDecoded(v.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := fmt.Sprint(iter.Key().Interface())
			if strings.IndexByte(key, 0) >= 0 {
				return baton.Invalid(fieldName(path), "%s has a key with a NUL byte", fieldName(path))
			}
			if err := walkDecoded(iter.Value(), path+"."+key, depth+1); err != nil {
				return err
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
