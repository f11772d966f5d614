package llm

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Validate checks a decoded JSON value (as encoding/json decodes into any)
// against a JSON schema. It knows the part of JSON Schema that structured
// output uses: type (one or a list, "null" included), properties,
// required, additionalProperties false, items, enum, minLength and
// maxLength (in characters), minItems and maxItems, minimum and maximum.
// Other keywords are ignored. The error names where the value breaks the
// schema, as $.decisions[1].text.
func Validate(schema json.RawMessage, v any) error {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return fmt.Errorf("the schema is not a JSON object: %v", err)
	}
	return validate(s, v, "$")
}

func validate(s map[string]any, v any, at string) error {
	if t, ok := s["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				if x, ok := x.(string); ok {
					types = append(types, x)
				}
			}
		}
		if len(types) > 0 && !hasType(v, types) {
			return fmt.Errorf("%s: is %s, not %s", at, typeOf(v), strings.Join(types, " or "))
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if equalJSON(e, v) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("%s: %s is not one of the allowed values", at, shortJSON(v))
		}
	}
	switch v := v.(type) {
	case string:
		n := float64(utf8.RuneCountInString(v))
		if min, ok := number(s["minLength"]); ok && n < min {
			return fmt.Errorf("%s: is %d characters, fewer than %d", at, int(n), int(min))
		}
		if max, ok := number(s["maxLength"]); ok && n > max {
			return fmt.Errorf("%s: is %d characters, more than %d", at, int(n), int(max))
		}
	case float64:
		if min, ok := number(s["minimum"]); ok && v < min {
			return fmt.Errorf("%s: %v is below %v", at, v, min)
		}
		if max, ok := number(s["maximum"]); ok && v > max {
			return fmt.Errorf("%s: %v is above %v", at, v, max)
		}
	case []any:
		n := float64(len(v))
		if min, ok := number(s["minItems"]); ok && n < min {
			return fmt.Errorf("%s: has %d items, fewer than %d", at, len(v), int(min))
		}
		if max, ok := number(s["maxItems"]); ok && n > max {
			return fmt.Errorf("%s: has %d items, more than %d", at, len(v), int(max))
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				if err := validate(items, x, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if name, ok := r.(string); ok {
					if _, ok := v[name]; !ok {
						return fmt.Errorf("%s: %s is missing", at, name)
					}
				}
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ps, known := props[k].(map[string]any)
			if !known {
				if ap, ok := s["additionalProperties"].(bool); ok && !ap {
					return fmt.Errorf("%s: %s is not allowed", at, k)
				}
				continue
			}
			if err := validate(ps, v[k], at+"."+k); err != nil {
				return err
			}
		}
	}
	return nil
}

func hasType(v any, types []string) bool {
	for _, t := range types {
		switch t {
		case "null":
			if v == nil {
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "number":
			if _, ok := v.(float64); ok {
				return true
			}
		case "integer":
			if f, ok := v.(float64); ok && f == math.Trunc(f) {
				return true
			}
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		}
	}
	return false
}

func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func number(x any) (float64, bool) {
	f, ok := x.(float64)
	return f, ok
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func shortJSON(v any) string {
	b, _ := json.Marshal(v)
	return clip(string(b), 60)
}
