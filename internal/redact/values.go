package redact

import "reflect"

// Strings redacts, in place, every string that v points to: the fields of
// a struct, the elements of slices and the values of maps, however deep (a
// session's summary, tasks and technical context on a public page). Map
// keys, byte slices and unexported fields stay as they are.
func Strings(v any) {
	walk(reflect.ValueOf(v))
}

func walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem())
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		if e := v.Elem(); e.Kind() == reflect.String {
			if v.CanSet() {
				v.Set(reflect.ValueOf(Text(e.String())).Convert(e.Type()))
			}
		} else {
			walk(e)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() {
				walk(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := range v.Len() {
			walk(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(iter.Value())
			walk(e)
			v.SetMapIndex(iter.Key(), e)
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(Text(v.String()))
		}
	}
}
