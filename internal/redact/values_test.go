package redact

import (
	"strings"
	"testing"
)

// Strings reaches every string a value holds: struct fields, slices,
// pointers, maps of strings and of anything (JSON), nested; it keeps map
// keys, bytes, unexported fields and what holds no secret.
func TestStringsRedactsEveryStringItHolds(t *testing.T) {
	const key = "sk_live_51HxQ2mKz8y7Lq0PaBcDeFgHiJ"
	type inner struct {
		Note  string
		Notes []string
	}
	type outer struct {
		Title    string
		Inner    inner
		Ptr      *inner
		List     []inner
		Evidence map[string]string
		Any      map[string]any
		Raw      []byte
		hidden   string
		Plain    string
	}
	v := outer{
		Title: "deploy " + key, Inner: inner{Note: key, Notes: []string{"a", key}}, Ptr: &inner{Note: key},
		List: []inner{{Notes: []string{key}}}, Evidence: map[string]string{key: "ran " + key},
		Any: map[string]any{"s": key, "list": []any{key, 3.0}, "deep": map[string]any{"x": key}},
		Raw: []byte(key), hidden: key, Plain: "nothing secret here",
	}
	Strings(&v)
	for name, got := range map[string]string{
		"title": v.Title, "note": v.Inner.Note, "notes": v.Inner.Notes[1], "pointer": v.Ptr.Note, "list": v.List[0].Notes[0],
		"map value": v.Evidence[key], "any string": v.Any["s"].(string), "any list": v.Any["list"].([]any)[0].(string),
		"any deep": v.Any["deep"].(map[string]any)["x"].(string),
	} {
		if strings.Contains(got, "51HxQ2") || !strings.Contains(got, "[redacted") {
			t.Errorf("%s = %q", name, got)
		}
	}
	if _, ok := v.Evidence[key]; !ok || string(v.Raw) != key || v.hidden != key || v.Plain != "nothing secret here" || v.Any["list"].([]any)[1] != 3.0 {
		t.Errorf("changed what it should keep: %+v", v)
	}
	Strings(nil)
	var nilPtr *inner
	Strings(nilPtr)
}
